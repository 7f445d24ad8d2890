CREATE TABLE "user_blocks" (
	"user_id" char(24) NOT NULL,
	"target_id" char(24) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_user_id_target_id_pk" PRIMARY KEY("user_id","target_id"),
	CONSTRAINT "user_blocks_kind_check" CHECK ("user_blocks"."kind" in ('mute', 'block')),
	CONSTRAINT "user_blocks_not_self_check" CHECK ("user_blocks"."user_id" <> "user_blocks"."target_id")
);
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_blocks_user_kind_created_idx" ON "user_blocks" USING btree ("user_id","kind","created_at","target_id");