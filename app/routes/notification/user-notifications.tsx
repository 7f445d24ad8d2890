import { useRevalidator } from "react-router";
import type { Route } from "./+types/user-notifications";
import { NotificationItem } from "~/components/notifications/notification-item";
import { NotificationList } from "~/components/notifications/notification-list";
import { api } from "~/lib/api";
import { titleMeta } from "~/lib/title";
import { useApiAction } from "~/lib/use-api-action";
import { loadNotificationTab } from "./load-tab.server";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** Likes, comments, replies, follows and new entries addressed to the viewer, newest first. */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadNotificationTab({ context, request }, "/notification", "before", (before) =>
    context.services.notifications.list({ before }, context.caller),
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "消息通知");

export default function UserNotifications({ loaderData }: Route.ComponentProps) {
  const { notifications, nextHref, paged, now } = loaderData;
  const revalidator = useRevalidator();
  const { busy, run } = useApiAction();
  const hasUnread = notifications.some((n) => !n.check);

  async function readAll() {
    await run(async () => {
      await api.post("/api/setUserNotificationNum");
      // Reloads the root loader too: the bell and the title prefix reset with the list.
      await revalidator.revalidate();
    });
  }

  return (
    <>
      <div className="notification-toolbar">
        <button
          type="button"
          className="btn btn-text"
          onClick={readAll}
          disabled={busy || !hasUnread}
          aria-busy={busy || undefined}
        >
          全部标为已读
        </button>
      </div>
      <NotificationList
        notifications={notifications}
        item={(n) => <NotificationItem key={n.id} n={n} now={now} />}
        empty={{ title: "暂无消息", description: "有人赞了、评论或关注你时，会在这里通知你" }}
        firstHref="/notification"
        paged={paged}
        nextHref={nextHref}
      />
    </>
  );
}
