import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, ref, updatedAt } from "./columns.ts";

/**
 * A banner (get_banner): position hero (top carousel) or aside (sidebar, 2 shown). The optional
 * startedAt/endedAt window is the spec's Activity: a banner shows only inside it.
 */
export const banners = pgTable(
  "banners",
  {
    id: idColumn(),
    position: varchar({ length: 16 }).notNull(),
    title: varchar({ length: 100 }).notNull().default(""),
    imageUrl: text().notNull(),
    url: text().notNull(),
    order: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    startedAt: instant(),
    endedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("banners_position_check", sql`${t.position} in ('hero', 'aside')`),
    index("banners_position_order_idx").on(t.position, t.order),
  ],
);

/**
 * A behaviour/tracking event (spec §3 Behavior action; GET /log, /punch, /collector). Append-only:
 * a sequence key, a BRIN index on time and monthly partitions keep it cheap; `uid` has no foreign key so
 * logging never fails or cascades.
 */
export const trackingEvents = pgTable(
  "tracking_events",
  {
    // A sequence, not an identity column: PostgreSQL 15 has none on partitioned tables.
    id: bigserial({ mode: "number" }).notNull(),
    /** click, like, unlike, collect, uncollect, view, share, follow, unfollow, punch … */
    action: varchar({ length: 32 }).notNull(),
    /** objectType: entry, collection … */
    objectType: varchar({ length: 32 }).notNull().default(""),
    /** The object id(s) acted on. */
    target: text().notNull().default(""),
    value: text().notNull().default(""),
    category: varchar({ length: 64 }).notNull().default(""),
    source: varchar({ length: 16 }).notNull().default("web"),
    referrer: text().notNull().default(""),
    location: text().notNull().default(""),
    suid: varchar({ length: 64 }).notNull().default(""),
    uid: ref(),
    createdAt: createdAt(),
  },
  // Partitioned by month of created_at (migration 0006, db/partitions.ts): retention drops whole
  // months, and a partitioned table's primary key must hold the partition key.
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index("tracking_events_created_idx").using("brin", t.createdAt),
  ],
);
