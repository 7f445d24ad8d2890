import { describe, expect, it } from "vitest";
import type { SignalBus } from "../../lib/signals.ts";
import { RECENT_MS, createRecentSessions } from "./recent-sessions.ts";

/** A bus of one instance: what createSignalBus does on PGlite, with the resync callable. */
function oneInstanceBus() {
  const handlers = new Map<string, ((message: string) => void)[]>();
  const resyncs: (() => void)[] = [];
  const bus: SignalBus = {
    kind: "local",
    publish: (channel, message) => handlers.get(channel)?.forEach((h) => h(message)),
    subscribe: (channel, handler) => handlers.set(channel, [...(handlers.get(channel) ?? []), handler]),
    onResync: (handler) => resyncs.push(handler),
    close: async () => {},
  };
  return { bus, resync: () => resyncs.forEach((r) => r()) };
}

describe("recent sessions (the front's signed-in reads)", () => {
  const session = (userId: string) => ({ userId, sessionId: `s-${userId}`, hidesAnyone: false });

  it("trusts a confirmed session for RECENT_MS, for its owner's uid only", () => {
    let now = 1_000_000;
    const recent = createRecentSessions(oneInstanceBus().bus, () => now);
    expect(recent.find("t1")).toBeUndefined();
    recent.remember("t1", session("u1"));
    expect(recent.find("t1")?.userId).toBe("u1");
    expect(recent.find("t1", "u1")?.userId).toBe("u1");
    expect(recent.find("t1", "u2")).toBeUndefined();
    now += RECENT_MS - 1;
    expect(recent.find("t1")?.userId).toBe("u1");
    now += 1;
    expect(recent.find("t1")).toBeUndefined();
  });

  it("forgets a user's sessions when they end, and remembers none of theirs for a moment after", () => {
    let now = 1_000_000;
    const recent = createRecentSessions(oneInstanceBus().bus, () => now);
    recent.remember("a1", session("a"));
    recent.remember("a2", session("a"));
    recent.remember("b1", session("b"));
    recent.ended("a");
    expect([recent.find("a1"), recent.find("a2"), recent.find("b1")?.userId]).toEqual([
      undefined,
      undefined,
      "b",
    ]);
    // A lookup that ran before the deleting transaction committed must not bring it back.
    recent.remember("a1", session("a"));
    expect(recent.find("a1")).toBeUndefined();
    now += 5_000;
    recent.remember("a3", session("a"));
    expect(recent.find("a3")?.userId).toBe("a");
  });

  it("keeps its index of each user's tokens true through expiry and renewal", () => {
    let now = 1_000_000;
    const recent = createRecentSessions(oneInstanceBus().bus, () => now);
    recent.remember("t1", session("a"));
    now += RECENT_MS;
    expect(recent.find("t1")).toBeUndefined();
    // The same token confirmed again, now for someone else (a login on that browser as b).
    recent.remember("t1", session("b"));
    recent.remember("t2", session("a"));
    recent.ended("a");
    expect([recent.find("t1")?.userId, recent.find("t2")]).toEqual(["b", undefined]);
    recent.ended("b");
    expect(recent.find("t1")).toBeUndefined();
  });

  it("forgets everything when the bus's link was lost (a message may have been missed)", () => {
    const { bus, resync } = oneInstanceBus();
    const recent = createRecentSessions(bus);
    recent.remember("t1", session("u1"));
    resync();
    expect(recent.find("t1")).toBeUndefined();
  });
});
