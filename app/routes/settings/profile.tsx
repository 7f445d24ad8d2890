import { useState, type FormEvent } from "react";
import type { Route } from "./+types/profile";
import { useShell } from "~/components/shell/shell-context";
import { Avatar } from "~/components/ui/avatar";
import { FormError } from "~/components/ui/field";
import { ImageField } from "~/components/upload/image-field";
import { checkBlogAddress, checkUsername, LIMITS, normalizeBlogAddress } from "../../../shared/validation";
import { api, ApiError, errorMessage } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { SubmitButton } from "~/components/forms/form-submit";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

type ProfileField = "avatarLarge" | "username" | "jobTitle" | "company" | "selfDescription" | "blogAddress";

interface FieldSpec {
  field: ProfileField;
  label: string;
  placeholder: string;
  maxLength: number;
  check?: (value: string) => string | null;
  normalize?: (value: string) => string;
  multiline?: boolean;
}

function checkAvatarUrl(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:"
      ? null
      : "头像地址必须以 http:// 或 https:// 开头";
  } catch {
    return "请输入正确的图片地址";
  }
}

function maxChars(limit: number, label: string) {
  return (value: string) => ([...value.trim()].length > limit ? `${label}不能超过 ${limit} 个字符` : null);
}

const FIELDS: FieldSpec[] = [
  {
    field: "username",
    label: "用户名",
    placeholder: "填写你的用户名",
    maxLength: LIMITS.usernameMax,
    check: checkUsername,
  },
  {
    field: "jobTitle",
    label: "职位",
    placeholder: "填写你的职位",
    maxLength: LIMITS.jobTitleMax,
    check: maxChars(LIMITS.jobTitleMax, "职位"),
  },
  {
    field: "company",
    label: "公司",
    placeholder: "填写你的公司",
    maxLength: LIMITS.companyMax,
    check: maxChars(LIMITS.companyMax, "公司"),
  },
  {
    field: "selfDescription",
    label: "个人介绍",
    placeholder: "填写职业技能、擅长的事情、喜欢的事情等",
    maxLength: LIMITS.selfDescriptionMax,
    check: maxChars(LIMITS.selfDescriptionMax, "个人介绍"),
    multiline: true,
  },
  {
    field: "blogAddress",
    label: "个人主页",
    placeholder: "填写你的个人主页",
    maxLength: LIMITS.blogAddressMax,
    check: checkBlogAddress,
    normalize: normalizeBlogAddress,
  },
  {
    field: "avatarLarge",
    label: "头像地址",
    placeholder: "填写头像图片的网址（https://…）",
    maxLength: 500,
    check: checkAvatarUrl,
    normalize: (v) => v.trim(),
  },
];

/** setting:profile: login required. */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const values: Record<ProfileField, string> = {
    avatarLarge: viewer.avatarLarge,
    username: viewer.username,
    jobTitle: viewer.jobTitle,
    company: viewer.company,
    selfDescription: viewer.selfDescription,
    blogAddress: viewer.blogAddress,
  };
  return { values };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "个人资料");

/**
 * Each field saves on its own through POST /api/v1/updateUserInfo {field, value}; an uploaded avatar
 * (cropped to a square in the browser) is saved the same way as soon as it has arrived.
 */
export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const [values, setValues] = useState(loaderData.values);
  const [editing, setEditing] = useState<ProfileField | null>(null);
  const { alert, refreshSession } = useShell();

  async function saveAvatar(url: string) {
    await api.post("/api/v1/updateUserInfo", { field: "avatarLarge", value: url });
    setValues((v) => ({ ...v, avatarLarge: url }));
    alert(url ? "头像已更新" : "头像已移除", "success");
    // The header shows the avatar: reload the root data too.
    refreshSession();
  }

  return (
    <div className="settings-body">
      <h2 className="settings-title">个人资料</h2>
      <div className="profile-avatar-row">
        <ImageField
          label="头像"
          shape="avatar"
          crop
          alt={`${values.username}的头像`}
          hint="jpg、png、gif、webp 或 bmp，选好后裁剪为正方形"
          chooseLabel="上传头像"
          changeLabel="更换头像"
          empty={<Avatar user={{ username: values.username }} size={72} />}
          value={values.avatarLarge}
          onChange={saveAvatar}
        />
      </div>
      <dl className="settings-list">
        {FIELDS.map((spec) => (
          <ProfileRow
            key={spec.field}
            spec={spec}
            value={values[spec.field]}
            editing={editing === spec.field}
            onEdit={() => setEditing(spec.field)}
            onCancel={() => setEditing(null)}
            onSaved={(value) => {
              setValues((v) => ({ ...v, [spec.field]: value }));
              setEditing(null);
            }}
          />
        ))}
      </dl>
    </div>
  );
}

function ProfileRow({
  spec,
  value,
  editing,
  onEdit,
  onCancel,
  onSaved,
}: {
  spec: FieldSpec;
  value: string;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSaved: (value: string) => void;
}) {
  const { alert, refreshSession } = useShell();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `profile-${spec.field}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = spec.check?.(draft) ?? null;
    if (problem) return setError(problem);
    const next = spec.normalize ? spec.normalize(draft) : draft.trim();
    setBusy(true);
    try {
      await api.post("/api/v1/updateUserInfo", { field: spec.field, value: next });
      setError(null);
      onSaved(next);
      alert("保存成功", "success");
      // The header shows the name and avatar: reload the root data too.
      refreshSession();
    } catch (e) {
      if (e instanceof ApiError && e.code === 10013) setError("用户名已被占用");
      else setError(errorMessage(e, "保存失败，请稍后重试"));
    } finally {
      setBusy(false);
    }
  }

  // One set of attributes for either control, so the one-line and multi-line fields cannot drift apart.
  const control = {
    id: inputId,
    value: draft,
    maxLength: spec.maxLength,
    placeholder: spec.placeholder,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${inputId}-error` : undefined,
    autoFocus: true,
  };

  return (
    <div className="settings-row">
      <dt className="settings-label">
        {editing ? <label htmlFor={inputId}>{spec.label}</label> : spec.label}
      </dt>
      <dd className="settings-value">
        {editing ? (
          <form className="settings-edit" onSubmit={save} noValidate>
            {spec.multiline ? (
              <textarea className="input textarea" rows={3} {...control} />
            ) : (
              <input className="input" {...control} />
            )}
            <FormError id={`${inputId}-error`} message={error} />
            <div className="settings-actions">
              <SubmitButton busy={busy} busyLabel="保存中...">
                保存
              </SubmitButton>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setDraft(value);
                  setError(null);
                  onCancel();
                }}
              >
                取消
              </button>
            </div>
          </form>
        ) : (
          <div className="settings-show">
            <span className={value ? "settings-text" : "settings-text muted"}>
              {value || spec.placeholder}
            </span>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setDraft(value);
                onEdit();
              }}
              aria-label={`修改${spec.label}`}
            >
              修改
            </button>
          </div>
        )}
      </dd>
    </div>
  );
}
