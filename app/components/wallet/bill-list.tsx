import { Link } from "react-router";
import type { PresentedBill } from "../../../shared/api-types";
import { beijingTime } from "../../../shared/format";
import { formatYuan } from "../../../shared/wallet-rules";
import { EmptyState } from "~/components/ui/empty-state";
import "./wallet.css";

const STATUS: Record<PresentedBill["status"], string> = {
  pending: "处理中",
  succeeded: "已完成",
  failed: "已退回",
};

// Beijing time on both sides: the server renders it and the browser hydrates the same text.
const money = (cents: number) => `${cents < 0 ? "-" : "+"}${formatYuan(Math.abs(cents))}`;

/** The bills, newest first, with 上一页 / 下一页 (zero-based ?page=). */
export function BillList({
  bills,
  page,
  pageSize,
  total,
}: {
  bills: PresentedBill[];
  page: number;
  pageSize: number;
  total: number;
}) {
  if (total === 0) return <EmptyState title="暂无账单" description="小册售出后，收入会出现在这里" />;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <ul className="bill-list">
        {bills.map((b) => (
          <li key={b.id} className="bill-row">
            <div className="bill-main">
              <span className="bill-desc">{b.description || (b.type === "income" ? "收入" : "提现")}</span>
              <time className="bill-time" dateTime={b.create_time}>
                {beijingTime(b.create_time)}
              </time>
            </div>
            <div className="bill-side">
              <span className={b.amount < 0 ? "bill-amount out" : "bill-amount in"}>{money(b.amount)}</span>
              <span className={`bill-status ${b.status}`}>{STATUS[b.status]}</span>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="bill-pager" aria-label="账单翻页">
          {page > 0 ? (
            <Link
              to={page - 1 === 0 ? "/user/wallet" : `/user/wallet?page=${page - 1}`}
              className="btn"
              preventScrollReset
            >
              上一页
            </Link>
          ) : (
            <span />
          )}
          <span className="bill-page-no">
            第 {page + 1} / {pages} 页
          </span>
          {page + 1 < pages ? (
            <Link to={`/user/wallet?page=${page + 1}`} className="btn" preventScrollReset>
              下一页
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
