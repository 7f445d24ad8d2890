import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, RetryLaterError } from "../lib/errors.ts";
import { CONFLICT_MESSAGE, databaseUnavailable, transactionConflict } from "../lib/pg-errors.ts";

/** The spec §7 envelope: s status (1 is success), m message, d data. */
export interface Envelope<T = unknown> {
  s: number;
  m: string;
  d: T;
}

export function ok<T>(d: T): Envelope<T> {
  return { s: 1, m: "success", d };
}

/** Names the field an ajv error is about: "body/email" → "email". */
function validationField(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return "";
  const missing = (first.params as { missingProperty?: string })?.missingProperty;
  const path = first.instancePath.replace(/^\//, "").replace(/\//g, ".");
  return missing ? (path ? `${path}.${missing}` : missing) : path || (err.validationContext ?? "");
}

/**
 * One error handler for the API (HOUSE: one error vocabulary). AppErrors carry the spec's code;
 * schema failures answer 400 naming the field; anything unexpected is logged and answers a bare 500
 * that never shows internals.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // An error's envelope is not the route's answer: the register codes (10013 …) travel with HTTP
    // 200, where the route's compiled success schema (server/lib/response.ts) would drop `d.field`.
    // (A serializer of the reply's own leaves the content type to it.)
    reply.serializer(JSON.stringify).type("application/json; charset=utf-8");
    if (err instanceof AppError) {
      if (err instanceof RetryLaterError) reply.header("Retry-After", String(err.retryAfterSeconds));
      return reply
        .status(err.status)
        .send({ s: err.code, m: err.message, d: err.field ? { field: err.field } : null });
    }
    if (err.validation) {
      const field = validationField(err);
      const detail = err.validation[0]?.message ?? "";
      return reply.status(400).send({ s: 400, m: `参数 ${field} 不合法：${detail}`, d: { field } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ s: 429, m: "请求太频繁，请稍后再试", d: null });
    }
    if (status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      return reply.status(status).send({ s: status, m: `请求无效：${err.message}`, d: null });
    }
    if (transactionConflict(err)) {
      // A deadlock or serialization failure outside db.transaction's retries (db/conflict-retry.ts):
      // nothing was written and the same request will most likely go through.
      request.log.warn({ code: (err as { code?: string }).code }, "transaction conflict");
      return reply.status(503).header("Retry-After", "1").send({ s: 503, m: CONFLICT_MESSAGE, d: null });
    }
    if (databaseUnavailable(err)) {
      // The database is away (restarting, failing over): a clear, retryable answer, one short log
      // line instead of a stack per request; the pool reconnects by itself.
      request.log.warn({ code: (err as { code?: string }).code }, "database unavailable");
      return reply
        .status(503)
        .header("Retry-After", "5")
        .send({ s: 503, m: "服务繁忙，请稍后再试", d: null });
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ s: 500, m: "服务器开小差了，请稍后再试", d: null });
  });
}
