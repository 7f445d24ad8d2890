import { useEffect } from "react";

/** Whether the page is open in WeChat's own browser (its user agent says MicroMessenger). */
export const inWechat = () => /MicroMessenger/i.test(navigator.userAgent);

/**
 * Inside WeChat's browser, after every navigation (spec §2): signs the page for the JS-SDK and sets
 * its share card. The JS-SDK and the rest of this load only there (./js-sdk.ts), so every other
 * reader pays for these few lines alone.
 */
export function useWechatShare(locationKey: string) {
  useEffect(() => {
    if (!inWechat()) return;
    // Sharing is a nicety: when it cannot load, WeChat shares the plain link.
    import("./js-sdk").then(
      (sdk) => sdk.shareCurrentPage(),
      () => {},
    );
  }, [locationKey]);
}
