import { LIMITS } from "../../../shared/validation";
import { Field } from "~/components/ui/field";
import type { Captcha } from "./use-captcha";

interface CaptchaFieldProps {
  captcha: Captcha;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  idPrefix: string;
  hideLabel?: boolean;
}

/** Image-captcha input with its picture; clicking the picture fetches a new one. */
export function CaptchaField({ captcha, value, onChange, error, idPrefix, hideLabel }: CaptchaFieldProps) {
  return (
    <Field
      id={`${idPrefix}-captcha`}
      name="imageCode"
      label="图片验证码"
      hideLabel={hideLabel}
      placeholder="请输入图片验证码"
      autoComplete="off"
      maxLength={LIMITS.captchaLength}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error ?? captcha.error}
      addon={
        <button
          type="button"
          className="captcha-image"
          onClick={() => void captcha.refresh()}
          aria-label="看不清，换一张"
          title="看不清，换一张"
        >
          {captcha.imageStr ? (
            <img src={captcha.imageStr} alt="图片验证码" width={100} height={36} />
          ) : (
            <span>{captcha.loading ? "加载中..." : "点击获取"}</span>
          )}
        </button>
      }
    />
  );
}
