// The load of one bench scenario (bench/run.ts): its warm-up and measured runs, from wrk or
// autocannon, with the paths, logins and forwarded addresses a scenario sends in turn.
import autocannon from "autocannon";
import { wrk } from "./wrk.ts";

export interface LoadSettings {
  generator: "wrk" | "autocannon";
  connections: number;
  /** Seconds measured, after `warmup` seconds of the same load unmeasured. */
  duration: number;
  warmup: number;
  /** The Accept-Encoding sent. */
  encoding: string;
  /** The cores wrk is pinned to (taskset), if any. */
  cores?: string;
}

export interface Scenario {
  name: string;
  path: string;
  /** Which server: the app with its page cache (default), without it, or the bare route. */
  target?: "cached" | "uncached" | "bare";
  /** Request headers, e.g. the auth triple of a logged-in user. */
  headers?: Record<string, string>;
  /**
   * The route has a per-address limit for people (search: 60 a minute): send every request from
   * its own address (the app trusts X-Forwarded-For here). Only where needed — building each
   * request in the load generator costs client CPU on this same machine.
   */
  manyAddresses?: boolean;
  /** Paths sent in turn instead of `path` alone (search: a mix of common and rare queries). */
  paths?: string[];
  /**
   * Header sets sent in turn (many readers' logins): request n goes as reader n mod R, on path
   * ⌊n / R⌋ mod P, so no reader reads a path twice before every reader has read every path.
   */
  headerSets?: Record<string, string>[];
}

const rand = () => Math.floor(Math.random() * 256);

/**
 * One scenario's figures: its first request alone (a cached scenario's one miss), then the same load
 * for `warmup` seconds unmeasured, then `duration` seconds measured.
 */
export async function load(
  settings: LoadSettings,
  baseUrls: Record<NonNullable<Scenario["target"]>, string>,
  s: Scenario,
) {
  const baseUrl = baseUrls[s.target ?? "cached"];
  if (s.target !== "bare") {
    // Warm: the first request of a cached scenario is its one miss.
    await fetch(baseUrl + (s.paths?.[0] ?? s.path), {
      headers: { ...s.headers, "x-forwarded-for": "10.9.9.9" },
    });
  }
  const headers = {
    accept: s.path.startsWith("/api/") ? "application/json" : "text/html",
    // As browsers send it: compressed answers are what a deployment serves.
    "accept-encoding": settings.encoding,
    ...s.headers,
  };
  // Steady state, not a cold start: the same load first, its rate and latencies unmeasured (its
  // failures still count: zero non-2xx means none at any time).
  const warm = settings.warmup > 0 ? await generate(settings, baseUrl, s, headers, settings.warmup) : null;
  const measured = await generate(settings, baseUrl, s, headers, settings.duration);
  const errors = measured.errors + (warm?.errors ?? 0);
  return { name: s.name, target: s.target ?? "cached", ...measured, errors, path: s.path };
}

/** One load of a scenario for `duration` seconds: its rate, latencies and failures. */
async function generate(
  settings: LoadSettings,
  baseUrl: string,
  s: Scenario,
  headers: Record<string, string>,
  duration: number,
) {
  let sent = 0;
  if (settings.generator === "wrk") {
    return wrk({
      url: baseUrl + s.path,
      connections: settings.connections,
      duration,
      headers,
      paths: s.paths,
      headerSets: s.headerSets,
      manyAddresses: s.manyAddresses,
      cores: settings.cores,
    });
  }
  const result = await autocannon({
    url: baseUrl + s.path,
    connections: settings.connections,
    duration,
    headers,
    ...(s.manyAddresses || s.paths || s.headerSets
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const n = sent++;
                const sets = s.headerSets;
                const turn = sets ? Math.floor(n / sets.length) : n;
                return {
                  ...req,
                  ...(s.paths ? { path: s.paths[turn % s.paths.length] } : {}),
                  headers: {
                    ...req.headers,
                    ...(sets ? sets[n % sets.length] : {}),
                    ...(s.manyAddresses ? { "x-forwarded-for": `10.${rand()}.${rand()}.${rand()}` } : {}),
                  },
                };
              },
            },
          ],
        }
      : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
