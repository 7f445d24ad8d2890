import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALERT_CLOSED_AT_KEY,
  REQUEST_ERRORS_KEY,
  REQUEST_HEALTH_SILENCE_MS,
  isSilenced,
  recordAlertClosed,
  recordRequestFailure,
  safeStorage,
  type HealthStorage,
  type KeyValue,
} from "../../app/lib/request-health.ts";

// Lives here, not beside app/lib/request-health.ts: vitest.config.ts only collects server/,
// shared/, db/ and tests/.

function memory(initial: Record<string, string> = {}): KeyValue & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const fresh = (): HealthStorage => ({ session: memory(), local: memory() });
const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);

describe("request-health counting", () => {
  it("shows on the third failure of a session and starts counting again", () => {
    const storage = fresh();
    const shown = Array.from({ length: 9 }, (_, i) => recordRequestFailure(storage, T0 + i));
    expect(shown).toEqual([false, false, true, false, false, true, false, false, true]);
    expect(storage.session.getItem(REQUEST_ERRORS_KEY)).toBe("0");
  });

  it("stays away for 24 hours after a close, then shows on the next failure", () => {
    const storage = fresh();
    recordAlertClosed(storage, T0);
    expect(storage.local.getItem(ALERT_CLOSED_AT_KEY)).toBe(String(T0));
    for (let i = 0; i < 10; i++) expect(recordRequestFailure(storage, T0 + 1000 * i)).toBe(false);
    expect(recordRequestFailure(storage, T0 + REQUEST_HEALTH_SILENCE_MS - 1)).toBe(false);
    // The count went on growing while silenced: the first failure after the 24 hours shows it.
    expect(recordRequestFailure(storage, T0 + REQUEST_HEALTH_SILENCE_MS)).toBe(true);
    expect(recordRequestFailure(storage, T0 + REQUEST_HEALTH_SILENCE_MS + 1)).toBe(false);
  });

  it("a new session starts from zero", () => {
    const local = memory();
    const first: HealthStorage = { session: memory(), local };
    recordRequestFailure(first, T0);
    recordRequestFailure(first, T0);
    const second: HealthStorage = { session: memory(), local };
    expect(recordRequestFailure(second, T0)).toBe(false);
    expect(recordRequestFailure(second, T0)).toBe(false);
    expect(recordRequestFailure(second, T0)).toBe(true);
  });

  it("treats garbage and future close times as absent", () => {
    const storage: HealthStorage = {
      session: memory({ [REQUEST_ERRORS_KEY]: "banana" }),
      local: memory({ [ALERT_CLOSED_AT_KEY]: String(T0 + 60_000) }),
    };
    expect(recordRequestFailure(storage, T0)).toBe(false);
    expect(recordRequestFailure(storage, T0)).toBe(false);
    expect(recordRequestFailure(storage, T0)).toBe(true);
    expect(isSilenced(null, T0)).toBe(false);
    expect(isSilenced(T0 - REQUEST_HEALTH_SILENCE_MS, T0)).toBe(false);
    expect(isSilenced(T0 - REQUEST_HEALTH_SILENCE_MS + 1, T0)).toBe(true);
  });

  it("never shows twice without three failures in between, and never while silenced", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant("fail" as const), dt: fc.integer({ min: 0, max: 3_600_000 }) }),
            fc.record({ kind: fc.constant("close" as const), dt: fc.integer({ min: 0, max: 3_600_000 }) }),
          ),
          { maxLength: 80 },
        ),
        (events) => {
          const storage = fresh();
          let now = T0;
          let failuresSinceShown = 0;
          let closedAt: number | null = null;
          for (const event of events) {
            now += event.dt;
            if (event.kind === "close") {
              recordAlertClosed(storage, now);
              closedAt = now;
              continue;
            }
            failuresSinceShown++;
            const shown = recordRequestFailure(storage, now);
            const silenced = closedAt !== null && now - closedAt < REQUEST_HEALTH_SILENCE_MS;
            // The model: shown exactly when over two failures are pending and not silenced.
            expect(shown).toBe(failuresSinceShown > 2 && !silenced);
            if (shown) failuresSinceShown = 0;
          }
        },
      ),
    );
  });
});

describe("safeStorage", () => {
  it("falls back to memory when storage throws", () => {
    const store = safeStorage(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(store.getItem("a")).toBeNull();
    store.setItem("a", "1");
    expect(store.getItem("a")).toBe("1");
  });

  it("keeps counting in memory when a write is refused", () => {
    const data = new Map<string, string>();
    let full = false;
    const fake = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (full) throw new DOMException("full", "QuotaExceededError");
        data.set(key, value);
      },
    } as Storage;
    const store = safeStorage(() => fake);
    store.setItem(REQUEST_ERRORS_KEY, "1");
    full = true;
    store.setItem(REQUEST_ERRORS_KEY, "2");
    expect(store.getItem(REQUEST_ERRORS_KEY)).toBe("2");
    const health: HealthStorage = { session: store, local: safeStorage(() => undefined) };
    expect(recordRequestFailure(health, T0)).toBe(true);
  });
});
