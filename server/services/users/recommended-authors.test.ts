import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema/index.ts";
import type { NuggetApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { newId } from "../../lib/ids.ts";
import { useTestApp } from "../../../tests/support/app.ts";

// Spec §9: "Welcome authors 5 from 10 fixed ids". Ten ids chosen before the app starts, as an
// operator would put them in WELCOME_AUTHOR_IDS; two of them never become accounts.
const FIXED = Array.from({ length: 10 }, () => newId());
const MISSING = new Set(FIXED.slice(8));

let nugget: NuggetApp;
useTestApp((n) => (nugget = n), { welcomeAuthorIds: FIXED });

describe("the welcome page's authors", () => {
  it("shows 5 of the fixed ids, a fresh pick each time, leaving out accounts that are gone", async () => {
    // Names unique to this run: on PostgreSQL the test database outlives it.
    const rows = FIXED.filter((id) => !MISSING.has(id)).map((id) => ({
      id,
      username: `固定作者${id.slice(-8)}`,
    }));
    await nugget.database.db.insert(users).values(rows);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const authors = await nugget.services.users.recommendedAuthors(5);
      expect(authors).toHaveLength(5);
      expect(new Set(authors.map((a) => a.id)).size).toBe(5);
      for (const a of authors) {
        expect(FIXED.slice(0, 8)).toContain(a.id);
        seen.add(a.id);
      }
    }
    // 30 draws of 5 from 8: every existing fixed author comes up (a miss has odds below 1e-8).
    expect(seen.size).toBe(8);

    // Asked for more than the fixed accounts left: the hottest author tops the list up.
    const hotId = newId();
    const hot = { id: hotId, username: `最热作者${hotId.slice(-8)}`, totalHotIndex: 1_000_000_000 };
    await nugget.database.db.insert(users).values(hot);
    const nine = await nugget.services.users.recommendedAuthors(9);
    expect(nine.map((a) => a.id).sort()).toEqual([...FIXED.slice(0, 8), hot.id].sort());
  });

  it("a mistyped id stops the start with the variable's name", () => {
    expect(() => loadConfig({ WELCOME_AUTHOR_IDS: `${FIXED[0]}, not-an-id` })).toThrow(/WELCOME_AUTHOR_IDS/);
    expect(loadConfig({ WELCOME_AUTHOR_IDS: ` ${FIXED[0]},${FIXED[0]} ,` }).welcomeAuthorIds).toEqual([
      FIXED[0],
    ]);
    expect(loadConfig({}).welcomeAuthorIds).toEqual([]);
  });
});
