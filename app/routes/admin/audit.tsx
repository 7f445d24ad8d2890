import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { FirstNextPager, pageHref } from "~/components/ui/pager";
import { requireViewer } from "~/lib/guards.server";
import { pointerParam } from "~/lib/keyset-page.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { beijingTime } from "../../../shared/format";
import {
  DECISION_LABELS,
  TARGET_LABELS,
  type Decision,
  type ReportTarget,
} from "../../../shared/report-rules";
import "./admin.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

const POINTER = /^[\dT:.Z-]{10,30}_[0-9a-f]{24}$/;
const hrefOf = (pointer?: string | null) => pageHref("/admin/audit", pointer);

const ACTIONS: Record<string, string> = {
  ...DECISION_LABELS,
  unsuspend: "解除暂停",
  auto_hide: "自动隐藏",
} satisfies Record<Decision | "unsuspend" | "auto_hide", string>;

/** Where a logged target lives (a comment's thread is not known here: its id is shown). */
function targetHref(type: string, id: string): string | null {
  if (type === "entry") return `/entry/${id}`;
  if (type === "pin") return `/pin/${id}`;
  if (type === "collection") return `/collection/${id}`;
  if (type === "user") return `/user/${id}`;
  return null;
}

/**
 * 审核日志 (/admin/audit?pointer=): every moderation action — decisions, suspensions and
 * their lifting, the automatic first line's hides — newest first, keyset paged. Editors and admins.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const pointer = pointerParam(request, POINTER);
  const page = await fromService(context.services.moderation.auditLog({ pointer }, context.caller));
  return { list: page.list, nextHref: page.canNext ? hrefOf(page.pointer) : null, paged: !!pointer };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "审核日志");

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { list, nextHref, paged } = loaderData;
  return (
    <PageSection title="审核日志" actions={<Link to="/admin/reports">举报处理</Link>}>
      {list.length === 0 ? (
        <EmptyState title="还没有审核记录" description="处理举报、暂停账号和自动拦截都会记在这里" />
      ) : (
        <div className="jobs-scroll">
          <table className="withdrawals-table audit-table">
            <caption className="visually-hidden">审核日志，最新的在前</caption>
            <thead>
              <tr>
                <th scope="col">时间</th>
                <th scope="col">操作人</th>
                <th scope="col">操作</th>
                <th scope="col">对象</th>
                <th scope="col">理由</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => {
                const href = targetHref(r.targetType, r.targetId);
                const what = `${TARGET_LABELS[r.targetType as ReportTarget] ?? r.targetType} ${r.targetId.slice(-6)}`;
                return (
                  <tr key={r.id}>
                    <td data-label="时间">
                      <time dateTime={r.createdAt}>{beijingTime(r.createdAt)}</time>
                    </td>
                    <td data-label="操作人">
                      {r.actor ? <Link to={`/user/${r.actor.id}`}>{r.actor.username}</Link> : "系统自动"}
                    </td>
                    <td data-label="操作">{ACTIONS[r.action] ?? r.action}</td>
                    <td data-label="对象">{href ? <Link to={href}>{what}</Link> : what}</td>
                    <td data-label="理由">{r.reason || "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <FirstNextPager firstHref={hrefOf()} nextHref={nextHref} paged={paged} />
    </PageSection>
  );
}
