import { getTableColumns, getTableName } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import type { Row } from "./context.ts";

/** What both drivers' clients (pg's Pool, PGlite) offer: a parameterized text query. */
interface RawClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/**
 * Multi-row INSERTs of up to 1000 rows (fewer for wide tables: PostgreSQL takes at most 65535
 * parameters). The statement is built here as text and sent straight to the driver's client:
 * drizzle's query builder spent over half of the seed's CPU time on these large inserts. Values
 * still go through each column's own mapToDriverValue (dates, arrays, jsonb); a missing value
 * becomes DEFAULT.
 */
export async function insertRows<T extends PgTable>(db: Db, table: T, rows: Row<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  const names = columns
    .map(([key, column]) => `"${column.keyAsName ? toSnakeCase(key) : column.name}"`)
    .join(", ");
  const head = `insert into "${getTableName(table)}" (${names}) values `;
  const client = (db as unknown as { $client: RawClient }).$client;
  const size = Math.max(1, Math.min(1000, Math.floor(60000 / columns.length)));
  for (let i = 0; i < rows.length; i += size) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of rows.slice(i, i + size) as Record<string, unknown>[]) {
      const values = columns.map(([key, column]) => {
        const value = row[key];
        if (value === undefined) return "default";
        if (value === null) return "null";
        params.push(column.mapToDriverValue(value));
        return "$" + params.length;
      });
      tuples.push("(" + values.join(", ") + ")");
    }
    await client.query(head + tuples.join(", "), params);
  }
}
