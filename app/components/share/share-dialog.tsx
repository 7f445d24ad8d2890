import { useMemo, useState } from "react";
import qrcode from "qrcode-generator";
import { Modal } from "~/components/ui/modal";
import { track, trackedUrl } from "~/lib/tracking";
import { useShell } from "~/components/shell/shell-context";
import { useRootData } from "~/lib/root-data";

/**
 * Spec §9's share list: timeline and app message (WeChat moments and chats: a QR code to scan with
 * WeChat, which is how a web page reaches them), QQ, Weibo and QZone (their share pages in a new
 * tab), and copying the link. Each shared link carries the tracking suffix (utm_medium = channel).
 */
export const SHARE_CHANNELS = [
  {
    id: "weibo",
    title: "微博",
    url: (u: string, t: string) =>
      `https://service.weibo.com/share/share.php?${new URLSearchParams({ url: u, title: t })}`,
  },
  {
    id: "qq",
    title: "QQ",
    url: (u: string, t: string) =>
      `https://connect.qq.com/widget/shareqq/index.html?${new URLSearchParams({ url: u, title: t })}`,
  },
  {
    id: "qzone",
    title: "QQ空间",
    url: (u: string, t: string) =>
      `https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?${new URLSearchParams({ url: u, title: t })}`,
  },
] as const;

/** The QR code of `text` as SVG squares (no markup strings): 4 modules of quiet zone. */
export function QrCode({ text, size = 160, label }: { text: string; size?: number; label: string }) {
  const { count, path } = useMemo(() => {
    const qr = qrcode(0, "M");
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let d = "";
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { count: n + 8, path: d };
  }, [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function ShareDialog({
  entryId,
  title,
  path,
  onClose,
}: {
  entryId: string;
  title: string;
  /** The path of the page shared on this site ("/post/{id}"). */
  path: string;
  onClose: () => void;
}) {
  const { alert } = useShell();
  // The site's address (PUBLIC_URL), whatever host this page was reached by.
  const url = new URL(path, useRootData().publicUrl || window.location.origin).toString();
  const [copied, setCopied] = useState(false);
  const wechatUrl = trackedUrl(url, "wechat", entryId);

  async function copy() {
    try {
      await navigator.clipboard.writeText(trackedUrl(url, "copy", entryId));
      setCopied(true);
      track("share", "entry", entryId, "copy");
    } catch {
      alert("复制失败，请手动复制地址栏中的链接", "error");
    }
  }

  return (
    <Modal open onClose={onClose} labelledBy="share-title" className="share-dialog" title="分享">
      <div className="share-wechat">
        <QrCode text={wechatUrl} label="本页链接的二维码" />
        <p>微信扫一扫，分享给好友或朋友圈</p>
      </div>
      <ul className="share-channels">
        {SHARE_CHANNELS.map((channel) => (
          <li key={channel.id}>
            <a
              className="btn share-channel"
              href={channel.url(trackedUrl(url, channel.id, entryId), title)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => track("share", "entry", entryId, channel.id)}
            >
              分享到{channel.title}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="btn share-channel" onClick={copy}>
            {copied ? "链接已复制" : "复制链接"}
          </button>
        </li>
      </ul>
    </Modal>
  );
}
