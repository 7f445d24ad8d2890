/**
 * The id patterns both sides check (spec §4): pages test a URL's id before asking a service, the
 * services and the pointer codec test what they are sent. Minting ids stays on the server
 * (server/lib/ids.ts `newId`).
 */

/** A row's id: 24 lowercase hex characters, time-ordered like a MongoDB ObjectId. */
export const HEX_ID = /^[0-9a-f]{24}$/;

/** The spec's id rule for routes: 24 alphanumeric characters. */
export const ROUTE_ID = /^[0-9a-zA-Z]{24}$/;

export function isRouteId(id: string | undefined): id is string {
  return typeof id === "string" && ROUTE_ID.test(id);
}
