/** What other services may call of invites: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { acceptInvitation, dropUnusedInvitations } from "./queries.ts";
