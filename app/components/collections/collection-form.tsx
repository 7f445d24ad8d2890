import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  DESCRIPTION_MAX,
  IMAGE_URL_MAX,
  IMAGE_URL_PATTERN,
  TAG_MAX,
  TITLE_MAX,
} from "../../../shared/collection-rules";
import { ApiError, api, errorMessage } from "~/lib/api";
import { increment } from "~/lib/tracking";
import { Field, FieldFrame, FormError } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { ImageField } from "~/components/upload/image-field";
import type { CollectionSummary } from "./collection-list";
import "./collections.css";

/** The mask colours offered; "" is none. A custom colour set through the API stays selectable. */
const MASKS = ["", "#000000", "#1e80ff", "#722ed1", "#13c2c2", "#f53f3f"];
const IMAGE_URL = new RegExp(IMAGE_URL_PATTERN);

type FieldName = "title" | "description" | "bgImgUrl" | "bgImgMask" | "tag";

interface CollectionFormProps {
  /** The set being edited; a new one when absent. */
  initial?: CollectionSummary | null;
  /** Ids prefix, so two forms on one page do not share element ids. */
  idPrefix?: string;
  onSaved: (collection: CollectionSummary) => void;
  onCancel: () => void;
}

/**
 * Creating or editing a collection set: title, description, background image (uploaded with the
 * collection purpose, so the server's 1 MB and jpg/png rules answer under the field, or an address),
 * mask colour and topic tag. The limits are the API's own (shared/collection-rules.ts); a field the
 * server still refuses is shown under that field.
 */
export function CollectionForm({ initial, idPrefix = "collection", onSaved, onCancel }: CollectionFormProps) {
  const [title, setTitle] = useState(initial?.title ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [bgImgUrl, setBgImgUrl] = useState(initial?.imageUrl ?? "");
  const [bgImgMask, setBgImgMask] = useState(initial?.maskColor ?? "");
  const [tag, setTag] = useState(initial?.tag ?? "");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const masks = MASKS.includes(bgImgMask) ? MASKS : [...MASKS, bgImgMask];
  const titleInput = useRef<HTMLInputElement>(null);
  // The form may replace other content inside an open dialog: focus moves to its first field.
  useEffect(() => titleInput.current?.focus(), []);

  function check(): Partial<Record<FieldName, string>> {
    const found: Partial<Record<FieldName, string>> = {};
    if (!title.trim()) found.title = "请填写标题";
    else if (title.trim().length > TITLE_MAX) found.title = `标题最多 ${TITLE_MAX} 个字`;
    if (description.trim().length > DESCRIPTION_MAX) found.description = `描述最多 ${DESCRIPTION_MAX} 个字`;
    if (bgImgUrl.trim() && (bgImgUrl.trim().length > IMAGE_URL_MAX || !IMAGE_URL.test(bgImgUrl.trim())))
      found.bgImgUrl = "请填写以 http:// 或 https:// 开头的图片地址";
    if (tag.trim().toLowerCase() === "all") found.tag = "标签不能是 all";
    return found;
  }

  async function submit() {
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    const body = {
      title: title.trim(),
      description: description.trim(),
      bgImgUrl: bgImgUrl.trim(),
      bgImgMask,
      tag: tag.trim(),
    };
    try {
      const saved = initial
        ? await api.put<CollectionSummary>(`/api/collectionset/${initial.id}`, body)
        : await api.post<CollectionSummary>("/api/collectionset", body);
      if (!initial) increment("csPost", 1, saved.id);
      setBusy(false);
      onSaved(saved);
    } catch (error) {
      setBusy(false);
      const field = error instanceof ApiError ? (error.field as FieldName | null) : null;
      if (field && field in body) setErrors({ [field]: errorMessage(error) });
      else setFailure(errorMessage(error, initial ? "保存失败，请稍后重试" : "创建失败，请稍后重试"));
    }
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      className="collection-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        ref={titleInput}
        id={id("title")}
        label="标题"
        name="title"
        value={title}
        maxLength={TITLE_MAX}
        required
        autoComplete="off"
        placeholder="收藏集的名字"
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <FieldFrame id={id("description")} label="描述（选填）" error={errors.description}>
        {(aria) => (
          <textarea
            id={id("description")}
            name="description"
            className="input textarea"
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={description}
            {...aria}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </FieldFrame>
      <ImageField
        label="背景图（选填）"
        shape="wide"
        purpose="collection"
        alt="收藏集背景图"
        hint="jpg 或 png，不超过 1MB"
        chooseLabel="上传背景图"
        changeLabel="更换背景图"
        value={IMAGE_URL.test(bgImgUrl.trim()) ? bgImgUrl.trim() : ""}
        onChange={(url) => {
          setBgImgUrl(url);
          setErrors((all) => ({ ...all, bgImgUrl: undefined }));
        }}
        onBusyChange={setUploading}
      />
      <Field
        id={id("image")}
        label="或填写背景图地址"
        name="bgImgUrl"
        type="url"
        inputMode="url"
        value={bgImgUrl}
        maxLength={IMAGE_URL_MAX}
        autoComplete="off"
        placeholder="https://…（jpg 或 png，不超过 1MB）"
        error={errors.bgImgUrl}
        onChange={(e) => setBgImgUrl(e.target.value)}
      />
      <fieldset className="field collection-masks-field">
        <legend className="field-label">背景遮罩</legend>
        <div className="collection-masks" role="radiogroup" aria-label="背景遮罩">
          {masks.map((color) => (
            <label key={color || "none"} className="collection-mask-option" title={color || "无遮罩"}>
              <input
                type="radio"
                name={id("mask")}
                value={color}
                checked={bgImgMask === color}
                onChange={() => setBgImgMask(color)}
                aria-label={color ? `遮罩颜色 ${color}` : "无遮罩"}
              />
              <span
                className="collection-mask-swatch"
                style={color ? { background: color, borderColor: color } : undefined}
              >
                {color ? "" : "无"}
              </span>
            </label>
          ))}
        </div>
        {errors.bgImgMask ? <p className="field-error">{errors.bgImgMask}</p> : null}
      </fieldset>
      <Field
        id={id("tag")}
        label="话题标签（选填）"
        name="tag"
        value={tag}
        maxLength={TAG_MAX}
        autoComplete="off"
        placeholder="如 前端、面试"
        error={errors.tag}
        onChange={(e) => setTag(e.target.value)}
      />
      <FormError message={failure} />
      <div className="collection-form-actions">
        <button type="button" className="btn" onClick={onCancel}>
          取消
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
          {busy ? "请稍候…" : uploading ? "背景图上传中…" : initial ? "保存" : "创建"}
        </button>
      </div>
    </form>
  );
}

interface CollectionFormDialogProps {
  open: boolean;
  initial?: CollectionSummary | null;
  onClose: () => void;
  onSaved: (collection: CollectionSummary) => void;
}

/** The create/edit form in a modal: focus stays inside, Escape or the backdrop closes it. */
export function CollectionFormDialog({ open, initial, onClose, onSaved }: CollectionFormDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy="collection-form-title"
      className="collection-dialog"
      initialFocus="input[name=title]"
      title={initial ? "编辑收藏集" : "新建收藏集"}
    >
      {/* Mounted per opening, so every opening starts from the set's current fields. */}
      {open ? (
        <CollectionForm initial={initial} idPrefix="collection-dialog" onSaved={onSaved} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}

/** 新建收藏集 in a modal: a set made here is opened at once, so the reader can start filling it. */
export function NewCollectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <CollectionFormDialog
      open={open}
      onClose={onClose}
      onSaved={(set) => {
        onClose();
        void navigate(`/collection/${set.id}`);
      }}
    />
  );
}
