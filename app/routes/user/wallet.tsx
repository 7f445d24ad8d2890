import type { Route } from "./+types/wallet";
import { formatYuan } from "../../../shared/wallet-rules";
import { PageSection } from "~/components/layout/page";
import { BillList } from "~/components/wallet/bill-list";
import { WithdrawForm } from "~/components/wallet/withdraw-form";
import { EmptyState } from "~/components/ui/empty-state";
import { requireViewer } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/**
 * wallet (/user/wallet?page=): login required. With wallet access: balance (and what pending
 * withdrawals hold), the withdrawal form with its rules, and the bills page by page. Without it the
 * wallet service answers status 2 (spec §5) and the page says the wallet is not open.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const wallet = context.services.wallet;
  const page = Math.max(0, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 0));
  return fromService(
    async () => {
      const [amount, rules, bills] = await Promise.all([
        wallet.amount(context.caller),
        wallet.rules(context.caller),
        wallet.bills({ page }, context.caller),
      ]);
      return { hasWallet: true as const, amount, rules, bills };
    },
    { noWallet: () => ({ hasWallet: false as const }) },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "钱包");

export default function Wallet({ loaderData }: Route.ComponentProps) {
  if (!loaderData.hasWallet) {
    return (
      <PageSection title="钱包" narrow>
        <EmptyState title="暂未开通钱包" description="钱包仅对小册作者等收入用户开放" />
      </PageSection>
    );
  }
  const { amount, rules, bills } = loaderData;
  return (
    <PageSection title="钱包" narrow>
      <div className="wallet-grid">
        <div className="wallet-card" aria-live="polite">
          <span className="wallet-label">可提现余额（元）</span>
          <strong className="wallet-amount" data-testid="wallet-amount">
            {formatYuan(amount.amount)}
          </strong>
          {amount.held > 0 ? (
            <span className="wallet-held">提现处理中 {formatYuan(amount.held)} 元</span>
          ) : null}
        </div>
        <WithdrawForm rules={rules} />
      </div>
      <h2 className="wallet-section-title">账单</h2>
      <BillList bills={bills.list} page={bills.page} pageSize={bills.pageSize} total={bills.total} />
    </PageSection>
  );
}
