/**
 * A form's errors, field by field, from one check per field: the checks that passed (null or
 * undefined) are left out, so an empty answer means the form may be sent. The fields keep the
 * order given, which is the order a form focuses them in.
 */
export function fieldErrors<K extends string>(
  checks: Record<K, string | null | undefined>,
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const field of Object.keys(checks) as K[]) {
    const message = checks[field];
    if (message) found[field] = message;
  }
  return found;
}
