import { data } from "react-router";
import type { Services } from "../services/index.ts";
import { AppError } from "./errors.ts";
import { databaseUnavailable, transactionConflict } from "./pg-errors.ts";

/** What a page says while the database is away (the API's envelope says 服务繁忙 with its 503). */
export const PAGE_UNAVAILABLE = "服务暂时不可用，请稍后再试";

/** The page's answer then: the error view with this message, status 503 (ssr.ts adds Retry-After). */
const unavailable = () => data({ message: PAGE_UNAVAILABLE }, { status: 503 });

/**
 * A database away, a write conflict retried out (db/conflict-retry.ts: its 503), or any other 503 a
 * service answers: the page's 503, as the API's error handler answers them.
 */
const asPageError = (err: unknown): never => {
  const busy =
    databaseUnavailable(err) || transactionConflict(err) || (err instanceof AppError && err.status === 503);
  throw busy ? unavailable() : err;
};

/**
 * The services as page loaders get them (the load context's `services`): a call that finds the
 * database away throws the page's 503, which React Router renders with the root error view, where
 * the raw error would have been a 500 (the API answers 503 through its error handler). With
 * `away`, every call throws it without trying: the render of a request that met the outage before
 * any loader ran (its session could not be read).
 */
export function pageServices(services: Services, away = false): Services {
  const faces = new Map<PropertyKey, unknown>();
  const face = (service: object) => {
    const calls = new Map<PropertyKey, unknown>();
    return new Proxy(service, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        if (!calls.has(name)) {
          calls.set(name, (...args: unknown[]) => {
            if (away) throw unavailable();
            const result: unknown = Reflect.apply(value, target, args);
            return result instanceof Promise ? result.catch(asPageError) : result;
          });
        }
        return calls.get(name);
      },
    });
  };
  return new Proxy(services, {
    get(target, name) {
      if (!faces.has(name)) {
        const service: unknown = Reflect.get(target, name);
        faces.set(name, service && typeof service === "object" ? face(service) : service);
      }
      return faces.get(name);
    },
  });
}
