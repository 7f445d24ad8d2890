import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * A hot query that Drizzle builds once per database handle instead of on every call. Building a
 * select (walking its columns, casing, the SQL text) cost a third of the CPU of a signed-in list
 * read in a profile, more than running it; a prepared query only binds its parameters. It is also
 * prepared by name on each connection (node-postgres), which db/named-statements.ts would do anyway.
 *
 * Under read routing (db/replica.ts) `db.select` resolves to the replica's or the primary's
 * according to the request: one prepared query is kept for each, keyed by what `select` is. A
 * transaction is a handle of its own (built again; only the plain handle is worth keeping).
 */
export function preparedPerDb<D extends object, Q>(build: (db: D) => Q): (db: D) => Q {
  const cache = new WeakMap<D, Map<unknown, Q>>();
  return (db) => {
    const route = (db as { select?: unknown }).select;
    let byRoute = cache.get(db);
    if (!byRoute) cache.set(db, (byRoute = new Map()));
    let query = byRoute.get(route);
    if (!query) byRoute.set(route, (query = build(db)));
    return query;
  };
}

/**
 * preparedPerDb for a query whose text depends on a few switches (which filters are set, a sort, a
 * pointer's form): one prepared query per database handle and shape, where `key` names the shape
 * and `build` makes its statement with every value a placeholder. The shapes must be few and
 * fixed by the code, never by a value: each is a statement every connection keeps.
 */
export function preparedPerShape<D extends object, S, Q>(
  key: (shape: S) => string,
  build: (db: D, shape: S, name: string) => Q,
): (db: D, shape: S) => Q {
  const byDb = preparedPerDb((_db: D) => new Map<string, Q>());
  return (db, shape) => {
    const name = key(shape);
    const queries = byDb(db);
    let query = queries.get(name);
    if (!query) queries.set(name, (query = build(db, shape, name)));
    return query;
  };
}

/**
 * `column = any($name::char(24)[])`: ids of a prepared statement as one array parameter, so the
 * statement has one text whatever their count (`in (…)` has one per length).
 */
export function idIsAnyOf(column: AnyColumn | SQL, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::char(24)[])`;
}
