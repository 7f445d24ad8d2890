/**
 * The invitation a visitor arrived with (`/?invite={code}`, the link of spec §7 Invites). It is
 * kept in sessionStorage until registration so that browsing a few pages first still credits the
 * inviter; the register form sends it as `invite` and forgets it once the account exists.
 */
const KEY = "nugget:invite";
const CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** Stores a well-formed code from the URL; answers whether one was found. */
export function rememberInvite(search: string): boolean {
  const code = new URLSearchParams(search).get("invite")?.trim();
  if (!code || !CODE.test(code)) return false;
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage disabled (private mode): the code still applies while this page stays open.
    pending = code;
  }
  return true;
}

let pending: string | null = null;

export function pendingInvite(): string | null {
  try {
    return sessionStorage.getItem(KEY) ?? pending;
  } catch {
    return pending;
  }
}

export function forgetInvite() {
  pending = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
