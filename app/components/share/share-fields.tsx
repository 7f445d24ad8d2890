import type { ReactNode } from "react";
import "./share.css";

export interface ShareCategory {
  id: string;
  name: string;
  title: string;
}

export interface ShareTag {
  id: string;
  title: string;
}

/** A field's message under it; its id (`{id}-error`) is what the input's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Label (with * when required and an optional counter), the control, and its error. */
export function ShareField({
  id,
  label,
  error,
  required,
  counter,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  counter?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field share-field${error ? " has-error" : ""}`}>
      <div className="share-label-row">
        <label htmlFor={id} className="field-label">
          {label}
          {required ? (
            <span className="share-required" aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
        </label>
        {counter ? <span className="share-counter">{counter}</span> : null}
      </div>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The category radio chips (required). `id` lands on the first radio, so focusing the field after a
 * failed submit focuses the group.
 */
export function CategoryField({
  id,
  name,
  categories,
  value,
  error,
  onChange,
}: {
  id: string;
  /** The radio group's name (unique on the page). */
  name: string;
  categories: readonly ShareCategory[];
  value: string;
  error?: string;
  onChange: (name: string) => void;
}) {
  return (
    <fieldset className="share-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">
        分类{" "}
        <span className="share-required" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="chip-group">
        {categories.map((c, i) => (
          <label key={c.id} className="chip">
            <input
              type="radio"
              name={name}
              value={c.name}
              id={i === 0 ? id : undefined}
              checked={value === c.name}
              onChange={() => onChange(c.name)}
            />
            <span>{c.title}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** Toggle chips for up to `max` tags; `id` lands on the first chip. */
export function TagsField({
  id,
  tags,
  value,
  max,
  error,
  onToggle,
}: {
  id: string;
  tags: readonly ShareTag[];
  value: readonly string[];
  max: number;
  error?: string;
  onToggle: (id: string) => void;
}) {
  return (
    <fieldset className="share-fieldset" aria-describedby={`${id}-hint`}>
      <legend className="field-label">标签</legend>
      <p id={`${id}-hint`} className="share-hint">
        选择 0–{max} 个标签，已选 {value.length}/{max}
      </p>
      <div className="chip-group">
        {tags.map((t, i) => {
          const on = value.includes(t.id);
          return (
            <button
              key={t.id}
              id={i === 0 ? id : undefined}
              type="button"
              className={on ? "chip chip-button is-on" : "chip chip-button"}
              aria-pressed={on}
              disabled={!on && value.length >= max}
              onClick={() => onToggle(t.id)}
            >
              {t.title}
            </button>
          );
        })}
        {tags.length === 0 ? <span className="muted">暂无可选标签</span> : null}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
