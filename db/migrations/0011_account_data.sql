CREATE TABLE "account_deletions" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"content" varchar(8) NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"erase_after" timestamp (3) with time zone NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	"erased_at" timestamp (3) with time zone,
	CONSTRAINT "account_deletions_state_check" CHECK ("account_deletions"."state" in ('pending', 'cancelled', 'erased')),
	CONSTRAINT "account_deletions_content_check" CHECK ("account_deletions"."content" in ('delete', 'keep'))
);
--> statement-breakpoint
CREATE TABLE "account_exports" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"token_hash" char(64) NOT NULL,
	"storage_key" text,
	"size" integer,
	"ready_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"file_removed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_exports_state_check" CHECK ("account_exports"."state" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
DROP INDEX "users_username_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("erase_after") WHERE "account_deletions"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "account_exports_user_created_idx" ON "account_exports" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_one_pending_key" ON "account_exports" USING btree ("user_id") WHERE "account_exports"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "account_exports_expiry_idx" ON "account_exports" USING btree ("expires_at","id") WHERE "account_exports"."file_removed_at" is null and "account_exports"."storage_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username")) WHERE "users"."erased_at" is null;