/**
 * The loader boundary (HOUSE §12): a page loader runs its service calls through `fromService`, which
 * turns a service's refusal into the page's response, so loaders hold no error plumbing.
 */
import { Codes, isAppError, type AppErrorShape } from "../../shared/errors";
import { forbidden, loginRequired, notFound, tooMany } from "./guards.server";

/** The refusals a page may answer in its own way, named as in the spec's error codes (§8). */
type Refusal = "noWallet" | "badRequest" | "unauthorized" | "forbidden" | "notFound" | "tooMany";

const REFUSAL_OF_CODE = new Map<number, Refusal>(
  (["noWallet", "badRequest", "unauthorized", "forbidden", "notFound", "tooMany"] as const).map((r) => [
    Codes[r],
    r,
  ]),
);

type Answer<F> = (err: AppErrorShape) => F | Promise<F>;

/**
 * How a page answers a refusal: a value the loader carries on with (a placeholder with status 404,
 * an empty list, "no wallet"), or one of the guards' responses thrown (a page's own 404 message).
 */
export type ServiceAnswers<F> = { [R in Refusal]?: Answer<F> } & {
  /** Any other refusal (a code below 500): for pages where every bad request means "no such page". */
  refused?: Answer<F>;
};

/**
 * What a refusal the loader does not answer becomes: the login page for 401, a redirect to "/" with
 * the 没有权限 alert for 403 (spec §6), the not-found page for 404, and the page's own 429 with
 * Retry-After (the API's allowances hold for pages too). Everything else is thrown on unchanged
 * and is the error page (500).
 */
const DEFAULT_ANSWERS: { [R in Refusal]?: Answer<never> } = {
  unauthorized: () => loginRequired(),
  forbidden: () => forbidden(),
  notFound: () => notFound(),
  tooMany: (err) => tooMany(err),
};

/** Runs a service call (or a loader's whole body) and answers a service's refusal as the page does. */
export async function fromService<T, F = never>(
  work: Promise<T> | (() => Promise<T>),
  answers: ServiceAnswers<F> = {},
): Promise<T | F> {
  try {
    return await (typeof work === "function" ? work() : work);
  } catch (err) {
    if (!isAppError(err)) throw err;
    const refusal = REFUSAL_OF_CODE.get(err.code);
    const answer =
      (refusal && answers[refusal]) ??
      (err.code < 500 ? answers.refused : undefined) ??
      (refusal && DEFAULT_ANSWERS[refusal]);
    if (answer) return answer(err);
    throw err;
  }
}
