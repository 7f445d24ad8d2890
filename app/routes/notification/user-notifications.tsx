import type { Route } from "./+types/user-notifications";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** Likes, comments, replies and follows addressed to the viewer, newest first. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return { notifications: [] as { id: string; content: string; createdAt: string }[] };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "消息通知");

export default function UserNotifications({ loaderData }: Route.ComponentProps) {
  if (loaderData.notifications.length === 0) {
    return <EmptyState title="暂无消息" description="有人赞了、评论或关注你时，会在这里通知你" />;
  }
  return (
    <ul className="entry-list">
      {loaderData.notifications.map((n) => (
        <li key={n.id} className="entry-item">
          {n.content}
        </li>
      ))}
    </ul>
  );
}
