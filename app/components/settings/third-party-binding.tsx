import { useState } from "react";
import { ChannelIcon } from "~/components/oauth/channel-icon";
import { currentPath, startOAuthBind, type OAuthChannel } from "~/components/oauth/popup";
import "~/components/oauth/oauth.css";
import { useShell } from "~/components/shell/shell-context";
import { api } from "~/lib/api";
import { ProofDialog, useProofDialog, useUnbind, type AccountProof } from "./unbind-dialog";
import { SettingsRow } from "./settings-row";

/** One third-party channel: bind through the popup (spec §4), or show the account and unbind. */
export function ThirdPartyRow({
  channel,
  title,
  bound,
  onlyWayIn,
  account,
}: {
  channel: OAuthChannel;
  title: string;
  bound: { uid: string; username: string; nickname: string } | null;
  onlyWayIn: boolean;
  account: AccountProof;
}) {
  const { alert, refreshSession } = useShell();
  const [binding, setBinding] = useState(false);
  const unbind = useUnbind({ channel, isThird: true }, `${title}账号已解绑`, account);
  // Binding adds a way in: the owner's proof first, which earns start's address.
  const bind = useProofDialog(
    account,
    async (proof) => {
      const { url } = await api.post<{ url: string }>(`/api/oauth/${channel}/bind`, {
        ...proof,
        redirect: currentPath(),
      });
      setBinding(true);
      startOAuthBind(url, (result) => {
        setBinding(false);
        if (result?.status === "error") alert(result.message || "绑定失败，请稍后重试", "error");
        else if (result?.status === "ok") alert(`${title}账号绑定成功`, "success");
        // The popup has closed: reload the page's data whatever happened in it (spec §4).
        refreshSession();
      });
    },
    "绑定失败，请稍后重试",
  );

  return (
    <SettingsRow label={title} channel={channel}>
      <div className="settings-show">
        {bound ? (
          <span className="settings-text oauth-binding-name">
            <ChannelIcon channel={channel} size={18} />
            {bound.nickname || bound.username}
          </span>
        ) : (
          <span className="settings-text muted">未绑定</span>
        )}
        {bound ? (
          <button
            type="button"
            className="link-button"
            aria-label={`解绑${title}账号`}
            onClick={() =>
              onlyWayIn ? alert("这是你唯一的登录方式，请先绑定手机号或邮箱再解绑", "info") : unbind.ask()
            }
          >
            解绑
          </button>
        ) : (
          <button
            type="button"
            className="link-button"
            aria-label={`绑定${title}账号`}
            onClick={bind.ask}
            disabled={binding}
          >
            {binding ? "绑定中..." : "绑定"}
          </button>
        )}
      </div>
      <ProofDialog
        dialog={bind}
        idPrefix={`bind-${channel}`}
        title={`绑定${title}账号`}
        message={`绑定后可以用该${title}账号登录，其他设备上的登录会退出。`}
        confirmLabel="继续绑定"
      />
      <ProofDialog
        dialog={unbind}
        idPrefix={`unbind-${channel}`}
        title={`确定要解绑${title}账号吗？`}
        message={`解绑后将不能再用该${title}账号登录，其他设备上的登录会退出。`}
        confirmLabel="解绑"
      />
    </SettingsRow>
  );
}
