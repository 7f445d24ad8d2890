import { useCallback, useEffect, useState } from "react";
import { checkCaptcha, checkPhone } from "../../../shared/validation";
import { api, errorMessage } from "~/lib/api";
import type { Captcha } from "./use-captcha";

/** Spec §9: the SMS code can be sent again after 60 s. */
export const SMS_RESEND_SECONDS = 60;

/** `useType` values of POST /api/v2/sendSmsCodeToUser. */
export type SmsUseType = "signup" | "restpwd" | "bind" | "close" | "confirm";

interface SendResult {
  ok: boolean;
  /** Which input the problem is in, when it is a local check. */
  field?: "phone" | "imageCode";
  message?: string;
}

/**
 * Sends an SMS code (phone + image captcha) and counts down before the next send.
 * A failed send reloads the captcha (spec §8); the caller shows the message.
 */
export function useSmsSender(useType: SmsUseType, captcha: Captcha) {
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = useCallback(
    async (phone: string, imageCode: string): Promise<SendResult> => {
      const phoneError = checkPhone(phone);
      if (phoneError) return { ok: false, field: "phone", message: phoneError };
      const captchaError = checkCaptcha(imageCode);
      if (captchaError) return { ok: false, field: "imageCode", message: captchaError };
      setSending(true);
      try {
        await api.post("/api/v2/sendSmsCodeToUser", {
          phone: phone.trim(),
          imageToken: captcha.imageToken,
          imageCode: imageCode.trim(),
          useType,
        });
        setRemaining(SMS_RESEND_SECONDS);
        return { ok: true };
      } catch (error) {
        void captcha.refresh();
        return { ok: false, message: errorMessage(error, "验证码发送失败，请稍后重试") };
      } finally {
        setSending(false);
      }
    },
    [captcha, useType],
  );

  const label = sending ? "发送中..." : remaining > 0 ? `${remaining}s 后重发` : "获取验证码";
  return { send, sending, remaining, label, disabled: sending || remaining > 0 };
}
