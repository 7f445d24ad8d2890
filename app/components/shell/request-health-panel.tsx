import { closeRequestHealthAlert } from "~/lib/request-health";
import "./request-health-alert.css";

/** The 请求异常 notice (request-health-alert.tsx shows it); closing it silences it for 24 hours. */
export function RequestHealthPanel({ onClosed }: { onClosed: () => void }) {
  const close = () => {
    closeRequestHealthAlert();
    onClosed();
  };

  return (
    <section
      className="request-health"
      role="alert"
      aria-labelledby="request-health-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <h2 id="request-health-title" className="request-health-title">
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M8 1l7 13H1L8 1zm-.8 5v4h1.6V6H7.2zm0 5v1.6h1.6V11H7.2z" />
        </svg>
        请求异常
      </h2>
      <p className="request-health-text">部分请求没有发出去，页面内容可能不完整。你可以：</p>
      <ul className="request-health-list">
        <li>检查网络连接或 DNS 设置</li>
        <li>关闭广告拦截插件，或把本站加入白名单</li>
        <li>问题仍在时，联系客服（右下角「客服」）</li>
      </ul>
      <button type="button" className="request-health-close" aria-label="关闭" onClick={close}>
        ×
      </button>
    </section>
  );
}
