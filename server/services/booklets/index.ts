/** What other services may call of booklets: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { type BookletService } from "./booklets.ts";
export { bookletSitemap } from "./queries.ts";
