/**
 * The `?token=` of a link mailed to someone (password reset, e-mail change undo), cut to `max`
 * characters: what the page's form sends back; the service judges it.
 */
export function linkToken(request: Request, max: number): { token: string } {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: token.slice(0, max) };
}
