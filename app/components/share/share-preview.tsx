import { Link } from "react-router";
import "./share.css";

/** GET /api/page/info's `d`: what the shared page says about itself. */
export interface PageInfo {
  title: string;
  description: string;
  thumb: string;
  url: string;
}

/** GET /api/get_entry_by_url's `d`: the entry that already shares this link. */
export interface ExistingShare {
  id: string;
  title: string;
  user: { id: string; username: string };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

/**
 * What reading the link found: a warning when someone shared it already, and a card of the page's
 * cover, title and description. A live region, so a screen reader hears the result of 读取网页.
 */
export function SharePreview({
  existing,
  preview,
}: {
  existing: ExistingShare | null;
  preview: PageInfo | null;
}) {
  return (
    <div aria-live="polite">
      {existing ? (
        <p className="notice notice-warning share-existing">
          这个链接已经被 {existing.user.username} 分享过：
          <Link to={`/entry/${existing.id}`}>{existing.title}</Link>
        </p>
      ) : null}
      {preview && (preview.thumb || preview.description) ? (
        <div className="share-preview">
          {preview.thumb ? <img src={preview.thumb} alt="" className="share-preview-thumb" /> : null}
          <div className="share-preview-text">
            <p className="share-preview-title">{preview.title || "（网页没有标题）"}</p>
            {preview.description ? <p className="share-preview-desc">{preview.description}</p> : null}
            <p className="share-preview-host">{hostOf(preview.url)}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
