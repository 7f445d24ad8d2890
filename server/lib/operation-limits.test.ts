import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { Caller } from "../services/deps.ts";
import { redisKv } from "./kv.ts";
import { OPERATION_LIMITS, operationLimiter } from "./operation-limits.ts";

/** A port nothing listens on: a Redis that is away. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("operation limits while Redis is away", async () => {
  // The app's connection settings (redis.ts): no offline queue, so every command fails at once.
  const redis = new Redis(await deadPort(), "127.0.0.1", {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  });
  redis.on("error", () => {});
  const kv = redisKv(redis);
  afterAll(async () => {
    await kv.close();
    redis.disconnect();
  });
  const caller = (userId: string): Caller => ({ userId, sessionId: null, ip: "10.0.0.1", userAgent: "" });

  it("count in this process at the same limits instead of staying open", async () => {
    await expect(kv.incr("probe", 60)).rejects.toMatchObject({ status: 503 });
    const limits = operationLimiter(kv);
    const guesser = caller("a".repeat(24));
    for (let i = 0; i < OPERATION_LIMITS.password.max; i++) await limits.hit("password", guesser);
    await expect(limits.hit("password", guesser)).rejects.toMatchObject({ status: 429 });
    // Another account has its own allowance; one limiter or another on the same store, one count.
    await expect(limits.hit("password", caller("b".repeat(24)))).resolves.toBeUndefined();
    await expect(operationLimiter(kv).check("password", guesser)).rejects.toMatchObject({ status: 429 });

    const signUps = caller("c".repeat(24));
    for (let i = 0; i < OPERATION_LIMITS.register.max; i++) {
      await limits.check("register", signUps);
      await limits.count("register", signUps);
    }
    await expect(limits.check("register", signUps)).rejects.toMatchObject({ status: 429 });
  });
});
