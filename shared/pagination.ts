/**
 * Keyset pointers (spec §4): a feed page starts after the last item of the previous one, named by its
 * sort value and its id. Offset paging would rescan every skipped row and repeat or skip entries when
 * new ones arrive; a keyset pointer does neither, and the 50th page costs what the first does.
 *
 * Wire format: `<value>_<id>` — the sort value (a number, or an ISO time) then the 24-hex id that
 * breaks ties. Kept readable so the spec's URL shapes (`?pointer=`) stay debuggable. Pure: the pages
 * read a URL's pointer with the same codec the services write it with.
 */
import { HEX_ID } from "./ids.ts";

export type PointerValue = number | Date;

export interface Pointer<V extends PointerValue = PointerValue> {
  value: V;
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

/** The sort value part of a pointer: a finite number, or an ISO time in milliseconds; else null. */
export function decodePointerValue(text: string, kind: "number" | "date"): PointerValue | null {
  if (kind === "number") {
    if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return null;
    const value = Number(text);
    return Number.isFinite(value) ? value : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(text)) return null;
  const value = new Date(text);
  return Number.isNaN(value.getTime()) ? null : value;
}
