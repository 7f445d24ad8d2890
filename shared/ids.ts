/**
 * The id patterns both sides check (spec §4): pages test a URL's id before asking a service, the
 * services and the pointer codec test what they are sent. Minting ids stays on the server
 * (server/lib/ids.ts `newId`).
 */

/** A row's id as a pattern fragment, for schemas that build on it (lists of ids joined by |). */
export const HEX_ID_SOURCE = "[0-9a-f]{24}";

/** A row's id as a whole-string pattern, for the TypeBox (JSON Schema) `pattern` of a route. */
export const HEX_ID_PATTERN = `^${HEX_ID_SOURCE}$`;

/** A row's id: 24 lowercase hex characters, time-ordered like a MongoDB ObjectId. */
export const HEX_ID = new RegExp(HEX_ID_PATTERN);

/** The spec's id rule for routes: 24 alphanumeric characters. */
export const ROUTE_ID = /^[0-9a-zA-Z]{24}$/;

export function isRouteId(id: string | undefined): id is string {
  return typeof id === "string" && ROUTE_ID.test(id);
}
