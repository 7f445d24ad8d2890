/**
 * What the server hands every page loader (server/ssr.ts builds it per request): the contract
 * between the two sides, so it lives in shared/. Loaders call services in-process through
 * `services`, never over HTTP and never the database.
 */
import type { Caller, Services } from "./api-types.ts";

/** The logged-in user as the shell needs it (same shape as GET /api/v1/getUserInfo's `d`). */
export interface Viewer {
  id: string;
  username: string;
  avatarLarge: string;
  role: string;
  selfDescription: string;
  jobTitle: string;
  company: string;
  blogAddress: string;
  email: string | null;
  emailVerified: boolean;
  mobilePhoneNumber: string | null;
  mobilePhoneVerified: boolean;
  isXiaoceAuthor: boolean;
  hasWalletAccess: boolean;
  /** False for an account made by a third-party login that never set one. */
  hasPassword: boolean;
  followeesCount: number;
  followersCount: number;
  subscribedTagsCount: number;
  createdAt: string;
}

export interface NuggetLoadContext {
  viewer: Viewer | null;
  siteName: string;
  /** Double-submit CSRF token: also set as the readable `nugget_csrf` cookie. */
  csrfToken: string;
  devOutbox: boolean;
  /** The support address (SUPPORT_EMAIL) for the customer-service dialog. */
  supportEmail: string;
  /** The site's address (PUBLIC_URL): canonical links, share cards and feeds are absolute. */
  publicUrl: string;
  /**
   * Set when the database is away and the reader could not even be told (their session unread):
   * the message of the 503 the root answers for every page (server/ssr.ts).
   */
  unavailable?: string;
  /** Per-request nonce for inline scripts, allowed by the page's Content-Security-Policy. */
  cspNonce: string;
  /** Who is asking, for services that authorize or personalize (liked flags). */
  caller: Caller;
  services: Services;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends NuggetLoadContext {}
}
