import type { Route } from "./+types/account";
import { OAUTH_CHANNELS } from "~/components/oauth/popup";
import { EmailRow } from "~/components/settings/email-binding";
import { CloseAccountRow, DataExportRow } from "~/components/settings/my-data";
import { PhoneRow } from "~/components/settings/phone-binding";
import { ThirdPartyRow } from "~/components/settings/third-party-binding";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** setting:account: login required; phone, e-mail and third-party bindings; my data. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  return {
    phone: viewer.mobilePhoneNumber,
    phoneVerified: viewer.mobilePhoneVerified,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    /**
     * A change to the ways in asks for the current password, or without one an SMS code to the
     * bound phone.
     */
    hasPassword: viewer.hasPassword,
    /** The spec's community (authData): channel → {uid, username, nickname}. */
    community: await context.services.oauth.community(context.caller),
    /** The newest 「下载我的数据」 request: 请求中 / 可下载至 … / 已过期. */
    dataExport: (await context.services.accountData.status(context.caller)).export,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "账号设置");

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { community } = loaderData;
  const boundCount = Object.keys(community).length;
  return (
    <div className="settings-body">
      <h2 className="settings-title">账号设置</h2>
      <dl className="settings-list">
        <PhoneRow phone={loaderData.phone} hasPassword={loaderData.hasPassword} />
        <EmailRow
          email={loaderData.email}
          verified={loaderData.emailVerified}
          hasPassword={loaderData.hasPassword}
          phone={loaderData.phone}
        />
      </dl>
      <h2 className="settings-title">第三方账号</h2>
      <dl className="settings-list">
        {OAUTH_CHANNELS.map(({ channel, title }) => (
          <ThirdPartyRow
            key={channel}
            channel={channel}
            title={title}
            bound={community[channel] ?? null}
            // An account made by a third-party login has no password: its last binding is its only door.
            onlyWayIn={!loaderData.phone && !loaderData.email && boundCount === 1}
            account={{ hasPassword: loaderData.hasPassword, phone: loaderData.phone }}
          />
        ))}
      </dl>
      <h2 className="settings-title">我的数据</h2>
      <dl className="settings-list">
        <DataExportRow latest={loaderData.dataExport} />
        <CloseAccountRow hasPassword={loaderData.hasPassword} phone={loaderData.phone} />
      </dl>
    </div>
  );
}
