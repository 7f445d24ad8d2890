import { useState, type FormEvent } from "react";
import {
  BOOKLET_MESSAGES,
  SUMMARY_MAX,
  TITLE_MAX,
  checkBookletTitle,
  checkSummary,
  parsePrice,
} from "../../../shared/booklet-rules";
import { formatYuan } from "../../../shared/wallet-rules";
import type { PresentedBooklet } from "../../../shared/api-types";
import { Field, FieldFrame, FormError } from "~/components/ui/field";
import { ApiError, errorMessage } from "~/lib/api";
import { ImageField } from "~/components/upload/image-field";

/** The body of POST /api/booklets and PUT /api/booklets/{id}. */
export interface BookletFields {
  title: string;
  summary: string;
  cover: string;
  /** Cents. */
  price: number;
  /** A category name (frontend …), or "" for none. */
  category: string;
  isFinished: boolean;
}

type FieldName = "title" | "summary" | "cover" | "price" | "category";

/**
 * A booklet's fields (title, summary, cover, price in 元, category; 已完结 once it exists), checked
 * by shared/booklet-rules.ts before sending; a field the server still refuses (400 naming it) is
 * shown under that field. Used by 新建小册 and by the editor's 小册信息 dialog.
 */
export function BookletForm({
  booklet,
  categories,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** The booklet being edited; none for a new one. */
  booklet?: PresentedBooklet;
  categories: { name: string; title: string }[];
  submitLabel: string;
  onSubmit: (fields: BookletFields) => Promise<void>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(booklet?.title ?? "");
  const [summary, setSummary] = useState(booklet?.summary ?? "");
  const [cover, setCover] = useState(booklet?.cover ?? "");
  const [price, setPrice] = useState(booklet ? formatYuan(booklet.price) : "0");
  const [category, setCategory] = useState(booklet?.category?.name ?? "");
  const [isFinished, setIsFinished] = useState(booklet?.isFinished ?? false);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** A setter that also clears the field's message: it spoke of the value being replaced. */
  const edit = (field: FieldName, set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setErrors((all) => (all[field] ? { ...all, [field]: undefined } : all));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parsePrice(price);
    const found: Partial<Record<FieldName, string>> = {};
    const titleProblem = checkBookletTitle(title);
    if (titleProblem) found.title = titleProblem;
    const summaryProblem = checkSummary(summary);
    if (summaryProblem) found.summary = summaryProblem;
    if (cents === null) found.price = BOOKLET_MESSAGES.price;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || cents === null) return;
    setBusy(true);
    try {
      await onSubmit({
        title: title.trim(),
        summary: summary.trim(),
        cover,
        price: cents,
        category,
        isFinished,
      });
    } catch (err) {
      const field = err instanceof ApiError ? err.field : null;
      if (field && ["title", "summary", "cover", "price", "category"].includes(field)) {
        setErrors({ [field]: errorMessage(err) });
      } else {
        setFormError(errorMessage(err, "保存失败，请稍后重试"));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="booklet-form" onSubmit={submit} noValidate>
      <Field
        id="booklet-title"
        label="小册标题"
        value={title}
        maxLength={TITLE_MAX * 2}
        required
        error={errors.title}
        onChange={edit("title", setTitle)}
      />
      <FieldFrame id="booklet-summary" label="简介" error={errors.summary}>
        {(aria) => (
          <textarea
            id="booklet-summary"
            className="input textarea"
            rows={4}
            value={summary}
            maxLength={SUMMARY_MAX * 2}
            {...aria}
            onChange={edit("summary", setSummary)}
          />
        )}
      </FieldFrame>
      <ImageField
        label="封面"
        alt="小册封面"
        hint="jpg、png、gif、webp 或 bmp，建议 3:4 竖版"
        chooseLabel="上传封面"
        changeLabel="更换封面"
        empty={<span className="image-field-empty">暂无封面</span>}
        value={cover}
        onChange={(url) => {
          setCover(url);
          setErrors((all) => ({ ...all, cover: undefined }));
        }}
        onBusyChange={setUploading}
      />
      <FormError message={errors.cover} />
      <div className="booklet-form-row">
        <Field
          id="booklet-price"
          label="价格（元，0 为免费）"
          inputMode="decimal"
          value={price}
          error={errors.price}
          onChange={edit("price", setPrice)}
        />
        <FieldFrame id="booklet-category" label="分类" error={errors.category}>
          {(aria) => (
            <select
              id="booklet-category"
              className="select"
              value={category}
              {...aria}
              onChange={edit("category", setCategory)}
            >
              <option value="">不选分类</option>
              {categories.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
      {booklet ? (
        <label className="booklet-form-check">
          <input type="checkbox" checked={isFinished} onChange={(e) => setIsFinished(e.target.checked)} />
          已完结
        </label>
      ) : null}
      <FormError message={formError} />
      <div className="booklet-form-actions">
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel}>
            取消
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
          {busy ? "保存中..." : uploading ? "封面上传中..." : submitLabel}
        </button>
      </div>
    </form>
  );
}
