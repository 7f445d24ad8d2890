CREATE TABLE "moderation_cases" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" char(24) NOT NULL,
	"author_id" char(24),
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"reporter_count" integer DEFAULT 0 NOT NULL,
	"reasons" varchar(16)[] DEFAULT '{}'::varchar(16)[] NOT NULL,
	"auto_flag" varchar(16) DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"href" text DEFAULT '' NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decision" varchar(16),
	"decided_by" char(24),
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "moderation_cases_status_check" CHECK ("moderation_cases"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"actor_id" char(24),
	"action" varchar(24) NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" char(24) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"case_id" char(24) NOT NULL,
	"reporter_id" char(24) NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" char(24) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"text" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" DROP CONSTRAINT "entries_status_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_target_key" ON "moderation_cases" USING btree ("target_type","target_id") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("opened_at","id") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_key" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_case_idx" ON "reports" USING btree ("case_id");--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_status_check" CHECK ("entries"."status" in ('published', 'draft', 'hidden'));--> statement-breakpoint
-- hand-written: the column unqualified, as notifications is partitioned (0008) and the check is
-- added to each partition too, where "notifications"."type" names no table.
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("type" in ('like', 'comment', 'reply', 'follow', 'submitEntry', 'system', 'moderation'));