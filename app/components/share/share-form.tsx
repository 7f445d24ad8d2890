import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useShell } from "~/components/shell/shell-context";
import { api, ApiError, errorMessage } from "~/lib/api";
import {
  CAMPAIGN_TAG_MAX,
  chars,
  checkCampaignTag,
  checkShareContent,
  checkShareTitle,
  formatExtra,
  normalizeShareUrl,
  SHARE_LIMITS,
  type ExtraFlags,
  type ShareType,
} from "../../../shared/publish-rules";
import {
  CategoryField,
  ShareField,
  ShareFlagsField,
  ShareFormActions,
  ShareTypeField,
  TagsField,
  type ShareCategory,
  type ShareTag,
} from "./share-fields";
import { SharePreview, type ExistingShare, type PageInfo } from "./share-preview";
import { ShareUrlField } from "./share-url-field";
import "./share.css";

/** What the form edits; an existing entry in edit mode, blanks when sharing. */
export interface ShareValues {
  originalUrl: string;
  title: string;
  content: string;
  screenshot: string;
  category: string;
  tags: string[];
  type: ShareType;
  flags: ExtraFlags;
  /** The admins' campaign tag (spec §6); the field shows for admins only. */
  campaignTag: string;
}

type Field =
  "originalUrl" | "title" | "content" | "screenshot" | "category" | "tags" | "type" | "extra" | "campaignTag";
type Errors = Partial<Record<Field, string>>;
/** The fields typed into a plain text box. */
type TextField = "title" | "content" | "screenshot" | "campaignTag";

export const EMPTY_SHARE: ShareValues = {
  originalUrl: "",
  title: "",
  content: "",
  screenshot: "",
  category: "",
  tags: [],
  type: "article",
  flags: { vote: false, original: false, gfw: false, english: false },
  campaignTag: "",
};

interface ShareFormProps {
  categories: ShareCategory[];
  tags: ShareTag[];
  initial: ShareValues;
  /** Edit mode: the entry being changed. */
  entryId?: string;
  /** Read this URL's page as soon as the form is on screen (/new-entry?url=…). */
  readOnMount?: boolean;
}

/** Adds https:// to a pasted address without a scheme ("juejin.cn/post/1"). */
function withScheme(raw: string): string {
  const text = raw.trim();
  if (!text || /^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
  return `https://${text.replace(/^\/+/, "")}`;
}

/**
 * The share form of /new-entry and /edit-entry/{id}: paste a link and the page fills title, description
 * and cover from GET /api/page/info; pick a category, up to 5 tags, the type and the flags; publish
 * (POST /api/entryPublish) or save (POST /api/entryUpdate), then open /entry/{id}.
 */
export function ShareForm({ categories, tags, initial, entryId, readOnMount }: ShareFormProps) {
  const { alert, viewer } = useShell();
  // Spec §6: admins mark shares with a campaign tag; the server refuses it from anyone else.
  const isAdmin = viewer?.role === "admin";
  const navigate = useNavigate();
  const ids = useId();
  const [values, setValues] = useState<ShareValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  /** Why the page could not be read: shown at the URL, but publishing stays possible (fill by hand). */
  const [readError, setReadError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PageInfo | null>(null);
  const [existing, setExisting] = useState<ExistingShare | null>(null);
  const [busy, setBusy] = useState(false);
  const lastRead = useRef<string | null>(null);
  /** What the last page read filled in: replaced by the next read unless the user changed it. */
  const autofill = useRef({ title: "", content: "", screenshot: "" });
  const editing = !!entryId;

  const set = <K extends keyof ShareValues>(key: K, value: ShareValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key === "flags" ? "extra" : key]: undefined }));
    if (key === "originalUrl") setReadError(null);
  };

  async function readPage(raw: string) {
    const url = withScheme(raw);
    if (!url) return setErrors((e) => ({ ...e, originalUrl: "请先粘贴文章链接" }));
    if (!normalizeShareUrl(url)) {
      return setErrors((e) => ({
        ...e,
        originalUrl: "链接格式不正确，请输入以 http:// 或 https:// 开头的网址",
      }));
    }
    if (url !== values.originalUrl) setValues((v) => ({ ...v, originalUrl: url }));
    lastRead.current = url;
    setReading(true);
    setReadError(null);
    setErrors((e) => ({ ...e, originalUrl: undefined }));
    const [info, shared] = await Promise.allSettled([
      api.get<PageInfo>("/api/page/info", { url }),
      api.get<ExistingShare | null>("/api/get_entry_by_url", { url }),
    ]);
    // A newer read started meanwhile: its answer wins.
    if (lastRead.current !== url) return;
    setReading(false);
    setExisting(
      shared.status === "fulfilled" && shared.value && shared.value.id !== entryId ? shared.value : null,
    );
    if (info.status === "rejected") {
      setPreview(null);
      return setReadError(errorMessage(info.reason, "读取网页失败，请手动填写标题"));
    }
    const page = info.value;
    setPreview(page);
    setValues((v) => {
      const next = { ...v };
      // Fill what is blank, or still holds the previous read's text; never overwrite the user's words.
      if (page.title && (!v.title.trim() || v.title === autofill.current.title)) next.title = page.title;
      if (page.description && (!v.content.trim() || v.content === autofill.current.content)) {
        next.content = page.description;
      }
      if (page.thumb && (!v.screenshot || v.screenshot === autofill.current.screenshot))
        next.screenshot = page.thumb;
      return next;
    });
    autofill.current = { title: page.title, content: page.description, screenshot: page.thumb };
    setErrors((e) => ({ ...e, title: undefined, content: undefined, screenshot: undefined }));
  }

  // /new-entry?url=… reads at once (a share link from elsewhere).
  const readOnce = useRef(readOnMount);
  useEffect(() => {
    if (readOnce.current && values.originalUrl) {
      readOnce.current = false;
      void readPage(values.originalUrl);
    }
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function validate(): Errors {
    const found: Errors = {};
    const url = withScheme(values.originalUrl);
    if (values.type === "article" && !url) found.originalUrl = "请填写原文链接";
    else if (url && !normalizeShareUrl(url)) found.originalUrl = "链接格式不正确";
    const title = checkShareTitle(values.title);
    if (title) found.title = title;
    const content = checkShareContent(values.content);
    if (content) found.content = content;
    if (values.screenshot.trim() && !normalizeShareUrl(values.screenshot))
      found.screenshot = "封面图必须是网址";
    if (!values.category) found.category = "请选择分类";
    if (values.tags.length > SHARE_LIMITS.tagsMax) found.tags = `最多选择 ${SHARE_LIMITS.tagsMax} 个标签`;
    const campaign = isAdmin ? checkCampaignTag(values.campaignTag) : null;
    if (campaign) found.campaignTag = campaign;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      const first = (Object.keys(found) as Field[])[0];
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const body = {
      originalUrl: withScheme(values.originalUrl),
      title: values.title.trim(),
      content: values.content.trim(),
      screenshot: values.screenshot.trim(),
      category: values.category,
      tags: values.tags.join("|"),
      type: values.type,
      extra: formatExtra(values.flags),
      ...(isAdmin ? { campaignTag: values.campaignTag.trim() } : {}),
    };
    setBusy(true);
    try {
      if (editing) {
        await api.post("/api/entryUpdate", { entryId, ...body });
        alert("已保存", "success");
        navigate(`/entry/${entryId}`);
      } else {
        const { entryId: id } = await api.post<{ entryId: string }>("/api/entryPublish", body);
        alert("分享成功", "success");
        navigate(`/entry/${id}`);
      }
    } catch (e) {
      const field = e instanceof ApiError ? (e.field as Field | null) : null;
      if (field && field in FIELD_LABELS) {
        setErrors((prev) => ({ ...prev, [field]: errorMessage(e) }));
        document.getElementById(`${ids}-${field}`)?.focus();
      } else {
        setFormError(errorMessage(e, editing ? "保存失败，请稍后重试" : "发布失败，请稍后重试"));
      }
    } finally {
      setBusy(false);
    }
  }

  const toggleTag = (id: string) => {
    const on = values.tags.includes(id);
    if (!on && values.tags.length >= SHARE_LIMITS.tagsMax) {
      return setErrors((e) => ({ ...e, tags: `最多选择 ${SHARE_LIMITS.tagsMax} 个标签` }));
    }
    set("tags", on ? values.tags.filter((t) => t !== id) : [...values.tags, id]);
  };

  const fieldId = (f: Field) => `${ids}-${f}`;
  const described = (f: Field) => (errors[f] ? `${fieldId(f)}-error` : undefined);
  // What each text box carries for its field: its value and change, and its error's wiring.
  const textControl = (f: TextField) => ({
    id: fieldId(f),
    value: values[f],
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": described(f),
    onChange: (e: { target: { value: string } }) => set(f, e.target.value),
  });
  const counter = (f: TextField, max: number) => `${chars(values[f].trim())}/${max}`;

  return (
    <form className="share-form" onSubmit={submit} noValidate aria-busy={busy || reading}>
      <ShareUrlField
        id={fieldId("originalUrl")}
        value={values.originalUrl}
        error={errors.originalUrl}
        readError={readError}
        required={values.type === "article"}
        reading={reading}
        onChange={(url) => set("originalUrl", url)}
        onRead={(raw) => void readPage(raw)}
      />

      <SharePreview existing={existing} preview={preview} />

      <ShareField
        id={fieldId("title")}
        label="标题"
        error={errors.title}
        required
        counter={counter("title", SHARE_LIMITS.titleMax)}
      >
        <input className="input" placeholder="文章标题" aria-required="true" {...textControl("title")} />
      </ShareField>

      <ShareField
        id={fieldId("content")}
        label="描述"
        error={errors.content}
        counter={counter("content", SHARE_LIMITS.contentMax)}
      >
        <textarea
          className="input textarea"
          rows={4}
          placeholder="说说你为什么推荐它（选填）"
          {...textControl("content")}
        />
      </ShareField>

      <ShareField id={fieldId("screenshot")} label="封面图" error={errors.screenshot}>
        <div className="share-url-row">
          <input
            className="input"
            type="url"
            placeholder="图片网址（选填）"
            maxLength={SHARE_LIMITS.urlMax}
            {...textControl("screenshot")}
          />
          {values.screenshot && normalizeShareUrl(values.screenshot) ? (
            <img src={values.screenshot} alt="封面预览" className="share-cover" />
          ) : null}
        </div>
      </ShareField>

      <CategoryField
        id={fieldId("category")}
        name="category"
        categories={categories}
        value={values.category}
        error={errors.category}
        onChange={(name) => set("category", name)}
      />

      <TagsField
        id={fieldId("tags")}
        tags={tags}
        value={values.tags}
        max={SHARE_LIMITS.tagsMax}
        error={errors.tags}
        onToggle={toggleTag}
      />

      <ShareTypeField
        id={fieldId("type")}
        value={values.type}
        error={errors.type}
        onChange={(type) => set("type", type)}
      />

      <ShareFlagsField
        id={fieldId("extra")}
        value={values.flags}
        error={errors.extra}
        onChange={(flags) => set("flags", flags)}
      />

      {isAdmin ? (
        <ShareField
          id={fieldId("campaignTag")}
          label="活动标签"
          error={errors.campaignTag}
          counter={counter("campaignTag", CAMPAIGN_TAG_MAX)}
        >
          <input
            className="input"
            placeholder="仅管理员可见，如 2026 征文（选填）"
            {...textControl("campaignTag")}
          />
        </ShareField>
      ) : null}

      <ShareFormActions error={formError} cancelTo={editing ? "/published" : "/"} busy={busy}>
        {busy ? (editing ? "保存中…" : "发布中…") : editing ? "保存修改" : "发布"}
      </ShareFormActions>
    </form>
  );
}

const FIELD_LABELS: Record<Field, string> = {
  originalUrl: "原文链接",
  title: "标题",
  content: "描述",
  screenshot: "封面图",
  category: "分类",
  tags: "标签",
  type: "类型",
  extra: "标记",
  campaignTag: "活动标签",
};
