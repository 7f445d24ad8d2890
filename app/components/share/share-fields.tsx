import type { ReactNode } from "react";
import { Link } from "react-router";
import { FormError } from "~/components/ui/field";
import {
  SHARE_TYPE_LABELS,
  SHARE_TYPES,
  type ExtraFlags,
  type ShareType,
} from "../../../shared/publish-rules";
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

/** What every choice field of the share forms takes: `id` lands on its first control. */
interface ChoiceFieldProps<T> {
  id: string;
  value: T;
  error?: string;
  onChange: (value: T) => void;
}

/** A field's message under it; its id (`{id}-error`) is what the input's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return <FormError id={`${id}-error`} message={error} />;
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
 * A group of controls under its legend (with * when required), the group's error below it: the
 * category, tag, type and flag choices. `id` is the field's, whose error is `{id}-error`.
 */
function ChoiceFieldset({
  id,
  legend,
  required,
  error,
  describedBy,
  children,
}: {
  id: string;
  legend: string;
  required?: boolean;
  error?: string;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="share-fieldset" aria-describedby={describedBy}>
      <legend className="field-label">
        {legend}
        {required ? (
          <>
            {" "}
            <span className="share-required" aria-hidden="true">
              *
            </span>
          </>
        ) : null}
      </legend>
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** One choice of a few, as radio chips; `id` lands on the first radio. */
function RadioChips<T extends string>({
  id,
  name,
  options,
  value,
  onChange,
}: {
  id: string;
  name: string;
  options: readonly { value: T; title: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="chip-group">
      {options.map((option, i) => (
        <label key={option.value} className="chip">
          <input
            type="radio"
            name={name}
            value={option.value}
            id={i === 0 ? id : undefined}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.title}</span>
        </label>
      ))}
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
}: ChoiceFieldProps<string> & {
  /** The radio group's name (unique on the page). */
  name: string;
  categories: readonly ShareCategory[];
}) {
  return (
    <ChoiceFieldset
      id={id}
      error={error}
      describedBy={error ? `${id}-error` : undefined}
      legend="分类"
      required
    >
      <RadioChips
        id={id}
        name={name}
        options={categories.map((c) => ({ value: c.name, title: c.title }))}
        value={value}
        onChange={onChange}
      />
    </ChoiceFieldset>
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
    <ChoiceFieldset id={id} legend="标签" error={error} describedBy={`${id}-hint`}>
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
    </ChoiceFieldset>
  );
}

/** The entry's type as radio chips (article, design …); `id` lands on the first radio. */
export function ShareTypeField({ id, value, error, onChange }: ChoiceFieldProps<ShareType>) {
  return (
    <ChoiceFieldset id={id} legend="类型" error={error}>
      <RadioChips
        id={id}
        name="type"
        options={SHARE_TYPES.map((t) => ({ value: t, title: SHARE_TYPE_LABELS[t] }))}
        value={value}
        onChange={onChange}
      />
    </ChoiceFieldset>
  );
}

/**
 * The 标记 checkboxes the author sets (原创, 英文内容); the other flags of `extra` (vote, gfw) are kept
 * as they are. `id` lands on the first checkbox.
 */
export function ShareFlagsField({ id, value, error, onChange }: ChoiceFieldProps<ExtraFlags>) {
  return (
    <ChoiceFieldset id={id} legend="标记" error={error}>
      <div className="share-flags">
        <label className="share-check">
          <input
            id={id}
            type="checkbox"
            checked={value.original}
            onChange={(e) => onChange({ ...value, original: e.target.checked })}
          />
          原创（我是作者）
        </label>
        <label className="share-check">
          <input
            type="checkbox"
            checked={value.english}
            onChange={(e) => onChange({ ...value, english: e.target.checked })}
          />
          英文内容
        </label>
      </div>
    </ChoiceFieldset>
  );
}

/**
 * The foot of the share and vote forms: the form-level error (one not tied to a field), 取消 back to
 * `cancelTo`, and the submit button labelled by `children`.
 */
export function ShareFormActions({
  error,
  cancelTo,
  busy,
  children,
}: {
  error: string | null;
  cancelTo: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}

      <div className="share-actions">
        <Link to={cancelTo} className="btn">
          取消
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {children}
        </button>
      </div>
    </>
  );
}
