import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "~/lib/api";

interface CaptchaData {
  imageStr: string;
  imageToken: string;
}

/**
 * The image captcha in front of every SMS send: `GET /api/v1/getRandCode` gives an SVG data URL
 * and the token to send back with the typed characters. Loads when `enabled` first turns true.
 */
export function useCaptcha(enabled: boolean) {
  const [image, setImage] = useState<CaptchaData | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  const refresh = useCallback(async () => {
    const id = ++request.current;
    setLoading(true);
    try {
      const data = await api.get<CaptchaData>("/api/v1/getRandCode");
      if (id === request.current) {
        setImage(data);
        setError(null);
      }
    } catch (e) {
      if (id === request.current) setError(errorMessage(e, "验证码加载失败，点击重试"));
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  const loaded = image !== null || loading;
  useEffect(() => {
    if (enabled && !loaded) void refresh();
  }, [enabled, loaded, refresh]);

  return { imageStr: image?.imageStr ?? "", imageToken: image?.imageToken ?? "", loading, error, refresh };
}

export type Captcha = ReturnType<typeof useCaptcha>;
