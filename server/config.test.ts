import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("refuses the development outbox and the loopback page reader in production, with the reason", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DEV_OUTBOX: "1" })).toThrow(
      /DEV_OUTBOX=1 is not allowed in production.*\/dev\/outbox/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", PAGE_FETCH_ALLOW_LOOPBACK: "1" })).toThrow(
      /PAGE_FETCH_ALLOW_LOOPBACK=1 is not allowed in production/,
    );
    const production = loadConfig({ NODE_ENV: "production", DEV_OUTBOX: "0" });
    expect([production.devOutbox, production.pageFetchAllowLoopback]).toEqual([false, false]);
    // Elsewhere both may be switched on; the outbox is on by default.
    expect(loadConfig({ PAGE_FETCH_ALLOW_LOOPBACK: "1" })).toMatchObject({
      devOutbox: true,
      pageFetchAllowLoopback: true,
    });
    expect(loadConfig({ DEV_OUTBOX: "0" }).devOutbox).toBe(false);
  });
});
