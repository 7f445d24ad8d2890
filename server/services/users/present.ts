import type { Viewer } from "../../../shared/load-context.ts";
import type { thirdPartyBindings } from "../../../db/schema/index.ts";
import type { PublicUserRow, UserRow } from "./queries.ts";

/** The public face of a user (spec §3 User), as every list and profile shows it. */
/**
 * The few fields every place that names a person shows (an entry's author, a comment's userInfo, a
 * booklet's userDetail); each adds its own to them.
 */
export function presentUserCard(
  u: Pick<UserRow, "id" | "username" | "avatarLarge" | "jobTitle" | "company">,
) {
  return {
    id: u.id,
    username: u.username,
    avatarLarge: u.avatarLarge,
    jobTitle: u.jobTitle,
    company: u.company,
  };
}

export function presentPublicUser(row: PublicUserRow) {
  return {
    id: row.id,
    objectId: row.id,
    username: row.username,
    selfDescription: row.selfDescription,
    avatarLarge: row.avatarLarge,
    role: row.role,
    jobTitle: row.jobTitle,
    company: row.company,
    blogAddress: row.blogAddress,
    isXiaoceAuthor: row.isXiaoceAuthor,
    followeesCount: row.followeesCount,
    followersCount: row.followersCount,
    postedPostsCount: row.postedPostsCount,
    postedEntriesCount: row.postedEntriesCount,
    collectedEntriesCount: row.collectedEntriesCount,
    subscribedTagsCount: row.subscribedTagsCount,
    viewedEntriesCount: row.viewedEntriesCount,
    totalCollectionsCount: row.totalCollectionsCount,
    bookletCount: row.bookletCount,
    purchasedBookletCount: row.purchasedBookletCount,
    commentsCount: row.commentsCount,
    totalHotIndex: row.totalHotIndex,
    latestLoginedInAt: row.latestLoginedInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Bound third-party accounts as the spec's `community` (authData): channel → uid, username, nickname. */
export function presentCommunity(bindings: (typeof thirdPartyBindings.$inferSelect)[]) {
  const community: Record<string, { uid: string; username: string; nickname: string }> = {};
  for (const b of bindings)
    community[b.channel] = { uid: b.externalUid, username: b.username, nickname: b.nickname };
  return community;
}

/**
 * The user as they see themselves (getUserInfo): public fields plus account details; `community`
 * only when the caller loaded the bindings.
 */
export function presentSelf(row: UserRow, bindings?: (typeof thirdPartyBindings.$inferSelect)[]) {
  const self = {
    ...(bindings ? { community: presentCommunity(bindings) } : {}),
    ...presentPublicUser(row),
    self: true,
    email: row.email,
    emailVerified: row.emailVerified,
    mobilePhoneNumber: row.mobilePhoneNumber,
    mobilePhoneVerified: row.mobilePhoneVerified,
    hasWalletAccess: row.hasWalletAccess,
    hasPassword: Boolean(row.passwordHash),
    deviceType: row.deviceType,
    editorType: row.editorType,
    weeklyEmail: row.weeklyEmail,
    allowNotification: row.allowNotification,
    blacklist: row.blacklist,
    notificationCheckedAt: row.notificationCheckedAt?.toISOString() ?? null,
  };
  // Every field the pages' Viewer reads, and the rest of the account, typed as they are.
  return self satisfies Viewer;
}

export type PublicUser = ReturnType<typeof presentPublicUser>;
