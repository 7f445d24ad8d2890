// The publishing scenario of `npm run bench`: an author with FOLLOWERS followers publishes
// as fast as one with none, because the followers are told by the notify-followers job, not by the
// request. Measured through the publish service (the request's own work, its transaction included;
// the per-author publish quota is cleared before each call), then the job's own time to tell them.
// The followers are bench accounts made once and kept with the database; what a run writes
// (entries, notifications) is removed again, so runs do not pile rows into later scenarios.
import { sql } from "drizzle-orm";
import type { NuggetApp } from "../server/app.ts";
import type { Caller } from "../server/services/deps.ts";

export const FOLLOWERS = 100_000;
/** Each popular publish tells FOLLOWERS people: 10 make a million notifications, removed afterwards. */
const PUBLISHES = 10;

type Rows<T> = { rows: T[] };

/** Bench followers (usernames bench_f…) of one bench author, made once in a few set-based statements. */
async function ensureAuthors(nugget: NuggetApp): Promise<{ popular: string; unknown: string }> {
  const db = nugget.database.db;
  const ids = async () =>
    (
      (await db.execute(
        sql`select id, username from users where username in ('bench_popular', 'bench_unknown')`,
      )) as unknown as Rows<{ id: string; username: string }>
    ).rows;
  if ((await ids()).length < 2) {
    await db.execute(sql`
      insert into users (id, username, email)
      select substr(md5('bench-author-' || name), 1, 24), name, name || '@bench.invalid'
        from unnest(array['bench_popular', 'bench_unknown']) as name
      on conflict do nothing`);
  }
  const authors = await ids();
  const popular = authors.find((a) => a.username === "bench_popular")!.id;
  const unknown = authors.find((a) => a.username === "bench_unknown")!.id;
  const [{ n }] = (
    (await db.execute(
      sql`select count(*)::int as n from follows where followee_id = ${popular}`,
    )) as unknown as Rows<{ n: number }>
  ).rows;
  if (n < FOLLOWERS) {
    await db.execute(sql`
      insert into users (id, username, email)
      select substr(md5('bench-follower-' || i), 1, 24), 'bench_f' || i, 'bench_f' || i || '@bench.invalid'
        from generate_series(1, ${FOLLOWERS}) as i
      on conflict do nothing`);
    await db.execute(sql`
      insert into follows (follower_id, followee_id)
      select substr(md5('bench-follower-' || i), 1, 24), ${popular}
        from generate_series(1, ${FOLLOWERS}) as i
      on conflict do nothing`);
    await db.execute(sql`
      update users set followers_count = (select count(*) from follows where followee_id = ${popular})
       where id = ${popular}`);
  }
  return { popular, unknown };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Publish latency for both authors, and how long the job takes to tell the popular one's followers. */
export async function benchPublishing(nugget: NuggetApp) {
  const { popular, unknown } = await ensureAuthors(nugget);
  const db = nugget.database.db;
  const made: { entryId: string; caller: Caller }[] = [];
  const publishAs = async (userId: string, i: number) => {
    const caller: Caller = { userId, sessionId: null, ip: "127.0.0.1", userAgent: "bench" };
    await nugget.kv.del(`publish:quota:${userId}`);
    const started = performance.now();
    const { entryId } = await nugget.services.publish.publish(
      {
        originalUrl: `https://example.com/bench/${userId}/${Date.now()}/${i}`,
        title: `压测发布 ${i}`,
        category: "frontend",
        type: "article",
        content: "",
      } as never,
      caller,
    );
    made.push({ entryId, caller });
    return performance.now() - started;
  };
  const timings = { popular: [] as number[], unknown: [] as number[] };
  // Interleaved, so both see the same machine.
  for (let i = 0; i < PUBLISHES; i++) {
    timings.unknown.push(await publishAs(unknown, i));
    timings.popular.push(await publishAs(popular, i));
  }
  const fanOutStarted = performance.now();
  await nugget.jobs.drain();
  const fanOutMs = performance.now() - fanOutStarted;
  const list = sql.join(
    made.map((m) => sql`${m.entryId}`),
    sql`, `,
  );
  const [{ told }] = (
    (await db.execute(
      sql`select count(*)::int as told from notifications where type = 'submitEntry' and entry_id in (${list})`,
    )) as unknown as Rows<{ told: number }>
  ).rows;
  // Leave the database as it was for the next run's scenarios: the notifications go, and the
  // entries are deleted as their authors would (counters follow).
  await db.execute(sql`delete from notifications where entry_id in (${list})`);
  for (const m of made) await nugget.services.publish.remove(m.entryId, m.caller);
  return {
    followers: FOLLOWERS,
    publishes: PUBLISHES,
    unknown: { p50: percentile(timings.unknown, 50), p99: percentile(timings.unknown, 99) },
    popular: { p50: percentile(timings.popular, 50), p99: percentile(timings.popular, 99) },
    fanOutMs,
    told,
  };
}
