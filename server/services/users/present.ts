import type { Viewer } from "../../../app/load-context.ts";
import type { UserRow } from "./queries.ts";

/** The public face of a user (spec §3 User), as every list and profile shows it. */
export function presentPublicUser(row: UserRow) {
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

/** The user as they see themselves (getUserInfo): public fields plus account details. */
export function presentSelf(
  row: UserRow,
): Viewer & ReturnType<typeof presentPublicUser> & Record<string, unknown> {
  return {
    ...presentPublicUser(row),
    self: true,
    email: row.email,
    emailVerified: row.emailVerified,
    mobilePhoneNumber: row.mobilePhoneNumber,
    mobilePhoneVerified: row.mobilePhoneVerified,
    hasWalletAccess: row.hasWalletAccess,
    deviceType: row.deviceType,
    editorType: row.editorType,
    weeklyEmail: row.weeklyEmail,
    allowNotification: row.allowNotification,
    blacklist: row.blacklist,
    notificationCheckedAt: row.notificationCheckedAt?.toISOString() ?? null,
  };
}

export type PublicUser = ReturnType<typeof presentPublicUser>;
