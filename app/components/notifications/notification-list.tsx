import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";

interface NotificationListProps<T extends { id: string }> {
  notifications: T[];
  /** One notification's row (NotificationItem or SystemNotificationItem). */
  item: (notification: T) => ReactNode;
  empty: { title: string; description?: string };
  /** The list's first page, for 回到最新 once the reader has paged on. */
  firstHref: string;
  paged: boolean;
  nextHref: string | null;
}

/** A page of notifications, user or system, newest first, with its empty state and pager. */
export function NotificationList<T extends { id: string }>({
  notifications,
  item,
  empty,
  firstHref,
  paged,
  nextHref,
}: NotificationListProps<T>) {
  return (
    <>
      {notifications.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : (
        <ul className="notification-list">{notifications.map(item)}</ul>
      )}
      <nav className="notification-pager" aria-label="翻页">
        {paged ? (
          <Link to={firstHref} className="btn btn-text">
            回到最新
          </Link>
        ) : null}
        {nextHref ? (
          <Link to={nextHref} className="btn btn-text">
            下一页
          </Link>
        ) : null}
      </nav>
    </>
  );
}
