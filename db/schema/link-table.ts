import type { BuildExtraConfigColumns } from "drizzle-orm";
import { type AnyPgColumn, type PgTableExtraConfigValue, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt } from "./columns.ts";

type LinkColumns<K extends string> = { [P in K]: ReturnType<typeof cascadeRef> } & {
  createdAt: ReturnType<typeof createdAt>;
};

/**
 * A link between two rows (a like, a follow, an entry in a collection set): one row a pair, made at
 * `createdAt`, gone when either side goes. The primary key takes the references in the order given,
 * so it also serves lookups by the first one; `extra` adds the indexes (and checks) the lists need.
 */
export function linkTable<TName extends string, K extends string>(
  name: TName,
  sides: Record<K, () => AnyPgColumn>,
  extra: (t: BuildExtraConfigColumns<TName, LinkColumns<K>, "pg">) => PgTableExtraConfigValue[],
) {
  const keys = Object.keys(sides) as K[];
  const columns = Object.fromEntries([
    ...keys.map((k) => [k, cascadeRef(sides[k])]),
    ["createdAt", createdAt()],
  ]) as LinkColumns<K>;
  return pgTable(name, columns, (t) => [
    primaryKey({ columns: [t[keys[0]], ...keys.slice(1).map((k) => t[k])] }),
    ...extra(t),
  ]);
}
