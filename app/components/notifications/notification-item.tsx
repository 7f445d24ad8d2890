import type { ReactNode } from "react";
import { Link } from "react-router";
import { relativeTime } from "../../../shared/format";
import type { PresentedNotification, SystemNotification } from "../../../shared/api-types";
import { Avatar } from "~/components/ui/avatar";
import { describeNotification } from "../../../shared/describe-notification";
import "./notifications.css";

/** One user notification; unread ones are highlighted. */
export function NotificationItem({ n, now }: { n: PresentedNotification; now: number }) {
  const first = n.users[0];
  const { text, href } = describeNotification(n);
  return (
    <NotificationRow
      check={n.check}
      type={n.type}
      date={n.createdAt}
      now={now}
      avatar={
        first ? (
          <Link to={`/user/${first.id}`} className="notification-avatar" aria-hidden tabIndex={-1}>
            <Avatar user={first} size={40} />
          </Link>
        ) : null
      }
    >
      {href ? (
        <Link to={href} className="notification-link">
          {text}
        </Link>
      ) : (
        text
      )}
    </NotificationRow>
  );
}

/** One system notification (message and date). */
export function SystemNotificationItem({ n, now }: { n: SystemNotification; now: number }) {
  return (
    <NotificationRow check={n.check} date={n.date} now={now}>
      {n.message}
    </NotificationRow>
  );
}

/**
 * What both kinds of notification share, so the unread highlight (and its spoken 未读) and the
 * time are one rule for the two tabs.
 */
function NotificationRow({
  check,
  type,
  date,
  now,
  avatar,
  children,
}: {
  check: boolean;
  type?: string;
  date: string;
  now: number;
  avatar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={check ? "notification-item" : "notification-item unread"} data-type={type}>
      {avatar}
      <div className="notification-body">
        <p className="notification-text">
          {check ? null : <span className="visually-hidden">未读：</span>}
          {children}
        </p>
        <time className="notification-time" dateTime={date}>
          {relativeTime(date, now)}
        </time>
      </div>
    </li>
  );
}
