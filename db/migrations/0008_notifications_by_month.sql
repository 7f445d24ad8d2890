-- hand-written: notifications becomes partitioned by month of created_at (issue 14), like
-- tracking_events in 0006: the old table, its indexes renamed out of the way, becomes the partition
-- of everything before next month (attaching scans it once to check the bound; its foreign keys and
-- indexes are matched to the new table's), later months get their own (db/partitions.ts). The
-- primary key and the fan-out's unique index now hold created_at, as a partitioned table requires.
ALTER TABLE "notifications" RENAME TO "notifications_legacy";--> statement-breakpoint
ALTER TABLE "notifications_legacy" DROP CONSTRAINT "notifications_pkey";--> statement-breakpoint
ALTER INDEX "notifications_user_created_idx" RENAME TO "notifications_legacy_user_created_idx";--> statement-breakpoint
ALTER INDEX "notifications_unread_idx" RENAME TO "notifications_legacy_unread_idx";--> statement-breakpoint
ALTER INDEX "notifications_entry_idx" RENAME TO "notifications_legacy_entry_idx";--> statement-breakpoint
ALTER INDEX "notifications_pin_idx" RENAME TO "notifications_legacy_pin_idx";--> statement-breakpoint
ALTER INDEX "notifications_submit_unread_idx" RENAME TO "notifications_legacy_submit_unread_idx";--> statement-breakpoint
ALTER INDEX "notifications_comment_idx" RENAME TO "notifications_legacy_comment_idx";--> statement-breakpoint
ALTER INDEX "notifications_reply_idx" RENAME TO "notifications_legacy_reply_idx";--> statement-breakpoint
DROP INDEX "notifications_submit_once_idx";--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"type" varchar(16) NOT NULL,
	"actor_ids" char(24)[] DEFAULT '{}'::char(24)[] NOT NULL,
	"actor_count" integer DEFAULT 1 NOT NULL,
	"entry_id" char(24),
	"pin_id" char(24),
	"comment_id" char(24),
	"reply_id" char(24),
	"content" text DEFAULT '' NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_id_created_at_pk" PRIMARY KEY("id","created_at"),
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('like', 'comment', 'reply', 'follow', 'submitEntry', 'system'))
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_id_comments_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."checked";--> statement-breakpoint
CREATE INDEX "notifications_entry_idx" ON "notifications" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "notifications_pin_idx" ON "notifications" USING btree ("pin_id");--> statement-breakpoint
CREATE INDEX "notifications_submit_unread_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."type" = 'submitEntry' and not "notifications"."checked";--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "notifications_reply_idx" ON "notifications" USING btree ("reply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_submit_once_idx" ON "notifications" USING btree ("user_id","entry_id","created_at") WHERE "notifications"."type" = 'submitEntry';--> statement-breakpoint
DO $$
DECLARE
  next_month timestamptz := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
BEGIN
  EXECUTE format('ALTER TABLE "notifications" ATTACH PARTITION "notifications_legacy" FOR VALUES FROM (MINVALUE) TO (%L)', next_month);
  EXECUTE format('ALTER TABLE "notifications_legacy" RENAME TO %I', 'notifications_before_' || to_char(next_month AT TIME ZONE 'UTC', 'YYYY_MM'));
END $$;
