import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { driftAmong } from "./drift.ts";
import { booklets, users } from "../../db/schema/index.ts";
import type { NuggetApp } from "../../server/app.ts";
import { call, type Auth } from "./client.ts";
import { makeUser } from "./factories.ts";

const hex = (n: number) => randomBytes(n).toString("hex");

/** The counters a booklet sale or a booklet's writing moves. */
const COUNTERS = [
  "booklets.sections_count",
  "booklets.buy_count",
  "booklets.comments_count",
  "users.booklet_count",
  "users.purchased_booklet_count",
];

/**
 * What booklets.test.ts and orders.test.ts share: API calls from the default address, people and
 * published booklets made through the API, and the booklet counters' drift, recounted only for the
 * rows the file made (`touched`), since other files' rows share the database.
 */
export function bookletKit(nugget: () => NuggetApp) {
  const db = () => nugget().database.db;
  const get = (url: string, auth?: Auth) => call(nugget().app, "GET", url, { auth });
  const post = (url: string, body: Record<string, unknown>, auth?: Auth) =>
    call(nugget().app, "POST", url, { body, auth });
  const put = (url: string, body: Record<string, unknown>, auth?: Auth) =>
    call(nugget().app, "PUT", url, { body, auth });
  const del = (url: string, auth?: Auth) => call(nugget().app, "DELETE", url, { auth });

  /** Ids of every row the file made: counters are recounted for them only. */
  const touched = new Set<string>();
  async function register(flags: Partial<typeof users.$inferInsert> = {}) {
    const u = await makeUser(nugget(), flags);
    touched.add(u.user.id);
    return u;
  }
  const author = () => register({ isXiaoceAuthor: true, hasWalletAccess: true });

  /** A published booklet with sections: the first `free` of them free. */
  async function makeBooklet(
    auth: Auth,
    opts: { price?: number; sections?: number; free?: number; category?: string } = {},
  ) {
    const created = await post(
      "/api/booklets",
      {
        title: `小册 ${hex(3)}`,
        summary: "一本测试小册",
        price: opts.price ?? 1990,
        category: opts.category ?? "frontend",
      },
      auth,
    );
    if (created.s !== 1) throw new Error(`booklet failed: ${created.status} ${created.m}`);
    const id = created.d.id as string;
    touched.add(id);
    const sections: string[] = [];
    for (let i = 0; i < (opts.sections ?? 3); i++) {
      const r = await post(
        `/api/booklets/${id}/sections`,
        {
          title: `第 ${i + 1} 节`,
          content: `# 第 ${i + 1} 节\n\n正文 **${i}** <script>alert(1)</script>`,
          isFree: i < (opts.free ?? 1),
        },
        auth,
      );
      if (r.s !== 1) throw new Error(`section failed: ${r.status} ${r.m}`);
      sections.push(r.d.id);
    }
    const pub = await put("/api/booklets/isDraft", { bookletId: id, isDraft: false }, auth);
    if (pub.s !== 1) throw new Error(`publish failed: ${pub.status} ${pub.m}`);
    return { id, sections };
  }

  /** The booklet counters that differ from their rows, among the rows the file made. */
  const drift = () => driftAmong(db(), touched, COUNTERS);
  const bookletRow = async (id: string) => (await db().select().from(booklets).where(eq(booklets.id, id)))[0];
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

  return { db, get, post, put, del, touched, register, author, makeBooklet, drift, bookletRow, userRow };
}
