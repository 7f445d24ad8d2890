import { notFound } from "~/lib/guards.server";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** Any path no other route claims: 404 and the not-found view (rendered by the root boundary). */
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
