import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import type { notifications, users } from "../schema/index.ts";
import type { Rng } from "./random.ts";

// What every phase of the seed shares: the one Rng (its draws, in this order, make the data),
// the clock, the sizes asked for and the running summary. Each phase file under db/seed/ takes a
// SeedRun and writes its table group; seed.ts calls them in a fixed order, and that order is part
// of the data: a phase moved before another would draw other numbers and make other rows.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Rows generated and written together (entries, pins). */
export const CHUNK = 1000;
/** Notifications kept per tracked recipient. */
const NOTIFICATIONS_PER_USER = 200;

export type Row<T extends PgTable> = T["$inferInsert"];

export interface SeedProgress {
  phase: string;
  done: number;
  total: number;
}

export interface SeedOptions {
  users: number;
  entries: number;
  /** Entry comments and replies in total (about); default 2 per entry. */
  comments?: number;
  /** Default one pin per five entries (at least 20). */
  pins?: number;
  seed: number | string;
  /** The seed's "now": every date lies before it. Default: the start of the current UTC day. */
  now?: Date;
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedSummary {
  users: number;
  entries: number;
  comments: number;
  pins: number;
  likes: number;
  views: number;
  follows: number;
  notifications: number;
  milliseconds: number;
}

/** The run as the phases see it before any user exists. */
export interface SeedRun {
  db: Db;
  rng: Rng;
  now: Date;
  year: number;
  userCount: number;
  entryCount: number;
  /** Comments per entry, on average, before popularity scales it. */
  commentMean: number;
  pinCount: number;
  summary: SeedSummary;
  progress: (phase: string, done: number, total: number) => void;
  /** A date between `from` and now, skewed towards now. */
  later: (from: Date, skew?: number) => Date;
}

export interface SeedUser {
  id: string;
  createdAt: Date;
}

/** The seeded people and the ways later phases pick among them (db/seed/users.ts makes them). */
export interface Cast {
  seedUsers: SeedUser[];
  userRows: Row<typeof users>[];
  /** Indexes into seedUsers of the booklet authors (they have wallets). */
  xiaoceAuthors: number[];
  demo: SeedUser;
  userAt: (i: number) => SeedUser;
  randomUser: () => SeedUser;
  /** Writers and popular people are the first users: most activity points at them. */
  popularUser: () => SeedUser;
  /** `k` different users, never `except`. */
  distinctUsers: (k: number, except?: string) => SeedUser[];
  sink: NotificationSink;
}

/** A run once its users exist: what every phase after users.ts takes. */
export type Seeding = SeedRun & Cast;

/** Notifications for the first users only: enough to fill the demo's inbox without millions of rows. */
export class NotificationSink {
  readonly rows: Row<typeof notifications>[] = [];
  private readonly perUser = new Map<string, number>();
  constructor(
    private readonly rng: Rng,
    private readonly tracked: Set<string>,
    private readonly now: Date,
  ) {}

  add(n: Omit<Row<typeof notifications>, "id" | "checked" | "updatedAt"> & { createdAt: Date }): void {
    if (!this.tracked.has(n.userId) || n.actorIds?.includes(n.userId)) return;
    const count = this.perUser.get(n.userId) ?? 0;
    if (count >= NOTIFICATIONS_PER_USER || !this.rng.chance(0.6)) return;
    this.perUser.set(n.userId, count + 1);
    this.rows.push({
      ...n,
      id: this.rng.id(n.createdAt),
      // Older than two days: read; newer ones make the unread badge.
      checked: n.createdAt.getTime() < this.now.getTime() - 2 * DAY,
      updatedAt: n.createdAt,
    });
  }
}
