import type { Route } from "./+types/system-notifications";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** Messages from the site itself. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return { notifications: [] as { id: string; message: string; date: string }[] };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "系统通知");

export default function SystemNotifications({ loaderData }: Route.ComponentProps) {
  if (loaderData.notifications.length === 0) {
    return <EmptyState title="暂无系统通知" />;
  }
  return (
    <ul className="entry-list">
      {loaderData.notifications.map((n) => (
        <li key={n.id} className="entry-item">
          {n.message}
        </li>
      ))}
    </ul>
  );
}
