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
    <li className={n.check ? "notification-item" : "notification-item unread"} data-type={n.type}>
      {first ? (
        <Link to={`/user/${first.id}`} className="notification-avatar" aria-hidden tabIndex={-1}>
          <Avatar user={first} size={40} />
        </Link>
      ) : null}
      <div className="notification-body">
        <p className="notification-text">
          {n.check ? null : <span className="visually-hidden">未读：</span>}
          {href ? (
            <Link to={href} className="notification-link">
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <time className="notification-time" dateTime={n.createdAt}>
          {relativeTime(n.createdAt, now)}
        </time>
      </div>
    </li>
  );
}

/** One system notification (message and date). */
export function SystemNotificationItem({ n, now }: { n: SystemNotification; now: number }) {
  return (
    <li className={n.check ? "notification-item" : "notification-item unread"}>
      <div className="notification-body">
        <p className="notification-text">
          {n.check ? null : <span className="visually-hidden">未读：</span>}
          {n.message}
        </p>
        <time className="notification-time" dateTime={n.date}>
          {relativeTime(n.date, now)}
        </time>
      </div>
    </li>
  );
}
