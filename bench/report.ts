/**
 * The bench's report (bench/results/latest.md): every scenario against the bare route, the verdict
 * on the targets (targets.ts), publishing, and the feed queries' plans.
 */
import os from "node:os";
import type { benchPublishing } from "./publish.ts";
import { verdictLines, verdicts, type Measured } from "./targets.ts";

/** One feed query's EXPLAIN ANALYZE, read. */
export interface Explained {
  name: string;
  ms: number;
  usesIndex: boolean;
  sortsRows: boolean;
  plan: string;
}

/** What the publishing scenario measured, when it ran. */
type Publishing = Awaited<ReturnType<typeof benchPublishing>>;

export function benchReport(input: {
  database: string;
  entries: number;
  /** Connections, duration, encoding and load generator, as one sentence. */
  setup: string;
  results: (Measured & { p50: number })[];
  explained: Explained[];
  peakRss: Partial<Record<string, number>>;
  publishing: Publishing | null;
}): string {
  const { results, explained, peakRss, publishing } = input;
  const bareRps = results.find((r) => r.target === "bare" && r.name === "bare Fastify JSON route")?.rps;
  const mb = (bytes: number | undefined) => (bytes ? `${(bytes / 2 ** 20).toFixed(0)} MB` : "—");
  const ratio = (rps: number) => (bareRps ? `${((100 * rps) / bareRps).toFixed(1)}%` : "—");

  const loadRatios = results.flatMap((p50) => {
    const p1 =
      p50.name.includes(" p50 ") && results.find((r) => r.name === p50.name.replace(" p50 ", " p1 "));
    return p1 ? [{ name: p50.name, ratio: p50.p50 / p1.p50 }] : [];
  });

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; client and server on the same machine`;
  const lines = [
    `# Benchmark — ${new Date().toISOString()}`,
    "",
    `Database ${input.database} (PostgreSQL): ${input.entries.toLocaleString("en")} entries. ${input.setup}. Machine: ${machine}.`,
    "",
    `Peak RSS of each server process (the load generator runs apart): the app instance with the page cache, as deployed, ${mb(peakRss.cached)}; the instance without it ${mb(peakRss.uncached)}; the bare route ${mb(peakRss.bare)}.`,
    "",
    ...sameBytesLine(results),
    "| scenario | server | req/s | of bare route | p50 ms | p99 ms | non-2xx/errors |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) => `| ${r.name} | ${r.target} | ${r.rps} | ${ratio(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    ),
    "",
    ...verdictLines(verdicts(results, peakRss, loadRatios)),
    ...(publishing
      ? [
          "## Publishing (the publish service, the request's own work)",
          "",
          "| author | publishes | p50 ms | p99 ms |",
          "|---|---:|---:|---:|",
          `| no followers | ${publishing.publishes} | ${publishing.unknown.p50.toFixed(1)} | ${publishing.unknown.p99.toFixed(1)} |`,
          `| ${publishing.followers.toLocaleString("en")} followers | ${publishing.publishes} | ${publishing.popular.p50.toFixed(1)} | ${publishing.popular.p99.toFixed(1)} |`,
          "",
          `The notify-followers jobs then told ${publishing.told.toLocaleString("en")} followers in ${(publishing.fanOutMs / 1000).toFixed(1)} s (${Math.round(publishing.told / (publishing.fanOutMs / 1000)).toLocaleString("en")} notifications/s, polling included).`,
          "",
        ]
      : []),
    "## Feed queries (EXPLAIN ANALYZE, warm)",
    "",
    "| query | execution ms | index scan | sorts rows |",
    "|---|---:|---|---|",
    ...explained.map(
      (e) =>
        `| ${e.name} | ${e.ms.toFixed(3)} | ${e.usesIndex ? "yes" : "NO"} | ${e.sortsRows ? "YES" : "no"} |`,
    ),
    "",
    ...[0, 2, 4, 6].map((i) => {
      const ratio = explained[i + 1].ms / explained[i].ms;
      return `- ${explained[i + 1].name} / page 1 (database time): ${ratio.toFixed(2)}× ${ratio <= 1.2 ? "(within 1.2×)" : "(OVER 1.2×)"}`;
    }),
    "",
    "Page 50 / page 1 under load (p50 latency of the uncached lists):",
    "",
    ...loadRatios.map(
      (r) => `- ${r.name} / p1: ${r.ratio.toFixed(2)}× ${r.ratio <= 1.2 ? "(within 1.2×)" : "(OVER 1.2×)"}`,
    ),
    "",
    ...explained.flatMap((e) => [`### ${e.name}`, "", "```", e.plan, "```", ""]),
  ];
  return lines.join("\n");
}

/**
 * The explore page's cache hits against the bare route sending the same bytes: the share of a hit's
 * cost that is the cache's own work rather than moving the page over the connection.
 */
function sameBytesLine(results: { name: string; rps: number }[]): string[] {
  const bytes = results.find((r) => r.name.startsWith("bare route sending"));
  const hit = results.find((r) => r.name === "explore page, cache hit (SSR)");
  if (!bytes || !hit) return [];
  return [
    `Explore page cache hits reach ${((100 * hit.rps) / bytes.rps).toFixed(0)}% of a bare route sending the same gzip bytes.`,
    "",
  ];
}
