/** What other services may call of wallet: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { type WalletService } from "./wallet.ts";
