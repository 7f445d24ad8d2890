import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useShell } from "~/components/shell/shell-context";
import { api, ApiError, errorMessage } from "~/lib/api";
import { chars } from "../../../shared/publish-rules";
import {
  checkVoteContent,
  checkVoteOption,
  checkVoteOptions,
  checkVoteTitle,
  VOTE_LIMITS,
} from "../../../shared/vote-rules";
import {
  CategoryField,
  FieldError,
  ShareField,
  ShareFormActions,
  TagsField,
  type ShareCategory,
  type ShareTag,
} from "~/components/share/share-fields";
import "~/components/share/share.css";
import "./votes.css";

type Field = "title" | "content" | "options" | "category" | "tags";
type Errors = Partial<Record<Field, string>>;

interface Option {
  /** Stable React key: options are added and removed in the middle. */
  key: number;
  text: string;
}

/**
 * 发起投票 on /new-entry?type=vote: title, optional description, 2–10 options (added and removed
 * in place), category and tags as a shared link has them; POST /api/votes, then the vote's detail
 * page. The rules are vote-rules.ts, the same the API applies; a 400 from the API lands at its field.
 */
export function VoteForm({ categories, tags }: { categories: ShareCategory[]; tags: ShareTag[] }) {
  const { alert } = useShell();
  const navigate = useNavigate();
  const ids = useId();
  const nextKey = useRef(VOTE_LIMITS.minOptions);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [options, setOptions] = useState<Option[]>(() =>
    Array.from({ length: VOTE_LIMITS.minOptions }, (_, key) => ({ key, text: "" })),
  );
  const [category, setCategory] = useState("");
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  /** Per-option messages, by option key. */
  const [optionErrors, setOptionErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The option input to focus after the list changed (added, removed). */
  const [focusKey, setFocusKey] = useState<number | null>(null);

  const fieldId = (f: Field) => `${ids}-${f}`;
  const optionId = (key: number) => `${ids}-option-${key}`;

  useEffect(() => {
    if (focusKey === null) return;
    document.getElementById(optionId(focusKey))?.focus();
    setFocusKey(null);
    // optionId only depends on ids, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);

  const clear = (f: Field) => setErrors((e) => ({ ...e, [f]: undefined }));

  function setOption(key: number, text: string) {
    setOptions((list) => list.map((o) => (o.key === key ? { ...o, text } : o)));
    setOptionErrors(({ [key]: _dropped, ...rest }) => rest);
    clear("options");
  }

  function addOption() {
    if (options.length >= VOTE_LIMITS.maxOptions) return;
    const key = nextKey.current++;
    setOptions((list) => [...list, { key, text: "" }]);
    setFocusKey(key);
    clear("options");
  }

  function removeOption(key: number) {
    if (options.length <= VOTE_LIMITS.minOptions) return;
    const at = options.findIndex((o) => o.key === key);
    const rest = options.filter((o) => o.key !== key);
    setOptions(rest);
    setOptionErrors(({ [key]: _dropped, ...others }) => others);
    // Focus stays in the list: the option that took its place, or the new last one.
    setFocusKey(rest[Math.min(at, rest.length - 1)].key);
    clear("options");
  }

  function toggleTag(id: string) {
    const on = tagIds.includes(id);
    if (!on && tagIds.length >= VOTE_LIMITS.tags) {
      return setErrors((e) => ({ ...e, tags: `最多选择 ${VOTE_LIMITS.tags} 个标签` }));
    }
    setTagIds(on ? tagIds.filter((t) => t !== id) : [...tagIds, id]);
    clear("tags");
  }

  /** The first invalid control, to focus after a failed check. */
  function validate(): { errors: Errors; perOption: Record<number, string>; focus: string | null } {
    const found: Errors = {};
    const perOption: Record<number, string> = {};
    let focus: string | null = null;
    const mark = (f: Field, message: string | null, id = fieldId(f)) => {
      if (!message) return;
      found[f] = message;
      focus ??= id;
    };
    mark("title", checkVoteTitle(title));
    mark("content", checkVoteContent(content));
    for (const o of options) {
      const message = checkVoteOption(o.text);
      if (message) {
        perOption[o.key] = message;
        focus ??= optionId(o.key);
      }
    }
    if (!Object.keys(perOption).length) {
      const whole = checkVoteOptions(options.map((o) => o.text));
      if (whole && whole.index !== null) {
        const o = options[whole.index];
        perOption[o.key] = whole.message;
        focus ??= optionId(o.key);
      } else if (whole) mark("options", whole.message, optionId(options[0].key));
    }
    if (!category) mark("category", "请选择分类");
    return { errors: found, perOption, focus };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate();
    setErrors(checked.errors);
    setOptionErrors(checked.perOption);
    if (checked.focus) {
      document.getElementById(checked.focus)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { entryId } = await api.post<{ entryId: string }>("/api/votes", {
        title: title.trim(),
        content: content.trim(),
        category,
        options: options.map((o) => o.text.trim()),
        tags: tagIds.join("|"),
      });
      alert("投票已发起", "success");
      navigate(`/entry/${entryId}/detail`);
    } catch (e) {
      const field = e instanceof ApiError ? (e.field as Field | null) : null;
      if (field && FIELDS.includes(field)) {
        setErrors((prev) => ({ ...prev, [field]: errorMessage(e) }));
        document.getElementById(field === "options" ? optionId(options[0].key) : fieldId(field))?.focus();
      } else {
        setFormError(errorMessage(e, "发起投票失败，请稍后重试"));
      }
    } finally {
      setBusy(false);
    }
  }

  const described = (f: Field) => (errors[f] ? `${fieldId(f)}-error` : undefined);
  const canAdd = options.length < VOTE_LIMITS.maxOptions;
  const canRemove = options.length > VOTE_LIMITS.minOptions;

  return (
    <form className="share-form vote-create" onSubmit={submit} noValidate aria-busy={busy}>
      <ShareField
        id={fieldId("title")}
        label="投票标题"
        error={errors.title}
        required
        counter={`${chars(title.trim())}/${VOTE_LIMITS.title}`}
      >
        <input
          id={fieldId("title")}
          className="input"
          placeholder="你想问大家什么？如：你最常用的前端框架是？"
          value={title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described("title")}
          aria-required="true"
          onChange={(e) => {
            setTitle(e.target.value);
            clear("title");
          }}
        />
      </ShareField>

      <ShareField
        id={fieldId("content")}
        label="描述"
        error={errors.content}
        counter={`${chars(content.trim())}/${VOTE_LIMITS.content}`}
      >
        <textarea
          id={fieldId("content")}
          className="input textarea"
          rows={3}
          placeholder="补充说明投票的背景（选填）"
          value={content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={described("content")}
          onChange={(e) => {
            setContent(e.target.value);
            clear("content");
          }}
        />
      </ShareField>

      <fieldset
        className="share-fieldset"
        aria-describedby={`${fieldId("options")}-hint${errors.options ? ` ${fieldId("options")}-error` : ""}`}
      >
        <legend className="field-label">
          选项{" "}
          <span className="share-required" aria-hidden="true">
            *
          </span>
        </legend>
        <p id={`${fieldId("options")}-hint`} className="share-hint">
          {VOTE_LIMITS.minOptions}–{VOTE_LIMITS.maxOptions} 个不重复的选项，每个最多 {VOTE_LIMITS.option}{" "}
          个字；已有 {options.length}/{VOTE_LIMITS.maxOptions}
        </p>
        <ol className="vote-create-options">
          {options.map((o, i) => {
            const error = optionErrors[o.key];
            const id = optionId(o.key);
            return (
              <li key={o.key} className={`vote-create-option${error ? " has-error" : ""}`}>
                <div className="vote-create-row">
                  <span className="vote-create-index" aria-hidden="true">
                    {i + 1}
                  </span>
                  <input
                    id={id}
                    className="input"
                    aria-label={`选项 ${i + 1}`}
                    placeholder={`选项 ${i + 1}`}
                    value={o.text}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(e) => setOption(o.key, e.target.value)}
                    onKeyDown={(e) => {
                      // Enter moves on to the next option (adding one at the end) instead of submitting.
                      if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
                      e.preventDefault();
                      const next = options[i + 1];
                      if (next) setFocusKey(next.key);
                      else if (o.text.trim() && canAdd) addOption();
                    }}
                  />
                  <span className="share-counter vote-create-count">
                    {chars(o.text.trim())}/{VOTE_LIMITS.option}
                  </span>
                  {canRemove ? (
                    <button
                      type="button"
                      className="btn vote-create-remove"
                      aria-label={`删除选项 ${i + 1}`}
                      title="删除选项"
                      onClick={() => removeOption(o.key)}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  ) : null}
                </div>
                <FieldError id={id} error={error} />
              </li>
            );
          })}
        </ol>
        <div>
          <button type="button" className="btn vote-create-add" onClick={addOption} disabled={!canAdd}>
            + 添加选项
          </button>
        </div>
        <FieldError id={fieldId("options")} error={errors.options} />
      </fieldset>

      <CategoryField
        id={fieldId("category")}
        name="vote-category"
        categories={categories}
        value={category}
        error={errors.category}
        onChange={(name) => {
          setCategory(name);
          clear("category");
        }}
      />

      <TagsField
        id={fieldId("tags")}
        tags={tags}
        value={tagIds}
        max={VOTE_LIMITS.tags}
        error={errors.tags}
        onToggle={toggleTag}
      />

      <ShareFormActions error={formError} cancelTo="/" busy={busy}>
        {busy ? "发起中…" : "发起投票"}
      </ShareFormActions>
    </form>
  );
}

const FIELDS: readonly Field[] = ["title", "content", "options", "category", "tags"];
