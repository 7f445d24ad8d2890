import { useState, type FormEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { PhoneVerification, usePhoneVerification } from "~/components/forms/phone-verification";
import { useShell } from "~/components/shell/shell-context";
import { FormError } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { api, ApiError, errorMessage } from "~/lib/api";
import { useApiAction } from "~/lib/use-api-action";
import { SubmitButton } from "~/components/forms/form-submit";
import { beijingTime } from "../../../shared/format";
import { CurrentPasswordField, useCurrentPassword } from "./current-password-field";
import { SettingsRow } from "./settings-row";
import "./my-data.css";

/** The newest 「下载我的数据」 request as GET /api/account/exports answers it. */
export interface DataExport {
  state: "pending" | "ready" | "expired" | "failed";
  requestedAt: string;
  expiresAt: string | null;
  downloadUrl: string | null;
}

function exportStatus(e: DataExport): string {
  switch (e.state) {
    case "pending":
      return "请求中：正在打包，完成后会通过邮件和通知告诉你";
    case "ready":
      return `可下载至 ${beijingTime(e.expiresAt!)}`;
    case "expired":
      return "已过期，可以重新申请";
    default:
      return "导出失败，请重新申请";
  }
}

/** 「下载我的数据」: the request button, the status of the newest export, its download link. */
export function DataExportRow({ latest }: { latest: DataExport | null }) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const { busy, run } = useApiAction();

  async function request() {
    await run(async () => {
      await api.post("/api/account/exports", {});
      alert("已开始打包，完成后会通过邮件和通知告诉你", "success");
      await revalidator.revalidate();
    }, "请求失败，请稍后重试");
  }

  return (
    <SettingsRow label="我的数据">
      <div className="settings-show">
        <span className="settings-text">
          个人资料、文章（Markdown）、分享、评论、沸点、赞、收藏集、关注、订单和账单，打包为一个 ZIP 文件
        </span>
        <button
          type="button"
          className="btn"
          onClick={() => void request()}
          disabled={busy || latest?.state === "pending"}
        >
          {busy ? "请求中..." : "下载我的数据"}
        </button>
      </div>
      {latest ? (
        <p className="data-export-status" data-state={latest.state} role="status">
          <span>{exportStatus(latest)}</span>
          {latest.downloadUrl ? (
            <a className="data-export-link" href={latest.downloadUrl} download>
              下载 ZIP
            </a>
          ) : null}
        </p>
      ) : null}
    </SettingsRow>
  );
}

/** 「注销账号」: the row and its dialog. */
export function CloseAccountRow({ hasPassword, phone }: { hasPassword: boolean; phone: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsRow label="注销账号">
      <div className="settings-show">
        <span className="settings-text muted">注销后 14 天内重新登录即可撤销，之后个人资料将被永久清除</span>
        <button type="button" className="btn btn-danger-outline" onClick={() => setOpen(true)}>
          注销账号
        </button>
      </div>
      {open ? (
        <CloseAccountDialog hasPassword={hasPassword} phone={phone} onClose={() => setOpen(false)} />
      ) : null}
    </SettingsRow>
  );
}

/** What becomes of one's content on closing the account: kept under 已注销用户, or deleted. */
const CONTENT_CHOICES: readonly { value: "keep" | "delete"; label: string }[] = [
  { value: "keep", label: "保留，署名改为「已注销用户」" },
  { value: "delete", label: "全部删除（包括我点过的赞）" },
];

type CloseErrors = {
  content?: string;
  password?: string;
  smsCode?: string;
  imageCode?: string;
  form?: string;
};

function CloseAccountDialog({
  hasPassword,
  phone,
  onClose,
}: {
  hasPassword: boolean;
  phone: string | null;
  onClose: () => void;
}) {
  const { alert, refreshSession } = useShell();
  const navigate = useNavigate();
  const [content, setContent] = useState<"delete" | "keep" | "">("");
  const password = useCurrentPassword(hasPassword);
  const [errors, setErrors] = useState<CloseErrors>({});
  const [busy, setBusy] = useState(false);
  // Without a password the SMS code to the bound phone confirms it (useType close).
  const verification = usePhoneVerification("close", !hasPassword && !!phone);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: CloseErrors = {};
    if (!content) found.content = "请选择如何处理你发布的内容";
    if (password.missing) found.password = password.missing;
    if (!hasPassword && !verification.smsCode.trim()) found.smsCode = "请输入短信验证码";
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.post("/api/account/deletion", {
        content,
        ...(hasPassword ? password.body : { smsCode: verification.smsCode.trim() }),
      });
      // Every session has ended: off to the home page as a visitor, told what happens next.
      alert("账号将在 14 天后注销，期间重新登录即可撤销", "success");
      refreshSession();
      void navigate("/");
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      const message = errorMessage(e, "注销失败，请稍后重试");
      if (field === "password" || field === "smsCode") setErrors({ [field]: message });
      else setErrors({ form: message });
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} labelledBy="close-account-title" className="close-account-dialog">
      <h2 id="close-account-title" className="modal-title">
        注销账号
      </h2>
      <form className="settings-edit" onSubmit={submit} noValidate>
        <p className="confirm-message">
          {
            "提交后你的所有登录会立即退出。14 天内重新登录即可撤销；14 天后将永久清除你的用户名、头像、简介、手机号、邮箱和第三方账号绑定，无法恢复。钱包须先结清（余额为零且没有处理中的提现）。"
          }
        </p>
        <fieldset
          className="close-account-choice"
          aria-describedby={errors.content ? "close-content-error" : undefined}
        >
          <legend>我发布的文章、沸点、评论和收藏集</legend>
          {CONTENT_CHOICES.map(({ value, label }) => (
            <label key={value}>
              <input
                type="radio"
                name="content"
                value={value}
                checked={content === value}
                onChange={() => setContent(value)}
              />
              {label}
            </label>
          ))}
          <FormError id="close-content-error" message={errors.content} />
        </fieldset>
        {hasPassword ? (
          <CurrentPasswordField id="close-password" password={password} error={errors.password} />
        ) : phone ? (
          <PhoneVerification
            idPrefix="close"
            verification={verification}
            phone={phone}
            errors={errors}
            onSent={(notice) => alert(notice, "success")}
            onSendError={(message, field) =>
              field === "imageCode" ? setErrors({ imageCode: message }) : alert(message, "error")
            }
          />
        ) : (
          <p className="field-error">没有密码的账号需要先绑定手机号，用短信验证码确认注销。</p>
        )}
        <FormError message={errors.form} />
        <div className="confirm-actions">
          <button type="button" className="btn confirm-cancel" onClick={onClose}>
            取消
          </button>
          <SubmitButton
            className="btn btn-danger"
            busy={busy}
            busyLabel="提交中..."
            disabled={!hasPassword && !phone}
          >
            确认注销
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
