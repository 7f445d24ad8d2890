import { describe, expect, it } from "vitest";
import type { Services } from "../services/index.ts";
import { AppError, RetryLaterError } from "./errors.ts";
import { pageServices } from "./page-services.ts";

/** A service face whose one call fails with `err`, as the load context hands it to a page. */
const failingWith = (err: unknown) =>
  pageServices({ entries: { get: async () => Promise.reject(err) } } as unknown as Services)
    .entries as unknown as {
    get: () => Promise<unknown>;
  };

describe("page services", () => {
  it("turn a write conflict retried out, or any 503 a service answers, into the page's 503", async () => {
    const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    for (const err of [deadlock, new RetryLaterError("写入冲突，服务繁忙，请稍后再试", 1, 503)]) {
      await expect(failingWith(err).get()).rejects.toMatchObject({ init: { status: 503 } });
    }
  });

  it("leave every other refusal to the page's own boundary", async () => {
    const notFound = new AppError(404, "不存在");
    await expect(failingWith(notFound).get()).rejects.toBe(notFound);
  });
});
