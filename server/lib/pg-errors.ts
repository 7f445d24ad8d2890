/** The constraint a unique violation (SQLSTATE 23505) hit, whichever driver or wrapper threw it. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: any = err; e; e = e.cause) {
    if (e.code === "23505") return e.constraint ?? e.constraint_name ?? String(e.detail ?? "");
  }
  return null;
}
