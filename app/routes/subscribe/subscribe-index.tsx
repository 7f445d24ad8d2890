import { redirect } from "react-router";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** /subscribe → /subscribe/subscribed. */
export function loader() {
  throw redirect("/subscribe/subscribed");
}
