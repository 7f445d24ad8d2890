import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { encodePointer, readPointer, type Pointer, type PointerValue } from "../../shared/pagination.ts";
import { badRequest } from "./errors.ts";

/**
 * The one way a keyset list continues after its pointer (spec §4 pointers): rows strictly after
 * (value, id) in the list's order, as a row comparison. PostgreSQL answers `(sort, id) < (v, i)`
 * as one range of a btree on (sort, id) — scanned backward for a newest-first list — so every list
 * pages at the cost of its first page. `desc` (the default) is newest or biggest first.
 *
 * A bare §4 value (id "", see readPointer) has no id to break ties with: rows strictly past the value,
 * `sort < v` (or `> v` ascending), the same range of the same index. Rows sharing that exact value are
 * skipped rather than repeated: a client paging by values alone cannot tell which of them it has seen.
 *
 * Dates go in as ISO text cast to timestamptz: the same instant on node-postgres and PGlite,
 * whatever the process's time zone.
 */
export function keysetAfter(
  sortColumn: AnyColumn,
  idColumn: AnyColumn,
  pointer: { value: Date | number | string; id: string } | null | undefined,
  order: "desc" | "asc" = "desc",
): SQL | undefined {
  if (!pointer) return undefined;
  const value =
    pointer.value instanceof Date ? sql`${pointer.value.toISOString()}::timestamptz` : sql`${pointer.value}`;
  if (pointer.id === "") {
    return order === "desc" ? sql`${sortColumn} < ${value}` : sql`${sortColumn} > ${value}`;
  }
  return order === "desc"
    ? sql`(${sortColumn}, ${idColumn}) < (${value}, ${pointer.id})`
    : sql`(${sortColumn}, ${idColumn}) > (${value}, ${pointer.id})`;
}

/** What every keyset list's OpenAPI description says of the pointer forms pointerParam takes. */
export const POINTER_FORMS_NOTE =
  "翻页参数也接受规格 §4 的形式：为空或 0 表示第一页（原站客户端的第一次请求即带 0）；" +
  "只给最后一项的排序值（时间为 ISO 时间或毫秒时间戳，rankIndex 等为数值）时，返回严格排在该值之后的项，" +
  "与该值完全相同的其他项会被跳过（没有 id 无法区分）；推荐传回本接口给出的 `值_id` 形式。其他格式返回 400 并指出字段。";

/**
 * A list request's pointer, sent as `field`, in any form readPointer takes (absent, "" or 0 for the
 * first page; the `value_id` pointer; §4's bare value): the pointer, null for the first page, or
 * 400 naming the field.
 */
export function pointerParam(raw: string | undefined, kind: "number", field: string): Pointer<number> | null;
export function pointerParam(raw: string | undefined, kind: "date", field: string): Pointer<Date> | null;
export function pointerParam(raw: string | undefined, kind: "number" | "date", field: string): Pointer | null;
export function pointerParam(
  raw: string | undefined,
  kind: "number" | "date",
  field: string,
): Pointer | null {
  const pointer = readPointer(raw, kind);
  if (pointer === "malformed") throw badRequest(`${field} 格式不正确`, field);
  return pointer;
}

/**
 * Cuts a keyset fetch of `limit + 1` rows into the page: one row more than a page says whether a
 * next page exists without counting. `at` names a row's sort value and id; the pointer is the last
 * row's, null on an empty page.
 */
export function keysetSlice<R>(rows: R[], limit: number, at: (row: R) => readonly [PointerValue, string]) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, pointer: last ? encodePointer(...at(last)) : null, canNext: rows.length > limit };
}
