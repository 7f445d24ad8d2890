import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Test apps hold every API answer to what JSON.stringify would have written. A route's response
 * schema (server/lib/response.ts) becomes its serializer (fast-json-stringify), which drops a
 * property the schema does not list and coerces a value to the declared type: both change the
 * answer silently. Here the answer as sent is compared with JSON.stringify of the same value
 * (parsed, so key order does not count), and a difference fails the call with a 500 naming the
 * route and the first differing path, in whichever test made it.
 */
export function checkSerializedAnswers(app: FastifyInstance): void {
  const plain = new WeakMap<FastifyRequest, string>();
  app.addHook("preSerialization", async (req, _reply, payload) => {
    if (req.url.startsWith("/api/")) plain.set(req, JSON.stringify(payload));
    return payload;
  });
  app.addHook("onSend", async (req, _reply, payload) => {
    const expected = plain.get(req);
    // Once: the error answer a difference turns into is not compared again.
    plain.delete(req);
    // Compressed or streamed bodies are not compared: the tests that read answers send neither.
    if (expected === undefined || typeof payload !== "string") return payload;
    const sent: unknown = JSON.parse(payload);
    const want: unknown = JSON.parse(expected);
    if (!isDeepStrictEqual(sent, want)) {
      const message = `${req.method} ${req.routeOptions.url}: the response schema changed the answer at ${firstDifference(sent, want)}`;
      // The test sees a 500; the cause is printed here, since the answer does not show it.
      console.error(message);
      throw new Error(message);
    }
    return payload;
  });
}

/** The first path where two parsed JSON values differ, with both values there. */
function firstDifference(a: unknown, b: unknown, path = "answer"): string {
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const x = (a as Record<string, unknown>)[key];
      const y = (b as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
    }
  }
  return `${path}: sent ${JSON.stringify(a)}, JSON.stringify writes ${JSON.stringify(b)}`;
}
