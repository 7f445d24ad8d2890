/** What other services may call of notifications: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { notify, notifyAccount, notifyFollowers, notifyModeration } from "./notify.ts";
