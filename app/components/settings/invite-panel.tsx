import { useState, type FormEvent } from "react";
import { api, ApiError, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { Field } from "~/components/ui/field";
import { fieldErrors, SubmitButton } from "~/components/forms/form-submit";
import { checkReceiverEmail, checkReceiverName, RECEIVER_NAME_MAX } from "../../../shared/invite-rules";
import type { AvailableCode, SentInvitation } from "../../../shared/api-types";
import "./settings.css";

type Errors = { name?: string; email?: string };

/** Copies through the Clipboard API; false where it is missing or refused (plain HTTP, old browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The invitation page's body: the shareable code and link, the counts, and the e-mail form. */
export function InvitePanel({ uid, initial }: { uid: string; initial: AvailableCode }) {
  const { alert } = useShell();
  const [info, setInfo] = useState(initial);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function copy() {
    if (await copyText(info.link)) alert("邀请链接已复制", "success");
    else alert("复制失败，请手动选中链接复制", "warning");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = fieldErrors({ name: checkReceiverName(name), email: checkReceiverEmail(email) });
    setErrors(found);
    if (found.name || found.email) return;
    setBusy(true);
    try {
      const sent = await api.post<SentInvitation>(`/api/sender/${uid}/postCode`, {
        receiverName: name.trim(),
        receiverEmail: email.trim(),
      });
      setInfo((i) => ({ ...i, inviteCount: sent.inviteCount, sentToday: sent.sentToday }));
      setName("");
      setEmail("");
      alert(`邀请已发送到 ${sent.receiverEmail}`, "success");
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      if (field === "receiverName") setErrors({ name: errorMessage(e) });
      else if (field === "receiverEmail") setErrors({ email: errorMessage(e) });
      else alert(errorMessage(e, "发送失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }

  const left = Math.max(0, info.dailyLimit - info.sentToday);
  return (
    <>
      <section aria-labelledby="invite-code-title">
        <h3 id="invite-code-title" className="settings-title">
          我的邀请码
        </h3>
        <div className="invite-code-box">
          <span className="invite-code" aria-label={`邀请码 ${info.code.split("").join(" ")}`}>
            {info.code}
          </span>
          <span className="invite-link" id="invite-link">
            {info.link}
          </span>
          <button type="button" className="btn btn-primary" onClick={copy} aria-describedby="invite-link">
            复制邀请链接
          </button>
        </div>
        <p className="settings-hint">把链接发给朋友，对方打开链接即可注册。</p>
        <ul className="invite-stats">
          <li>
            已邀请<strong>{info.inviteCount}</strong>
          </li>
          <li>
            已接受<strong>{info.acceptedCount}</strong>
          </li>
        </ul>
      </section>

      <section aria-labelledby="invite-mail-title">
        <h3 id="invite-mail-title" className="settings-title">
          通过邮件邀请
        </h3>
        <form className="stack-form" onSubmit={submit} noValidate>
          <Field
            id="invite-name"
            name="receiverName"
            label="好友称呼"
            placeholder={`最多 ${RECEIVER_NAME_MAX} 个字`}
            maxLength={RECEIVER_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
          />
          <Field
            id="invite-email"
            name="receiverEmail"
            type="email"
            label="好友邮箱"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <p className="settings-hint">
            今天还可以发送 {left} 封邀请（每天最多 {info.dailyLimit} 封）。
          </p>
          <SubmitButton busy={busy} busyLabel="发送中..." disabled={left === 0}>
            发送邀请
          </SubmitButton>
        </form>
      </section>
    </>
  );
}
