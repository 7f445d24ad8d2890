import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { testApp, withPageCache } from "./support/app.ts";
import { call } from "./support/client.ts";

// /metrics (Prometheus text format): closed without METRICS_TOKEN, open only to its bearer token.
describe("GET /metrics", () => {
  let open: NuggetApp;
  let closed: NuggetApp;
  beforeAll(async () => {
    open = await testApp({ metricsToken: "s3cret-metrics", ...withPageCache() });
    closed = await testApp();
  });
  afterAll(async () => {
    for (const app of [open, closed]) {
      await app.app.close();
      await app.database.close();
    }
  });

  const scrape = (app: NuggetApp, authorization?: string) =>
    app.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });

  it("is closed without a token configured, and to a wrong or missing token", async () => {
    expect((await scrape(closed, "Bearer anything")).statusCode).toBe(404);
    expect((await scrape(open)).statusCode).toBe(401);
    expect((await scrape(open, "Bearer s3cret-metricX")).statusCode).toBe(401);
  });

  it("counts requests by route pattern and status, and shows the job queues and Node's own figures", async () => {
    for (let i = 0; i < 3; i++) expect((await call(open.app, "GET", "/api/categories")).s).toBe(1);
    expect((await call(open.app, "GET", "/api/getEntry?entryId=0123456789abcdef01234567")).status).toBe(404);
    const res = await scrape(open, "Bearer s3cret-metrics");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /nugget_http_request_duration_seconds_count\{method="GET",route="\/api\/categories",status="200"\} 3\n/,
    );
    // The pattern, not the URL with its id.
    expect(text).toMatch(/route="\/api\/getEntry",status="404"\} 1\n/);
    expect(text).not.toContain("0123456789abcdef01234567");
    // The anonymous page cache: the first categories call rendered, the next two were hits.
    expect(text).toMatch(/nugget_page_cache_responses_total\{result="miss"\} [1-9]/);
    expect(text).toMatch(/nugget_page_cache_responses_total\{result="hit"\} 2\n/);
    expect(text).toContain("# TYPE nugget_jobs gauge");
    expect(text).toContain("nugget_process_resident_memory_bytes");
    expect(text).toContain("nugget_nodejs_eventloop_lag_seconds");
    if (process.env.DATABASE_URL) expect(text).toMatch(/nugget_db_pool_connections\{state="total"\} \d+/);
  });

  it("counts the hits answered in front of Fastify, over a socket", async () => {
    const hits = async () =>
      Number(
        /nugget_page_cache_responses_total\{result="hit"\} (\d+)/.exec(
          (await scrape(open, "Bearer s3cret-metrics")).body,
        )?.[1] ?? 0,
      );
    const before = await hits();
    const address = await open.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `${address}/api/categories`;
    await open.pageCache!.purge(["*"]);
    expect((await fetch(url)).headers.get("x-cache")).toBe("miss");
    for (let i = 0; i < 3; i++) expect((await fetch(url)).headers.get("x-cache")).toBe("hit");
    expect(await hits()).toBe(before + 3);
  });
});
