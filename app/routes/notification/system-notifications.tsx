import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/system-notifications";
import { SystemNotificationItem } from "~/components/notifications/notification-item";
import { NotificationList } from "~/components/notifications/notification-list";
import { api } from "~/lib/api";
import { titleMeta } from "~/lib/title";
import { loadNotificationTab } from "./load-tab.server";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** Messages from the site itself, newest first, paged by `pointer`. */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadNotificationTab({ context, request }, "/notification/system", "pointer", (pointer) =>
    context.services.notifications.system({ pointer }, context.caller),
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "系统通知");

export default function SystemNotifications({ loaderData }: Route.ComponentProps) {
  const { notifications, nextHref, paged, now } = loaderData;
  const revalidator = useRevalidator();
  const hasUnread = notifications.some((n) => !n.check);

  // Opening the page reads them: mark all checked, then refresh the bell and the title prefix.
  // The refresh clears the highlights too.
  useEffect(() => {
    if (!hasUnread) return;
    api
      .post("/api/checkAllSystemNotification")
      .then(() => revalidator.revalidate())
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasUnread]);

  return (
    <NotificationList
      notifications={notifications}
      item={(n) => <SystemNotificationItem key={n.id} n={n} now={now} />}
      empty={{ title: "暂无系统通知" }}
      firstHref="/notification/system"
      paged={paged}
      nextHref={nextHref}
    />
  );
}
