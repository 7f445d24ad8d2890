/**
 * Keyset pointers (spec §4): a feed page starts after the last item of the previous one, named by its
 * sort value and its id. Offset paging would rescan every skipped row and repeat or skip entries when
 * new ones arrive; a keyset pointer does neither, and the 50th page costs what the first does.
 *
 * Wire format: `<value>_<id>` — the sort value (a number, or an ISO time) then the 24-hex id that
 * breaks ties. Kept readable so the spec's URL shapes (`?pointer=`) stay debuggable. Pure: the pages
 * read a URL's pointer with the same codec the services write it with.
 *
 * Requests may also name a place as §4 does, by the last item's sort value alone (`readPointer`).
 */
import { HEX_ID } from "./ids.ts";

export type PointerValue = number | Date;

export interface Pointer<V extends PointerValue = PointerValue> {
  value: V;
  /** The last item's id; "" for §4's bare value, which has none (keysetAfter then compares the value alone). */
  id: string;
}

export function encodePointer(value: PointerValue, id: string): string {
  return `${value instanceof Date ? value.toISOString() : String(value)}_${id}`;
}

/** Parses a pointer of the given kind; null for absent or malformed ones (the first page). */
export function decodePointer(raw: string | undefined | null, kind: "number"): Pointer<number> | null;
export function decodePointer(raw: string | undefined | null, kind: "date"): Pointer<Date> | null;
export function decodePointer(raw: string | undefined | null, kind: "number" | "date"): Pointer | null {
  if (!raw || raw.length > 80) return null;
  const cut = raw.lastIndexOf("_");
  if (cut <= 0) return null;
  const id = raw.slice(cut + 1);
  if (!HEX_ID.test(id)) return null;
  const value = decodePointerValue(raw.slice(0, cut), kind);
  return value === null ? null : { value, id };
}

/** The sort value part of a pointer: a finite number, or an ISO time (year 1 on) in milliseconds; else null. */
function decodePointerValue(text: string, kind: "number" | "date"): PointerValue | null {
  if (kind === "number") {
    if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return null;
    const value = Number(text);
    return Number.isFinite(value) ? value : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(text)) return null;
  const value = new Date(text);
  // PostgreSQL has no year 0: such a pointer would fail in the query instead of answering 400.
  return Number.isNaN(value.getTime()) || value.getUTCFullYear() < 1 ? null : value;
}

/**
 * A request's pointer in every form a list takes (spec §4), for `kind` the list's sort value:
 * - absent, "" or "0": the first page (null). Clients written for the original site open every list
 *   with before=0, and no list hands out 0 as a pointer of its own. As a bare value 0 would name
 *   nothing anyway: no sort value is below it (hotIndex and buy counts are never negative, rankIndex
 *   and times are far above it), so a client paging by values sees only repeats there and stops (§4).
 * - `<value>_<id>`, the pointer the lists hand out: rows after that exact item.
 * - a bare sort value, as §4 names it: the last item's rankIndex or hotIndex, or its createdAt as an
 *   ISO time or epoch milliseconds. It carries no id (`id: ""`), so rows after it are those strictly
 *   past the value: rows sharing that exact value are skipped rather than shown twice.
 * Anything else answers "malformed", for the caller's 400 naming its field.
 */
export function readPointer(
  raw: string | undefined | null,
  kind: "number",
): Pointer<number> | null | "malformed";
export function readPointer(raw: string | undefined | null, kind: "date"): Pointer<Date> | null | "malformed";
export function readPointer(
  raw: string | undefined | null,
  kind: "number" | "date",
): Pointer | null | "malformed";
export function readPointer(
  raw: string | undefined | null,
  kind: "number" | "date",
): Pointer | null | "malformed" {
  if (raw === undefined || raw === null || raw === "" || raw === "0") return null;
  if (raw.length > 80) return "malformed";
  const pointer = kind === "date" ? decodePointer(raw, "date") : decodePointer(raw, "number");
  if (pointer) return pointer;
  const value = bareValue(raw, kind);
  return value === null ? "malformed" : { value, id: "" };
}

/** A bare sort value: a number, an ISO time, or (for times) epoch milliseconds; else null. */
function bareValue(raw: string, kind: "number" | "date"): PointerValue | null {
  if (kind === "date" && /^\d{10,13}$/.test(raw)) {
    // Ten to thirteen digits: epoch milliseconds from 1970-04-26 to 2286, as JavaScript clients send times.
    return new Date(Number(raw));
  }
  return decodePointerValue(raw, kind);
}
