import type { Route } from "./+types/wallet";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** wallet: login required; balance, bills and withdrawal for viewers with wallet access. */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  return { hasWallet: viewer.hasWalletAccess, amount: 0, bills: [] as { id: string }[] };
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
  return (
    <PageSection title="钱包" narrow>
      <div className="wallet-balance">
        <span className="wallet-label">余额（元）</span>
        <strong className="wallet-amount">{loaderData.amount.toFixed(2)}</strong>
      </div>
      <h2 className="settings-title">账单</h2>
      <EmptyState title="暂无账单" />
    </PageSection>
  );
}
