import { useState, type Ref } from "react";
import { LIMITS } from "../../../shared/validation";
import { Field } from "~/components/ui/field";
import { CaptchaField } from "./captcha-field";
import { useCaptcha } from "./use-captcha";
import { useSmsSender, type SmsUseType } from "./use-sms-sender";

/**
 * The state of a phone verification: the image captcha in front of the SMS send (loaded once
 * `enabled`), the typed captcha and SMS code, and the sender's countdown.
 */
export function usePhoneVerification(useType: SmsUseType, enabled = true) {
  const [imageCode, setImageCode] = useState("");
  const [smsCode, setSmsCode] = useState("");
  const captcha = useCaptcha(enabled);
  const sms = useSmsSender(useType, captcha);
  return { imageCode, setImageCode, smsCode, setSmsCode, captcha, sms };
}

export type PhoneVerificationState = ReturnType<typeof usePhoneVerification>;

export interface PhoneVerificationErrors {
  phone?: string;
  imageCode?: string;
  smsCode?: string;
}

interface PhoneVerificationProps {
  /** `{idPrefix}-phone`, `{idPrefix}-captcha`, `{idPrefix}-sms`. */
  idPrefix: string;
  verification: PhoneVerificationState;
  /** The number the code is sent to. */
  phone: string;
  /**
   * The group's own 手机号 input; left out where the number is typed elsewhere (registration's
   * account field). Changing the number clears the code sent to the old one.
   */
  phoneInput?: { placeholder: string; onChange: (phone: string) => void; autoFocus?: boolean };
  errors: PhoneVerificationErrors;
  /** Labels for screen readers only (the auth modal's style). */
  hideLabels?: boolean;
  smsRef?: Ref<HTMLInputElement>;
  /** The code is on its way: `notice` says so. */
  onSent: (notice: string) => void;
  /** The send failed: a local check names its input (`field`), else the server's reason. */
  onSendError: (message: string, field?: "phone" | "imageCode") => void;
}

/**
 * One phone verification field group (spec §9): the phone number, the image captcha and the SMS
 * code with its send button, for registration, password reset and phone binding alike.
 */
export function PhoneVerification({
  idPrefix,
  verification,
  phone,
  phoneInput,
  errors,
  hideLabels,
  smsRef,
  onSent,
  onSendError,
}: PhoneVerificationProps) {
  const { imageCode, setImageCode, smsCode, setSmsCode, captcha, sms } = verification;

  async function sendCode() {
    const result = await sms.send(phone, imageCode);
    if (result.ok) onSent("验证码已发送，请注意查收短信");
    else if (result.field) onSendError(result.message ?? "验证码发送失败", result.field);
    else {
      // A failed send reloaded the captcha (spec §8): the characters typed for the old one are void.
      setImageCode("");
      onSendError(result.message ?? "验证码发送失败");
    }
  }

  return (
    <>
      {phoneInput ? (
        <Field
          id={`${idPrefix}-phone`}
          name="phone"
          label="手机号"
          hideLabel={hideLabels}
          placeholder={phoneInput.placeholder}
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
          value={phone}
          onChange={(event) => {
            phoneInput.onChange(event.target.value);
            setSmsCode("");
          }}
          error={errors.phone}
          autoFocus={phoneInput.autoFocus}
        />
      ) : null}
      <CaptchaField
        idPrefix={idPrefix}
        hideLabel={hideLabels}
        captcha={captcha}
        value={imageCode}
        onChange={setImageCode}
        error={errors.imageCode}
      />
      <Field
        ref={smsRef}
        id={`${idPrefix}-sms`}
        name="smsCode"
        label="短信验证码"
        hideLabel={hideLabels}
        placeholder="请输入短信验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.smsCodeInputMax}
        value={smsCode}
        onChange={(event) => setSmsCode(event.target.value)}
        error={errors.smsCode}
        addon={
          <button
            type="button"
            className="btn btn-ghost sms-button"
            onClick={() => void sendCode()}
            disabled={sms.disabled}
          >
            {sms.label}
          </button>
        }
      />
    </>
  );
}
