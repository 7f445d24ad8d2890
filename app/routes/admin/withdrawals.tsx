import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/withdrawals";
import { pointerParam } from "~/lib/keyset-page.server";
import type { PresentedWithdrawal } from "../../../shared/api-types";
import { formatYuan } from "../../../shared/wallet-rules";
import { useShell } from "~/components/shell/shell-context";
import { Avatar } from "~/components/ui/avatar";
import { RouteTabs } from "~/components/layout/tabs";
import { EmptyState } from "~/components/ui/empty-state";
import { FirstNextPager } from "~/components/ui/pager";
import { ConfirmDialog } from "~/components/ui/modal";
import { ApiError, api, errorMessage } from "~/lib/api";
import { notFound, requireViewer } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { beijingTime } from "../../../shared/format";
import "./admin.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

type Status = PresentedWithdrawal["bill"]["status"];

const TABS: readonly { status: Status; title: string; empty: string }[] = [
  { status: "pending", title: "待处理", empty: "暂无待处理的提现" },
  { status: "succeeded", title: "已打款", empty: "暂无已打款的提现" },
  { status: "failed", title: "已退回", empty: "暂无已退回的提现" },
];

const hrefOf = (status: Status, pointer?: string) => {
  const query = new URLSearchParams();
  if (status !== "pending") query.set("status", status);
  if (pointer) query.set("pointer", pointer);
  const text = query.toString();
  return text ? `/admin/withdrawals?${text}` : "/admin/withdrawals";
};

/**
 * 提现审核 (/admin/withdrawals?status=&pointer=): admins settle authors' withdrawals. Login
 * required (401 like every such page); the wallet service decides who is an admin, and anyone else
 * goes back to "/" with 没有权限. The queue runs oldest first, the history (已打款, 已退回) newest
 * first, paged by pointer.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const params = new URL(request.url).searchParams;
  const status = (params.get("status") ?? "pending") as Status;
  if (!TABS.some((t) => t.status === status)) notFound();
  const pointer = pointerParam(request, "date");
  // Anyone but an admin: back to "/" with 没有权限 (fromService's answer to 403, spec §6).
  const page = await fromService(context.services.wallet.withdrawals({ status, pointer }, context.caller));
  return {
    status,
    list: page.list,
    nextHref: page.canNext && page.pointer ? hrefOf(status, page.pointer) : null,
    paged: !!pointer,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "提现审核");

interface Settling {
  item: PresentedWithdrawal;
  status: "succeeded" | "failed";
}

export default function Withdrawals({ loaderData }: Route.ComponentProps) {
  const { status, list, nextHref, paged } = loaderData;
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [rows, setRows] = useState(list);
  const [shownList, setShownList] = useState(list);
  if (list !== shownList) {
    setShownList(list);
    setRows(list);
  }
  const [settling, setSettling] = useState<Settling | null>(null);
  const [busy, setBusy] = useState(false);
  const table = useRef<HTMLTableSectionElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where focus goes once a settled row is gone: the row that took its place, else the heading.
  const focusRow = useRef<number | null>(null);

  useEffect(() => {
    const index = focusRow.current;
    if (index === null) return;
    focusRow.current = null;
    const buttons = table.current?.querySelectorAll<HTMLElement>(".withdrawal-pay") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [rows]);

  async function settle() {
    if (!settling) return;
    const { item, status: wanted } = settling;
    setBusy(true);
    try {
      const done = await api.post<{ bill: PresentedWithdrawal["bill"] }>("/api/wallet/settle", {
        billId: item.bill.id,
        status: wanted,
      });
      const who = `${item.user.username}的 ${formatYuan(-item.bill.amount)} 元提现`;
      alert(
        done.bill.status === "succeeded" ? `${who}已标记为已打款` : `${who}已退回，金额回到作者余额`,
        "success",
      );
      leave(item);
    } catch (error) {
      // Someone else settled it the other way first (409): it has left the queue all the same.
      if (error instanceof ApiError && error.code === 409) {
        alert(errorMessage(error), "info");
        leave(item);
      } else {
        alert(errorMessage(error, "处理失败，请稍后重试"), "error");
        setSettling(null);
      }
    } finally {
      setBusy(false);
    }
  }

  /** A settled withdrawal leaves the list; focus goes to the row that takes its place. */
  function leave(item: PresentedWithdrawal) {
    const index = rows.findIndex((r) => r.bill.id === item.bill.id);
    focusRow.current = Math.max(index, 0);
    const left = rows.filter((r) => r.bill.id !== item.bill.id);
    setRows(left);
    setSettling(null);
    // The page emptied: fetch what comes after it (the pointer in the URL still holds).
    if (left.length === 0 && nextHref) void revalidator.revalidate();
  }

  const tab = TABS.find((t) => t.status === status) ?? TABS[0];
  const pending = status === "pending";

  return (
    // PageSection's markup, with a heading that can take focus when the last row goes.
    <div className="container">
      <section className="panel">
        <header className="panel-header">
          <h1 ref={heading} tabIndex={-1} className="panel-title">
            提现审核
          </h1>
        </header>
        <RouteTabs
          tabs={TABS.map((t) => ({ to: hrefOf(t.status), title: t.title }))}
          active={hrefOf(status)}
          label="提现状态"
        />
        {pending ? (
          <p className="withdrawals-lead">
            最早申请的在前。向支付宝账号打款后点「已打款」；无法打款时「退回」，金额回到作者余额。
          </p>
        ) : null}
        {rows.length === 0 ? (
          <EmptyState title={tab.empty} description={pending ? "作者申请提现后会出现在这里" : undefined} />
        ) : (
          <table className="withdrawals-table">
            <thead>
              <tr>
                <th scope="col">作者</th>
                <th scope="col">金额</th>
                <th scope="col">支付宝账号</th>
                <th scope="col">实名</th>
                <th scope="col">申请时间</th>
                {pending ? (
                  <th scope="col">
                    <span className="visually-hidden">操作</span>
                  </th>
                ) : (
                  <th scope="col">处理时间</th>
                )}
              </tr>
            </thead>
            <tbody ref={table}>
              {rows.map((item) => (
                <tr key={item.bill.id} className="withdrawal-row">
                  <th scope="row" className="withdrawal-user">
                    <Link to={`/user/${item.user.id}`} className="withdrawal-user-link">
                      <Avatar user={item.user} size={28} />
                      <span className="withdrawal-username">{item.user.username}</span>
                    </Link>
                  </th>
                  <td className="withdrawal-amount" data-label="金额">
                    {formatYuan(-item.bill.amount)} 元
                  </td>
                  <td className="withdrawal-account" data-label="支付宝账号">
                    {item.alipayAccount || "—"}
                  </td>
                  <td data-label="实名">{item.realName || "—"}</td>
                  <td data-label="申请时间">
                    <time dateTime={item.bill.create_time}>{beijingTime(item.bill.create_time)}</time>
                  </td>
                  {pending ? (
                    <td className="withdrawal-actions">
                      <button
                        type="button"
                        className="btn btn-primary withdrawal-pay"
                        aria-label={`已打款：${item.user.username} ${formatYuan(-item.bill.amount)} 元`}
                        onClick={() => setSettling({ item, status: "succeeded" })}
                      >
                        已打款
                      </button>
                      <button
                        type="button"
                        className="btn withdrawal-refuse"
                        aria-label={`退回：${item.user.username} ${formatYuan(-item.bill.amount)} 元`}
                        onClick={() => setSettling({ item, status: "failed" })}
                      >
                        退回
                      </button>
                    </td>
                  ) : (
                    <td data-label="处理时间">
                      <time dateTime={item.bill.update_time}>{beijingTime(item.bill.update_time)}</time>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <FirstNextPager firstHref={hrefOf(status)} nextHref={nextHref} paged={paged} />
        <ConfirmDialog
          open={settling !== null}
          title={settling?.status === "failed" ? "退回提现" : "确认已打款"}
          message={settling ? confirmText(settling) : undefined}
          confirmLabel={settling?.status === "failed" ? "退回" : "已打款"}
          busy={busy}
          onConfirm={settle}
          onCancel={() => setSettling(null)}
        />
      </section>
    </div>
  );
}

function confirmText({ item, status }: Settling): string {
  const money = `${formatYuan(-item.bill.amount)} 元`;
  const payee = `${item.realName || item.user.username}（支付宝 ${item.alipayAccount || "未填写"}）`;
  return status === "succeeded"
    ? `确认已向 ${payee}打款 ${money}？标记后无法撤销。`
    : `退回后 ${money} 将回到 ${item.user.username} 的余额。确定退回吗？`;
}
