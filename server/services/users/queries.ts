import { and, desc, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { idIsAnyOf, preparedPerDb } from "../../../db/prepared.ts";
import { rowsById } from "../../lib/row-by-id.ts";
import { pagesChanged } from "../../lib/page-purge.ts";
import { ALL_PAGES } from "../../lib/page-scopes.ts";
import { thirdPartyBindings, users, verificationCodes } from "../../../db/schema/index.ts";
import { sitemapSource } from "../../lib/sitemap-source.ts";
import { updateStamped } from "../../lib/update-row.ts";

export type UserRow = typeof users.$inferSelect;

// lockUser: the user's row, locked for the transaction (changes to one's login methods serialize on it).
export const { find: findUserById, lock: lockUser, insert: insertUser } = rowsById(users);

/**
 * The columns anyone may see of a user (what presentPublicUser shows): no password hash, no e-mail
 * or phone, so presenting comment authors or translators neither reads nor parses them.
 */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  selfDescription: users.selfDescription,
  avatarLarge: users.avatarLarge,
  role: users.role,
  jobTitle: users.jobTitle,
  company: users.company,
  blogAddress: users.blogAddress,
  isXiaoceAuthor: users.isXiaoceAuthor,
  followeesCount: users.followeesCount,
  followersCount: users.followersCount,
  postedPostsCount: users.postedPostsCount,
  postedEntriesCount: users.postedEntriesCount,
  collectedEntriesCount: users.collectedEntriesCount,
  subscribedTagsCount: users.subscribedTagsCount,
  viewedEntriesCount: users.viewedEntriesCount,
  totalCollectionsCount: users.totalCollectionsCount,
  bookletCount: users.bookletCount,
  purchasedBookletCount: users.purchasedBookletCount,
  commentsCount: users.commentsCount,
  totalHotIndex: users.totalHotIndex,
  latestLoginedInAt: users.latestLoginedInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  /** Set once an account is erased (已注销用户): shown, without a follow button. */
  erasedAt: users.erasedAt,
};
export type PublicUserRow = Pick<UserRow, keyof typeof publicUserColumns>;

/** Users by id in one query (authors, translators, repliers), their public columns; ids not found are left out. */
export async function usersByIds(db: Tx, ids: string[]): Promise<PublicUserRow[]> {
  if (ids.length === 0) return [];
  return usersByIdsQuery(db).execute({ ids });
}

/** Prepared, one text whatever the count: every page with comments, pins or repos asks it. */
const usersByIdsQuery = preparedPerDb((db: Tx) =>
  db.select(publicUserColumns).from(users).where(idIsAnyOf(users.id, "ids")).prepare("nugget_users_by_ids"),
);

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserByPhone(db: Tx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobilePhoneNumber, phone)).limit(1);
  return row;
}

/** Is the username used by someone other than `exceptId` (case-insensitive, as the unique index)? */
export async function usernameTaken(db: Tx, username: string, exceptId?: string): Promise<boolean> {
  // The name of every erased account: nobody may pose as one (services/account-data).
  if (username.trim() === ERASED_USERNAME) return true;
  const cond = sql`lower(${users.username}) = lower(${username})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(cond, ne(users.id, exceptId)) : cond)
    .limit(1);
  return !!row;
}

export async function updateUser(
  db: Tx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  return updateStamped(db, users, id, values);
}

/** The counters of a user's row that other services' rows feed (db/counters.ts recounts them). */
type UserCounter =
  | "bookletCount"
  | "collectedEntriesCount"
  | "commentsCount"
  | "postedEntriesCount"
  | "postedPostsCount"
  | "purchasedBookletCount"
  | "subscribedTagsCount"
  | "totalCollectionsCount";

/**
 * Moves counters of one user's row by their deltas, in the caller's transaction, so a counter
 * follows the rows it counts (a comment, a booklet, a like …); a delta of 0 leaves its column
 * alone, and nothing to move writes nothing. The one way other services write users' counters.
 * Its UPDATE locks the row: a transaction that writes more than one user's row locks them all
 * first, after its other rows, through `lockUsers` (locks.ts); one that writes a single
 * user's row may let this be that lock, after its other rows too.
 */
export async function bumpUserCounters(
  tx: Tx,
  userId: string,
  deltas: Partial<Record<UserCounter, number>>,
): Promise<void> {
  const set: Partial<Record<UserCounter, SQL>> = {};
  for (const [column, delta] of Object.entries(deltas) as [UserCounter, number][]) {
    if (delta) set[column] = sql`${users[column]} + ${delta}`;
  }
  if (Object.keys(set).length === 0) return;
  await tx.update(users).set(set).where(eq(users.id, userId));
}

export type CodePurpose =
  | "signup"
  /** Confirms closing the account (services/account-data) for an account without a password. */
  | "close"
  /** Proves the owner of an account without a password before a change to its ways in (owner-proof.ts). */
  | "confirm"
  | "restpwd"
  | "bind"
  | "reset"
  | "verify"
  /** A one-click undo link mailed to the old address when the e-mail changes. */
  | "email-revert"
  /** Marks an address or phone bound without the password: no password reset there for 24 h. */
  | "email-bound"
  | "phone-bound";

export async function insertCode(db: Tx, values: typeof verificationCodes.$inferInsert) {
  await db.insert(verificationCodes).values(values);
}

/** Unused, unexpired codes for `purpose` that also meet `match`. */
const liveCodes = (db: Tx, purpose: CodePurpose, match: SQL) =>
  db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        match,
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    );

/** The newest unused, unexpired code sent to `target` for `purpose`. */
export async function latestLiveCode(db: Tx, purpose: CodePurpose, target: string) {
  const [row] = await liveCodes(db, purpose, eq(verificationCodes.target, target))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

export async function findLiveCodeByHash(db: Tx, purpose: CodePurpose, codeHash: string) {
  const [row] = await liveCodes(db, purpose, eq(verificationCodes.codeHash, codeHash)).limit(1);
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function spendCode(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/**
 * Takes one of a code's attempts before its answer is compared, in one statement: concurrent
 * guesses each take their own, so no more than `max` are ever compared (reading the
 * count, then adding to it, let 80 parallel guesses through a limit of 5). False when none is left.
 */
export async function claimCodeAttempt(db: Tx, id: string, max: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.usedAt),
        sql`${verificationCodes.attempts} < ${max}`,
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export async function listBindings(db: Tx, userId: string) {
  return db.select().from(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId));
}

export async function deleteBinding(db: Tx, userId: string, channel: string) {
  const rows = await db
    .delete(thirdPartyBindings)
    .where(and(eq(thirdPartyBindings.userId, userId), eq(thirdPartyBindings.channel, channel)))
    .returning({ id: thirdPartyBindings.id });
  return rows.length;
}

/** The users with the most total heat, for the recommended-authors card (users_hot_idx). */
export async function hottestUsers(db: Tx, limit: number) {
  return db.select().from(users).orderBy(desc(users.totalHotIndex), desc(users.id)).limit(limit);
}

/**
 * The profiles a sitemap lists: people who have published something. An empty profile is a thin
 * page to a search engine, and most accounts only read.
 */
export const userSitemap = sitemapSource(
  users,
  { id: users.id, updatedAt: users.updatedAt, key: users.id },
  sql`${users.postedEntriesCount} + ${users.postedPostsCount} > 0`,
);

/** The name every erased account shows (services/account-data). */
const ERASED_USERNAME = "已注销用户";

/**
 * Erases an account's personal data (services/account-data, after the deletion's grace period):
 * name, avatar, profile, ways in, third-party bindings and pending codes. The row stays, counters
 * and all, so what it keeps is attributed to 已注销用户; running it again changes nothing. The name
 * and avatar show on every page that lists the user's content: every stored page is purged once
 * that commits.
 */
export async function eraseUser(tx: Tx, id: string, now: Date) {
  await tx
    .update(users)
    .set({
      username: ERASED_USERNAME,
      selfDescription: "",
      avatarLarge: "",
      email: null,
      emailVerified: false,
      mobilePhoneNumber: null,
      mobilePhoneVerified: false,
      passwordHash: null,
      passwordResetRequired: false,
      jobTitle: "",
      company: "",
      blogAddress: "",
      isXiaoceAuthor: false,
      hasWalletAccess: false,
      weeklyEmail: false,
      allowNotification: false,
      latestLoginedInAt: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
  await tx.delete(thirdPartyBindings).where(eq(thirdPartyBindings.userId, id));
  await tx.delete(verificationCodes).where(eq(verificationCodes.userId, id));
  await pagesChanged(tx, [ALL_PAGES]);
}
