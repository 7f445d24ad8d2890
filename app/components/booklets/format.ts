import { formatYuan } from "../../../shared/wallet-rules";

/** ¥19.90, or 免费 for 0 (prices are integer cents). */
export function formatPrice(cents: number): string {
  if (cents === 0) return "免费";
  return `¥${formatYuan(cents)}`;
}
