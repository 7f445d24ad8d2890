import { redirect } from "react-router";

/** /subscribe → /subscribe/subscribed. */
export function loader() {
  throw redirect("/subscribe/subscribed");
}
