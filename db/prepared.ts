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
