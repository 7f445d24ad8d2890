import { useNavigate } from "react-router";
import "./open-in-app.css";

/**
 * The app's URL scheme. There is no native app yet (/app says so and what to do instead); a client
 * that registers this scheme opens `nugget://entry/{id}` at the entry, and anyone without it lands
 * on /app. A constant rather than configuration: it names the app, not a deployment.
 */
export const APP_SCHEME = "nugget://";
/** Spec §9: open-in-app fallback 3000 ms. */
export const OPEN_IN_APP_FALLBACK_MS = 3000;

const PHONE = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i;

/**
 * 「App 内打开」 on an entry page, shown only on a phone (narrow and touch, open-in-app.css). Without
 * scripts, or on anything that is not a phone, it is a plain link to /app. On a phone it hands the
 * entry's app address to the system; when the app opens, the page goes to the background; when the
 * page is still in front after 3000 ms, no app took it, and the reader goes to /app.
 */
export function OpenInApp({ entryId }: { entryId: string }) {
  const navigate = useNavigate();
  return (
    <a
      href="/app"
      className="open-in-app"
      onClick={(event) => {
        if (!PHONE.test(navigator.userAgent)) return;
        event.preventDefault();
        let left = false;
        const away = () => {
          if (document.visibilityState === "hidden") left = true;
        };
        document.addEventListener("visibilitychange", away);
        window.addEventListener("pagehide", away);
        setTimeout(() => {
          document.removeEventListener("visibilitychange", away);
          window.removeEventListener("pagehide", away);
          if (!left && document.visibilityState === "visible") void navigate("/app");
        }, OPEN_IN_APP_FALLBACK_MS);
        window.location.href = `${APP_SCHEME}entry/${entryId}`;
      }}
    >
      App 内打开
    </a>
  );
}
