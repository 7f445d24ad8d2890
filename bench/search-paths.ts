// npm run bench:search-paths -- [--entries 1000000]
//
// For each query of the bench's search mix, one at a time against the bench database: which path
// ranked it (champion lists, or every match by RUM or GIN) and how long ranking took, warm (the
// median of 5), with champion lists on and off. Explains what the search scenarios of bench/run.ts
// measure under load.
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { segmentQuery } from "../server/lib/segment.ts";
import { rankMatches } from "../server/services/search/queries.ts";
import { entryQuery } from "../server/services/search/search.ts";
import { SEARCH_MIX } from "./config.ts";

const { values: args } = parseArgs({
  options: { entries: { type: "string", default: "1000000" }, "admin-url": { type: "string" } },
});
const ADMIN_URL =
  args["admin-url"] ?? process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/nugget_bench_${args.entries}`);
const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
const db = database.db;

async function time(run: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    await run();
    if (i) ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b)[2];
}

console.log("| query | path | matches | ranked with lists, ms | ranked in full, ms |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const query of SEARCH_MIX) {
  const q = entryQuery(segmentQuery(query));
  const ranked = await rankMatches(db, q);
  const early = await time(() => rankMatches(db, q));
  const full = await time(() => rankMatches(db, q, { champions: false }));
  const total = `${ranked.exact ? "" : "~"}${ranked.total.toLocaleString("en")}`;
  console.log(`| ${query} | ${ranked.path} | ${total} | ${early.toFixed(1)} | ${full.toFixed(1)} |`);
}
await database.close();
