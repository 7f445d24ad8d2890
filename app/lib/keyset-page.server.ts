import { decodePointer } from "../../shared/pagination";

/**
 * The pointer of a keyset-paged page (`?pointer=`, or the parameter `name`), kept only when it has
 * the page's `shape` (a pattern, or the date pointer of shared/pagination.ts): a stale or hand-made
 * pointer falls back to the first page instead of an error page.
 */
export function pointerParam(request: Request, shape: RegExp | "date", name = "pointer") {
  const raw = new URL(request.url).searchParams.get(name);
  if (!raw) return undefined;
  return (shape === "date" ? decodePointer(raw, "date") : shape.test(raw)) ? raw : undefined;
}
