import { useId, useState } from "react";
import { ChannelIcon } from "./channel-icon";
import { inWechat } from "~/lib/wechat/use-wechat-share";
import { OAUTH_CHANNELS, startOAuthLogin, startWechatInAppLogin, type OAuthChannel } from "./popup";
import "./oauth.css";

interface ThirdPartyLoginProps {
  /** Shows why a third-party login did not finish (refused, already bound…). */
  onError: (message: string) => void;
}

/**
 * Third-party login (spec §1, §6): 微博, 微信 (QR), GitHub, each through the popup flow; a first
 * login creates the account. The page reloads (back to the stored "oauth login url") once done.
 * Inside WeChat's browser 微信 logs in there and then (mobile), through the whole page.
 */
export function ThirdPartyLogin({ onError }: ThirdPartyLoginProps) {
  const [pending, setPending] = useState<OAuthChannel | null>(null);
  const titleId = useId();

  function login(channel: OAuthChannel) {
    setPending(channel);
    if (channel === "wechat" && inWechat()) return startWechatInAppLogin();
    startOAuthLogin(channel, (message, cancelled) => {
      setPending(null);
      if (!cancelled) onError(message || "第三方登录失败，请稍后重试");
    });
  }

  return (
    <div className="oauth-login" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="oauth-login-title">
        第三方账号登录
      </p>
      <ul className="oauth-login-list">
        {OAUTH_CHANNELS.map(({ channel, title }) => (
          <li key={channel}>
            <button
              type="button"
              className="oauth-login-button"
              data-channel={channel}
              aria-label={`使用${title}账号登录`}
              title={`${title}登录`}
              aria-busy={pending === channel || undefined}
              onClick={() => login(channel)}
            >
              <span className="oauth-login-icon">
                <ChannelIcon channel={channel} />
              </span>
              <span className="oauth-login-name">{title}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
