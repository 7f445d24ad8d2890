import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, char, integer, timestamp } from "drizzle-orm/pg-core";

// Shared column builders so every table spells ids, times and counters the same way.
// Column names come from the property names through drizzle's snake_case casing.

/** A 24-character hex ObjectId-style primary key (server/lib/ids.ts makes them). */
export const idColumn = () => char({ length: 24 }).primaryKey();
/** A reference to another table's 24-character id. */
export const ref = () => char({ length: 24 });
/**
 * A required reference to a row this one belongs to (its author, its entry, one side of a link):
 * deleting the target deletes this row too. Most foreign keys here are of this kind; add
 * `.primaryKey()` for a one-row-per-target table.
 */
export const cascadeRef = (target: () => AnyPgColumn) =>
  ref().notNull().references(target, { onDelete: "cascade" });
// Millisecond precision: times travel through JavaScript Dates (and keyset pointers) as milliseconds,
// and a microsecond default of now() would make a row compare unequal to its own pointer.
/** A point in time, millisecond precision. */
export const instant = () => timestamp({ withTimezone: true, mode: "date", precision: 3 });
export const createdAt = () => instant().notNull().defaultNow();
export const updatedAt = () => instant().notNull().defaultNow();
/** A denormalized counter, kept in the same transaction as the rows it counts. */
export const counter = () => integer().notNull().default(0);

/**
 * `column in ('a', 'b', …)` for a check constraint, written from the list the code uses so that
 * the two cannot drift: a value added to the list changes the check, and drizzle-kit migrates it.
 */
export const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;
