import { createAuthService } from "./auth/auth.ts";
import type { Deps } from "./deps.ts";
import { createEntryService } from "./entries/entries.ts";
import { createTagService } from "./tags/tags.ts";
import { createUserService } from "./users/users.ts";

/** Every service of spec §7, built once per app from the same deps. */
export function createServices(deps: Deps) {
  const auth = createAuthService(deps);
  const users = createUserService(deps, auth);
  const entries = createEntryService(deps);
  const tags = createTagService(deps);
  return { auth, users, entries, tags };
}

export type Services = ReturnType<typeof createServices>;
