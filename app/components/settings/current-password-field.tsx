import { useState } from "react";
import { Field } from "~/components/ui/field";
import { PhoneVerification, usePhoneVerification } from "~/components/forms/phone-verification";
import { LIMITS, MESSAGES } from "../../../shared/validation";

/**
 * The 当前密码 a form asks for only when the account has a password (`asked`): what was typed,
 * what to say when the form is sent without it, and the request's share of it.
 */
export function useCurrentPassword(asked: boolean) {
  const [value, setValue] = useState("");
  return {
    asked,
    value,
    setValue,
    /** The error of sending the form without it; null when it is typed or not asked. */
    missing: asked && !value ? MESSAGES.currentPasswordEmpty : null,
    /** `{ password }` for the request, or nothing when it is not asked. */
    body: asked ? { password: value } : {},
  };
}

/**
 * 当前密码 wherever an account proves it knows its password: in the phone and e-mail binding forms
 * and on closing the account (a stolen session alone must not take the account), and on
 * the password page before the password changes. Nothing where the account has no password.
 */
export function CurrentPasswordField({
  id,
  name = "password",
  placeholder = "为了账号安全，请输入当前密码",
  hideLabel,
  password,
  error,
}: {
  id: string;
  /** The request's field: `password`, or the password change's `old_password`. */
  name?: string;
  /** Why it is asked; `null` where the page itself says so (修改密码). */
  placeholder?: string | null;
  hideLabel?: boolean;
  password: ReturnType<typeof useCurrentPassword>;
  error?: string | null;
}) {
  if (!password.asked) return null;
  return (
    <Field
      id={id}
      name={name}
      type="password"
      label="当前密码"
      hideLabel={hideLabel}
      placeholder={placeholder ?? undefined}
      autoComplete="current-password"
      maxLength={LIMITS.passwordInputMax}
      value={password.value}
      onChange={(event) => password.setValue(event.target.value)}
      error={error}
    />
  );
}

/** What a proof's fields show under them, by the request's field names. */
export type OwnerProofErrors = { password?: string; smsCode?: string; imageCode?: string };

/**
 * How this account proves its owner before a change to its ways in: the current
 * password, else an SMS code (useType confirm) to its bound phone, else nothing — it must bind a
 * phone first. `enabled` loads the SMS group's captcha only once the form is open.
 */
export function useOwnerProof(hasPassword: boolean, phone: string | null, enabled = true) {
  const password = useCurrentPassword(hasPassword);
  const bySms = !hasPassword && !!phone;
  const verification = usePhoneVerification("confirm", enabled && bySms);
  return {
    password,
    verification,
    phone,
    bySms,
    /** Neither a password nor a phone: nothing to prove with. */
    impossible: !hasPassword && !phone,
    /** The errors of sending the form as it is; empty when it may go. */
    missing(): OwnerProofErrors {
      if (password.missing) return { password: password.missing };
      if (bySms && !verification.smsCode.trim()) return { smsCode: MESSAGES.smsCodeEmpty };
      return {};
    },
    /** The request's share: `{ password }`, or the SMS code under `smsField`. */
    body(smsField = "smsCode"): Record<string, string> {
      if (hasPassword) return { password: password.value };
      return bySms ? { [smsField]: verification.smsCode.trim() } : {};
    },
    clear() {
      password.setValue("");
      verification.setSmsCode("");
    },
  };
}

export type OwnerProofState = ReturnType<typeof useOwnerProof>;

/** The proof's fields: 当前密码, or the captcha and SMS code to the bound phone, or why neither. */
export function OwnerProofFields({
  idPrefix,
  proof,
  errors,
  onSent,
  onSendError,
}: {
  idPrefix: string;
  proof: OwnerProofState;
  errors: OwnerProofErrors;
  onSent: (notice: string) => void;
  onSendError: (message: string, field?: "phone" | "imageCode") => void;
}) {
  if (proof.password.asked) {
    return (
      <CurrentPasswordField id={`${idPrefix}-password`} password={proof.password} error={errors.password} />
    );
  }
  if (proof.bySms && proof.phone) {
    return (
      <>
        <p className="confirm-message">为了账号安全，请用发到已绑定手机号的短信验证码确认是你本人。</p>
        <PhoneVerification
          idPrefix={idPrefix}
          verification={proof.verification}
          phone={proof.phone}
          errors={errors}
          onSent={onSent}
          onSendError={onSendError}
        />
      </>
    );
  }
  return (
    <p className="field-error">没有密码的账号需要先绑定手机号（满 24 小时后），用短信验证码确认是你本人。</p>
  );
}
