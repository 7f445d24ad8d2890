import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { cascadeRef, counter, createdAt, idColumn, instant, ref, updatedAt } from "./columns.ts";

/** User (spec §3). Counters are kept by the services that write the counted rows. */
export const users = pgTable(
  "users",
  {
    id: idColumn(),
    username: varchar({ length: 20 }).notNull(),
    selfDescription: text().notNull().default(""),
    avatarLarge: text().notNull().default(""),
    /** user | editor | admin; "guest" exists only on the unknown-user placeholder. */
    role: varchar({ length: 16 }).notNull().default("user"),
    email: varchar({ length: 254 }),
    emailVerified: boolean().notNull().default(false),
    mobilePhoneNumber: varchar({ length: 20 }),
    mobilePhoneVerified: boolean().notNull().default(false),
    passwordHash: text(),
    /** Login answers 410 until the password is reset (spec §8): set for accounts at risk. */
    passwordResetRequired: boolean().notNull().default(false),
    jobTitle: varchar({ length: 50 }).notNull().default(""),
    company: varchar({ length: 50 }).notNull().default(""),
    blogAddress: varchar({ length: 200 }).notNull().default(""),
    deviceType: varchar({ length: 16 }).notNull().default("web"),
    isXiaoceAuthor: boolean().notNull().default(false),
    hasWalletAccess: boolean().notNull().default(false),
    editorType: varchar({ length: 16 }).notNull().default("markdown"),
    weeklyEmail: boolean().notNull().default(true),
    allowNotification: boolean().notNull().default(true),
    blacklist: boolean().notNull().default(false),
    notificationCheckedAt: timestamp({ withTimezone: true, mode: "date" }),
    latestLoginedInAt: timestamp({ withTimezone: true, mode: "date" }),
    followeesCount: counter(),
    followersCount: counter(),
    postedPostsCount: counter(),
    postedEntriesCount: counter(),
    collectedEntriesCount: counter(),
    subscribedTagsCount: counter(),
    viewedEntriesCount: counter(),
    totalCollectionsCount: counter(),
    commentsCount: counter(),
    bookletCount: counter(),
    purchasedBookletCount: counter(),
    totalHotIndex: integer().notNull().default(0),
    /**
     * Moderation: until this time the account may read but not write (server/plugins/
     * session.ts refuses its changes); past it the suspension has ended by itself.
     */
    suspendedUntil: instant(),
    suspensionReason: varchar({ length: 200 }).notNull().default(""),
    /**
     * Set when the account was erased after its deletion's grace period (services/account-data):
     * the row stays as 已注销用户 for the content kept under it, its personal data gone.
     */
    erasedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Erased accounts all carry the name 已注销用户, so only live names are unique; the erased rows
    // still make usernameTaken refuse the name to everyone else.
    uniqueIndex("users_username_key")
      .on(sql`lower(${t.username})`)
      .where(sql`${t.erasedAt} is null`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_mobile_key").on(t.mobilePhoneNumber),
    // User search (pg_trgm) and the recommended-authors list (most total heat first).
    index("users_username_trgm_idx").using("gin", sql`${t.username} gin_trgm_ops`),
    // Names searched by one or two characters (most Chinese words): trigrams cannot serve those, so
    // each name's lowercased characters and character pairs (name_grams, migration 0003) can.
    index("users_username_grams_idx").using("gin", sql`name_grams(${t.username})`),
    index("users_hot_idx").on(t.totalHotIndex, t.id),
  ],
);

/** A login session: the auth triple (uid, clientId, token) of spec §7; only the token's hash is kept. */
export const sessions = pgTable(
  "sessions",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    clientId: varchar({ length: 64 }).notNull(),
    tokenHash: char({ length: 64 }).notNull(),
    userAgent: text().notNull().default(""),
    ip: varchar({ length: 64 }).notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Third-party account bindings (weibo, wechat, github). */
export const thirdPartyBindings = pgTable(
  "third_party_bindings",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    channel: varchar({ length: 16 }).notNull(),
    externalUid: varchar({ length: 128 }).notNull(),
    username: varchar({ length: 128 }).notNull().default(""),
    nickname: varchar({ length: 128 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bindings_channel_uid_key").on(t.channel, t.externalUid),
    uniqueIndex("bindings_user_channel_key").on(t.userId, t.channel),
  ],
);

/**
 * One-time codes: SMS codes (purpose signup, restpwd, bind) and e-mail tokens (reset, verify).
 * Only hashes are stored; `attempts` caps guessing of the 6-digit SMS codes.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: idColumn(),
    purpose: varchar({ length: 16 }).notNull(),
    /** The phone number or e-mail address the code was sent to. */
    target: varchar({ length: 254 }).notNull(),
    userId: ref().references(() => users.id, { onDelete: "cascade" }),
    codeHash: char({ length: 64 }).notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_target_idx").on(t.purpose, t.target, t.createdAt),
    index("verification_code_idx").on(t.codeHash),
  ],
);
