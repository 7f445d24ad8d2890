import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Banner } from "../../../shared/api-types";
import { Field, FormError } from "~/components/ui/field";
import { ImageField } from "~/components/upload/image-field";
import { ApiError, api, errorMessage } from "~/lib/api";

/** The fields an admin fills in, as the inputs hold them (times as datetime-local text). */
interface Draft {
  position: Banner["position"];
  title: string;
  imageUrl: string;
  url: string;
  order: string;
  active: boolean;
  startedAt: string;
  endedAt: string;
}

/** An address the preview can show: a web address or one of the site's own (/uploads/…). */
const IMAGE_ADDRESS = /^(https?:\/\/|\/)\S+$/;

/** An ISO time as a datetime-local input shows it: the admin's own clock, to the minute. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Back from the input: the admin's local time as an instant; empty is "no limit" (null). */
const fromLocalInput = (text: string) => (text ? new Date(text).toISOString() : null);

const draftOf = (b: Banner | null): Draft => ({
  position: b?.position ?? "hero",
  title: b?.title ?? "",
  imageUrl: b?.imageUrl ?? "",
  url: b?.url ?? "",
  order: String(b?.order ?? 0),
  active: b?.active ?? true,
  startedAt: toLocalInput(b?.startedAt ?? null),
  endedAt: toLocalInput(b?.endedAt ?? null),
});

/**
 * 新建横幅 / 编辑横幅: every field of POST /api/banners (PUT /api/banners/{id} when `banner` is
 * given). The server checks the rules (links http(s) or a site path, the end after the start) and
 * names the field it refuses; its message shows under that field.
 */
export function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner: Banner | null;
  onSaved: (saved: Banner) => void;
  onCancel: () => void;
}) {
  // One form on the page at a time, so fixed ids.
  const id = "banner-form";
  const [draft, setDraft] = useState(() => draftOf(banner));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | "form", string>>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Opened from a row's 编辑 far down the list: the form, above it, takes the focus (and the view).
  useEffect(() => form.current?.querySelector<HTMLElement>("input:checked")?.focus(), []);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: "title" | "imageUrl" | "url" | "order" | "startedAt" | "endedAt") => ({
    name: key,
    id: `${id}-${key}`,
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const order = Number(draft.order);
    if (!Number.isInteger(order)) return setErrors({ order: "排序须为整数" });
    const body = {
      position: draft.position,
      title: draft.title.trim(),
      imageUrl: draft.imageUrl.trim(),
      url: draft.url.trim(),
      order,
      active: draft.active,
      startedAt: fromLocalInput(draft.startedAt),
      endedAt: fromLocalInput(draft.endedAt),
    };
    setBusy(true);
    setErrors({});
    try {
      onSaved(
        banner
          ? await api.put<Banner>(`/api/banners/${banner.id}`, body)
          : await api.post<Banner>("/api/banners", body),
      );
    } catch (error) {
      const field = error instanceof ApiError && error.field && error.field in draft ? error.field : "form";
      setErrors({ [field]: errorMessage(error, "保存失败，请稍后重试") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="banner-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="jobs-heading">
        {banner ? "编辑横幅" : "新建横幅"}
      </h2>
      <fieldset className="banner-form-position">
        <legend className="field-label">位置</legend>
        {(
          [
            ["hero", "顶部横幅（首页、发现，1200×300）"],
            ["aside", "侧栏横幅（240×200）"],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="position"
              value={value}
              checked={draft.position === value}
              onChange={() => set("position", value)}
            />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      <Field label="标题（图片的替代文字）" maxLength={100} {...text("title")} />
      <ImageField
        label="横幅图片"
        shape="wide"
        alt="横幅图片预览"
        hint={draft.position === "hero" ? "顶部横幅建议 1200×300" : "侧栏横幅建议 240×200"}
        chooseLabel="上传图片"
        changeLabel="更换图片"
        value={IMAGE_ADDRESS.test(draft.imageUrl.trim()) ? draft.imageUrl.trim() : ""}
        onChange={(url) => {
          set("imageUrl", url);
          setErrors((e) => ({ ...e, imageUrl: undefined }));
        }}
        onBusyChange={setUploading}
      />
      {/* An image kept elsewhere can still be named by its address. */}
      <Field label="图片地址" required placeholder="https://… 或 /uploads/…" {...text("imageUrl")} />
      <Field label="链接" required placeholder="https://… 或站内路径 /books" {...text("url")} />
      <div className="banner-form-row">
        <Field label="排序（越小越靠前）" type="number" step={1} {...text("order")} />
        <Field label="开始时间（可不填）" type="datetime-local" {...text("startedAt")} />
        <Field label="结束时间（可不填）" type="datetime-local" {...text("endedAt")} />
      </div>
      <label className="banner-form-active">
        <input type="checkbox" checked={draft.active} onChange={(e) => set("active", e.target.checked)} />{" "}
        启用
      </label>
      <FormError message={errors.form} />
      <div className="banner-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
          {busy ? "保存中…" : "保存"}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          取消
        </button>
      </div>
    </form>
  );
}
