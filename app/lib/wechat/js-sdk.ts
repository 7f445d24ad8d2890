/**
 * WeChat's JS-SDK in its in-app browser (loaded by use-wechat-share.ts only there): each page is
 * signed by GET /api/wechat/auth and given its share card for chats and the timeline — title,
 * description and image from the page's own meta (app/lib/title.ts), the site icon when it has none.
 */
import siteIcon from "./share-icon.png?url&no-inline";

const SDK_URL = "https://res.wx.qq.com/open/js/jweixin-1.6.0.js";

interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

interface ShareCard {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** The part of jweixin-1.6.0's `wx` used here. */
interface Wx {
  config(options: JsSdkConfig & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (res: { errMsg?: string }) => void): void;
  updateAppMessageShareData(card: ShareCard): void;
  updateTimelineShareData(card: Omit<ShareCard, "desc">): void;
}

let sdk: Promise<Wx> | null = null;

function loadSdk(): Promise<Wx> {
  sdk ??= new Promise<Wx>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => {
      const wx = (window as { wx?: Wx }).wx;
      if (wx) resolve(wx);
      else reject(new Error("jweixin loaded without wx"));
    };
    script.onerror = () => {
      // Try again on the next navigation.
      sdk = null;
      script.remove();
      reject(new Error("jweixin did not load"));
    };
    document.head.appendChild(script);
  });
  return sdk;
}

const withoutHash = (url: string) => url.split("#")[0];

async function sign(url: string): Promise<JsSdkConfig | null> {
  // Not through app/lib/api.ts: a failure here is no reason to tell the reader the network is down.
  const res = await fetch(`/api/wechat/auth?${new URLSearchParams({ url })}`, { credentials: "same-origin" });
  const body = (await res.json()) as { s: number; d?: JsSdkConfig };
  return body.s === 1 && body.d ? body.d : null;
}

function meta(selector: string): string {
  return document.querySelector<HTMLMetaElement>(selector)?.content.trim() ?? "";
}

function shareCard(): ShareCard {
  const image = meta('meta[property="og:image"]') || siteIcon;
  return {
    // og:title is the page's title without the unread count "(n) " the tab shows.
    title: meta('meta[property="og:title"]') || document.title,
    desc: meta('meta[name="description"]'),
    link: withoutHash(window.location.href),
    imgUrl: new URL(image, window.location.href).href,
  };
}

/** Each navigation starts a round; an older one still under way stops at its next step. */
let round = 0;

/** Signs the current page, configures the JS-SDK with it and sets the page's share card. */
export async function shareCurrentPage() {
  const mine = ++round;
  const current = () => mine === round;
  const url = withoutHash(window.location.href);
  const [wx, signature] = await Promise.all([loadSdk(), sign(url)]);
  if (!current() || !signature) return;
  const configure = (config: JsSdkConfig) =>
    wx.config({
      ...config,
      debug: false,
      jsApiList: ["updateAppMessageShareData", "updateTimelineShareData"],
    });
  // WeChat on iOS verifies a page reached by history.pushState against the address the reader
  // entered by, other clients against the current one: sign the current page, and when WeChat
  // says the signature is wrong, once more with the entry address.
  const entry = withoutHash(
    (performance.getEntriesByType("navigation")[0] as PerformanceEntry | undefined)?.name ?? url,
  );
  let retried = false;
  wx.error((res) => {
    if (retried || entry === url || !current() || !/signature/i.test(res.errMsg ?? "")) return;
    retried = true;
    sign(entry).then(
      (again) => {
        if (again && current()) configure(again);
      },
      () => {},
    );
  });
  configure(signature);
  wx.ready(() => {
    if (!current()) return;
    const card = shareCard();
    wx.updateAppMessageShareData(card);
    wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
  });
}
