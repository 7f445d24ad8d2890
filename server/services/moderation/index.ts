/** What other services may call of moderation: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { createModerationService } from "./moderation.ts";
export { createScreen } from "./screen.ts";
