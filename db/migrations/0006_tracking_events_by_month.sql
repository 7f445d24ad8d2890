-- hand-written: tracking_events becomes partitioned by month of created_at (issue 14), so retention
-- drops whole months instead of deleting rows. The rows already there stay where they are: the old
-- table becomes the partition of everything before next month (attaching it scans it once to check
-- the bound), later months get their own partitions (db/partitions.ts, ahead of time at start and
-- daily). The id becomes a plain sequence: PostgreSQL 15 has no identity column on a partitioned table.
ALTER TABLE "tracking_events" RENAME TO "tracking_events_legacy";--> statement-breakpoint
ALTER TABLE "tracking_events_legacy" DROP CONSTRAINT "tracking_events_pkey";--> statement-breakpoint
ALTER INDEX "tracking_events_created_idx" RENAME TO "tracking_events_legacy_created_idx";--> statement-breakpoint
CREATE SEQUENCE "tracking_events_next_id_seq";--> statement-breakpoint
SELECT setval('tracking_events_next_id_seq', coalesce((SELECT max("id") FROM "tracking_events_legacy"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "tracking_events_legacy" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER SEQUENCE "tracking_events_next_id_seq" RENAME TO "tracking_events_id_seq";--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint DEFAULT nextval('tracking_events_id_seq') NOT NULL,
	"action" varchar(32) NOT NULL,
	"object_type" varchar(32) DEFAULT '' NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"category" varchar(64) DEFAULT '' NOT NULL,
	"source" varchar(16) DEFAULT 'web' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"suid" varchar(64) DEFAULT '' NOT NULL,
	"uid" char(24),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "tracking_events_id_seq" OWNED BY "tracking_events"."id";--> statement-breakpoint
CREATE INDEX "tracking_events_created_idx" ON "tracking_events" USING brin ("created_at");--> statement-breakpoint
DO $$
DECLARE
  next_month timestamptz := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
BEGIN
  EXECUTE format('ALTER TABLE "tracking_events" ATTACH PARTITION "tracking_events_legacy" FOR VALUES FROM (MINVALUE) TO (%L)', next_month);
  EXECUTE format('ALTER TABLE "tracking_events_legacy" RENAME TO %I', 'tracking_events_before_' || to_char(next_month AT TIME ZONE 'UTC', 'YYYY_MM'));
END $$;
