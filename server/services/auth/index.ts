/** What other services may call of auth: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { createAuthService, type AuthResult, type AuthService } from "./auth.ts";
export type { RecentSession } from "./recent-sessions.ts";
