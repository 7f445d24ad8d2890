CREATE TABLE "sessions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_bindings" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"external_uid" varchar(128) NOT NULL,
	"username" varchar(128) DEFAULT '' NOT NULL,
	"nickname" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"self_description" text DEFAULT '' NOT NULL,
	"avatar_large" text DEFAULT '' NOT NULL,
	"role" varchar(16) DEFAULT 'user' NOT NULL,
	"email" varchar(254),
	"email_verified" boolean DEFAULT false NOT NULL,
	"mobile_phone_number" varchar(20),
	"mobile_phone_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"password_reset_required" boolean DEFAULT false NOT NULL,
	"job_title" varchar(50) DEFAULT '' NOT NULL,
	"company" varchar(50) DEFAULT '' NOT NULL,
	"blog_address" varchar(200) DEFAULT '' NOT NULL,
	"device_type" varchar(16) DEFAULT 'web' NOT NULL,
	"is_xiaoce_author" boolean DEFAULT false NOT NULL,
	"has_wallet_access" boolean DEFAULT false NOT NULL,
	"editor_type" varchar(16) DEFAULT 'markdown' NOT NULL,
	"weekly_email" boolean DEFAULT true NOT NULL,
	"allow_notification" boolean DEFAULT true NOT NULL,
	"blacklist" boolean DEFAULT false NOT NULL,
	"notification_checked_at" timestamp with time zone,
	"latest_logined_in_at" timestamp with time zone,
	"followees_count" integer DEFAULT 0 NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"posted_posts_count" integer DEFAULT 0 NOT NULL,
	"posted_entries_count" integer DEFAULT 0 NOT NULL,
	"collected_entries_count" integer DEFAULT 0 NOT NULL,
	"subscribed_tags_count" integer DEFAULT 0 NOT NULL,
	"viewed_entries_count" integer DEFAULT 0 NOT NULL,
	"total_collections_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"booklet_count" integer DEFAULT 0 NOT NULL,
	"purchased_booklet_count" integer DEFAULT 0 NOT NULL,
	"total_hot_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"target" varchar(254) NOT NULL,
	"user_id" char(24),
	"code_hash" char(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"title" varchar(32) NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"category_id" char(24) NOT NULL,
	"type" varchar(16) DEFAULT 'article' NOT NULL,
	"title" varchar(256) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"original_url" text DEFAULT '' NOT NULL,
	"screenshot" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"vote" boolean DEFAULT false NOT NULL,
	"original" boolean DEFAULT false NOT NULL,
	"gfw" boolean DEFAULT false NOT NULL,
	"english" boolean DEFAULT false NOT NULL,
	"hot_index" double precision DEFAULT 0 NOT NULL,
	"rank_index" double precision DEFAULT 0 NOT NULL,
	"latest_comment_at" timestamp (3) with time zone,
	"collection_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'published' NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_type_check" CHECK ("entries"."type" in ('article', 'post', 'vote', 'others')),
	CONSTRAINT "entries_status_check" CHECK ("entries"."status" in ('published', 'draft'))
);
--> statement-breakpoint
CREATE TABLE "entry_likes" (
	"entry_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_likes_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "entry_tags" (
	"entry_id" char(24) NOT NULL,
	"tag_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_tags_entry_id_tag_id_pk" PRIMARY KEY("entry_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "entry_views" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"entry_id" char(24) NOT NULL,
	"user_id" char(24),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"title" varchar(50) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"category_id" char(24),
	"entries_count" integer DEFAULT 0 NOT NULL,
	"subscribers_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_answers" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"entry_id" char(24) NOT NULL,
	"option_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_options" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"entry_id" char(24) NOT NULL,
	"title" varchar(200) NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_likes" (
	"comment_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"content" text NOT NULL,
	"pic_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_comment_id" char(24),
	"resp_comment_id" char(24),
	"resp_user_id" char(24),
	"likes_count" integer DEFAULT 0 NOT NULL,
	"sub_comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "comments_target_type_check" CHECK ("comments"."target_type" in ('entry', 'booklet', 'repo', 'pin'))
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" char(24) NOT NULL,
	"followee_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"sender_id" char(24) NOT NULL,
	"receiver_name" varchar(50) DEFAULT '' NOT NULL,
	"receiver_email" varchar(254) DEFAULT '' NOT NULL,
	"used_by_id" char(24),
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "mail_push_settings" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"follow" boolean DEFAULT false NOT NULL,
	"article" boolean DEFAULT true NOT NULL,
	"week" boolean DEFAULT true NOT NULL,
	"article_mailed_at" timestamp (3) with time zone,
	"week_mailed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" char(24) PRIMARY KEY NOT NULL,
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
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('like', 'comment', 'reply', 'follow', 'submitEntry', 'system'))
);
--> statement-breakpoint
CREATE TABLE "pin_likes" (
	"pin_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pin_likes_pin_id_user_id_pk" PRIMARY KEY("pin_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pins" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"content" text NOT NULL,
	"image_url_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "system_notification_reads" (
	"user_id" char(24) NOT NULL,
	"system_notification_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_notification_reads_user_id_system_notification_id_pk" PRIMARY KEY("user_id","system_notification_id")
);
--> statement-breakpoint
CREATE TABLE "system_notifications" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_subscriptions" (
	"user_id" char(24) NOT NULL,
	"tag_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_subscriptions_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "collection_set_entries" (
	"collection_set_id" char(24) NOT NULL,
	"entry_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_set_entries_collection_set_id_entry_id_pk" PRIMARY KEY("collection_set_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "collection_set_followers" (
	"collection_set_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_set_followers_collection_set_id_user_id_pk" PRIMARY KEY("collection_set_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "collection_sets" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bg_img_url" text DEFAULT '' NOT NULL,
	"bg_img_mask" varchar(32) DEFAULT '' NOT NULL,
	"tag" varchar(50) DEFAULT '' NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"amount" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"order_id" char(24),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_type_check" CHECK ("bills"."type" in ('income', 'withdraw')),
	CONSTRAINT "bills_status_check" CHECK ("bills"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "booklet_sections" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"booklet_id" char(24) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booklets" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"category_id" char(24),
	"title" varchar(100) NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT true NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"sections_count" integer DEFAULT 0 NOT NULL,
	"buy_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"booklet_id" char(24) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"pay_type" varchar(16) NOT NULL,
	"provider" varchar(16) DEFAULT 'dev' NOT NULL,
	"pay_url" text DEFAULT '' NOT NULL,
	"trade_no" varchar(64),
	"expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp (3) with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'closed')),
	CONSTRAINT "orders_pay_type_check" CHECK ("orders"."pay_type" in ('wxpay', 'alipay', 'free'))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"has_wallet" boolean DEFAULT true NOT NULL,
	"alipay_account" varchar(100) DEFAULT '' NOT NULL,
	"real_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repos" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"original_id" varchar(64) NOT NULL,
	"url" text NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" varchar(50) DEFAULT '' NOT NULL,
	"colour" varchar(16) DEFAULT '' NOT NULL,
	"watch_count" integer DEFAULT 0 NOT NULL,
	"star_count" integer DEFAULT 0 NOT NULL,
	"fork_count" integer DEFAULT 0 NOT NULL,
	"daily_stars" integer DEFAULT 0 NOT NULL,
	"weekly_stars" integer DEFAULT 0 NOT NULL,
	"monthly_stars" integer DEFAULT 0 NOT NULL,
	"readme" text DEFAULT '' NOT NULL,
	"translator_id_list" char(24)[] DEFAULT '{}' NOT NULL,
	"translation" jsonb,
	"language_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"license" jsonb,
	"owner" jsonb NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"commited_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repos_originalId_unique" UNIQUE("original_id")
);
--> statement-breakpoint
CREATE TABLE "showcase_repos" (
	"showcase_id" char(24) NOT NULL,
	"repo_id" char(24) NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "showcase_repos_showcase_id_repo_id_pk" PRIMARY KEY("showcase_id","repo_id")
);
--> statement-breakpoint
CREATE TABLE "showcases" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lang_count" integer DEFAULT 0 NOT NULL,
	"repo_count" integer DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"position" varchar(16) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"url" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"started_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_position_check" CHECK ("banners"."position" in ('hero', 'aside'))
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_search" (
	"entry_id" char(24) PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_uses" (
	"upload_id" char(24) NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" char(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_uses_upload_id_target_type_target_id_pk" PRIMARY KEY("upload_id","target_type","target_id"),
	CONSTRAINT "upload_uses_target_type_check" CHECK (target_type in ('pin', 'comment', 'collection', 'avatar', 'booklet', 'banner'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"sha256" char(64) NOT NULL,
	"key" text NOT NULL,
	"type" varchar(8) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"unused_since" timestamp (3) with time zone DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_bindings" ADD CONSTRAINT "third_party_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_likes" ADD CONSTRAINT "entry_likes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_likes" ADD CONSTRAINT "entry_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_tags" ADD CONSTRAINT "entry_tags_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_tags" ADD CONSTRAINT "entry_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_views" ADD CONSTRAINT "entry_views_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_views" ADD CONSTRAINT "entry_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_option_id_vote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."vote_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_options" ADD CONSTRAINT "vote_options_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_first_comment_id_comments_id_fk" FOREIGN KEY ("first_comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_resp_comment_id_comments_id_fk" FOREIGN KEY ("resp_comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_resp_user_id_users_id_fk" FOREIGN KEY ("resp_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_used_by_id_users_id_fk" FOREIGN KEY ("used_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_push_settings" ADD CONSTRAINT "mail_push_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_id_comments_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_likes" ADD CONSTRAINT "pin_likes_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_likes" ADD CONSTRAINT "pin_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notification_reads" ADD CONSTRAINT "system_notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notification_reads" ADD CONSTRAINT "system_notification_reads_system_notification_id_system_notifications_id_fk" FOREIGN KEY ("system_notification_id") REFERENCES "public"."system_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_subscriptions" ADD CONSTRAINT "tag_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_subscriptions" ADD CONSTRAINT "tag_subscriptions_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_set_entries" ADD CONSTRAINT "collection_set_entries_collection_set_id_collection_sets_id_fk" FOREIGN KEY ("collection_set_id") REFERENCES "public"."collection_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_set_entries" ADD CONSTRAINT "collection_set_entries_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_set_followers" ADD CONSTRAINT "collection_set_followers_collection_set_id_collection_sets_id_fk" FOREIGN KEY ("collection_set_id") REFERENCES "public"."collection_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_set_followers" ADD CONSTRAINT "collection_set_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_sets" ADD CONSTRAINT "collection_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklet_sections" ADD CONSTRAINT "booklet_sections_booklet_id_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklets" ADD CONSTRAINT "booklets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklets" ADD CONSTRAINT "booklets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booklet_id_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_repos" ADD CONSTRAINT "showcase_repos_showcase_id_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."showcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_repos" ADD CONSTRAINT "showcase_repos_repo_id_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_search" ADD CONSTRAINT "entry_search_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_uses" ADD CONSTRAINT "upload_uses_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bindings_channel_uid_key" ON "third_party_bindings" USING btree ("channel","external_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "bindings_user_channel_key" ON "third_party_bindings" USING btree ("user_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile_phone_number");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_hot_idx" ON "users" USING btree ("total_hot_index","id");--> statement-breakpoint
CREATE INDEX "verification_target_idx" ON "verification_codes" USING btree ("purpose","target","created_at");--> statement-breakpoint
CREATE INDEX "verification_code_idx" ON "verification_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "entries_rank_idx" ON "entries" USING btree ("rank_index","id");--> statement-breakpoint
CREATE INDEX "entries_created_idx" ON "entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "entries_hot_idx" ON "entries" USING btree ("hot_index","id");--> statement-breakpoint
CREATE INDEX "entries_comment_idx" ON "entries" USING btree ("latest_comment_at","id");--> statement-breakpoint
CREATE INDEX "entries_category_rank_idx" ON "entries" USING btree ("category_id","rank_index","id");--> statement-breakpoint
CREATE INDEX "entries_category_created_idx" ON "entries" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "entries_category_hot_idx" ON "entries" USING btree ("category_id","hot_index","id");--> statement-breakpoint
CREATE INDEX "entries_category_comment_idx" ON "entries" USING btree ("category_id","latest_comment_at","id");--> statement-breakpoint
CREATE INDEX "entries_type_created_idx" ON "entries" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "entries_type_rank_idx" ON "entries" USING btree ("type","rank_index","id");--> statement-breakpoint
CREATE INDEX "entries_user_created_idx" ON "entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "entries_user_rank_idx" ON "entries" USING btree ("user_id","rank_index","id");--> statement-breakpoint
CREATE INDEX "entries_original_url_idx" ON "entries" USING hash ("original_url");--> statement-breakpoint
CREATE INDEX "entry_likes_entry_created_idx" ON "entry_likes" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "entry_likes_user_created_idx" ON "entry_likes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "entry_tags_tag_idx" ON "entry_tags" USING btree ("tag_id","entry_id");--> statement-breakpoint
CREATE INDEX "entry_views_entry_idx" ON "entry_views" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "entry_views_user_created_idx" ON "entry_views" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_title_key" ON "tags" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "tags_title_trgm_idx" ON "tags" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_subscribers_idx" ON "tags" USING btree ("subscribers_count","id");--> statement-breakpoint
CREATE INDEX "tags_created_idx" ON "tags" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tags_category_idx" ON "tags" USING btree ("category_id","subscribers_count");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_answers_entry_user_key" ON "vote_answers" USING btree ("entry_id","user_id");--> statement-breakpoint
CREATE INDEX "vote_answers_entry_created_idx" ON "vote_answers" USING btree ("entry_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vote_answers_option_idx" ON "vote_answers" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "vote_answers_user_idx" ON "vote_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vote_options_entry_idx" ON "vote_options" USING btree ("entry_id","order");--> statement-breakpoint
CREATE INDEX "comment_likes_user_idx" ON "comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_target_created_idx" ON "comments" USING btree ("target_type","target_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_first_created_idx" ON "comments" USING btree ("first_comment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_user_created_idx" ON "comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_resp_comment_idx" ON "comments" USING btree ("resp_comment_id");--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_followee_created_idx" ON "follows" USING btree ("followee_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_sender_created_idx" ON "invitations" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."checked";--> statement-breakpoint
CREATE INDEX "notifications_entry_idx" ON "notifications" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "notifications_pin_idx" ON "notifications" USING btree ("pin_id");--> statement-breakpoint
CREATE INDEX "notifications_submit_unread_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."type" = 'submitEntry' and not "notifications"."checked";--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "notifications_reply_idx" ON "notifications" USING btree ("reply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_submit_once_idx" ON "notifications" USING btree ("user_id","entry_id") WHERE "notifications"."type" = 'submitEntry';--> statement-breakpoint
CREATE INDEX "pin_likes_user_idx" ON "pin_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pins_created_idx" ON "pins" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pins_user_created_idx" ON "pins" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "system_notification_reads_notification_idx" ON "system_notification_reads" USING btree ("system_notification_id");--> statement-breakpoint
CREATE INDEX "system_notifications_created_idx" ON "system_notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tag_subscriptions_user_created_idx" ON "tag_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tag_subscriptions_tag_idx" ON "tag_subscriptions" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "collection_set_entries_set_created_idx" ON "collection_set_entries" USING btree ("collection_set_id","created_at");--> statement-breakpoint
CREATE INDEX "collection_set_entries_entry_idx" ON "collection_set_entries" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "collection_set_followers_user_created_idx" ON "collection_set_followers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "collection_sets_created_idx" ON "collection_sets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "collection_sets_followers_idx" ON "collection_sets" USING btree ("follower_count","id");--> statement-breakpoint
CREATE INDEX "collection_sets_tag_created_idx" ON "collection_sets" USING btree ("tag","created_at","id");--> statement-breakpoint
CREATE INDEX "collection_sets_user_created_idx" ON "collection_sets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_user_created_idx" ON "bills" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bills_withdraw_status_created_idx" ON "bills" USING btree ("status","created_at","id") WHERE "bills"."type" = 'withdraw';--> statement-breakpoint
CREATE UNIQUE INDEX "bills_order_key" ON "bills" USING btree ("order_id") WHERE "bills"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "booklet_sections_booklet_order_idx" ON "booklet_sections" USING btree ("booklet_id","order");--> statement-breakpoint
CREATE INDEX "booklets_created_idx" ON "booklets" USING btree ("created_at","id") WHERE not "booklets"."is_draft";--> statement-breakpoint
CREATE INDEX "booklets_buy_idx" ON "booklets" USING btree ("buy_count","id") WHERE not "booklets"."is_draft";--> statement-breakpoint
CREATE INDEX "booklets_category_created_idx" ON "booklets" USING btree ("category_id","created_at","id") WHERE not "booklets"."is_draft";--> statement-breakpoint
CREATE INDEX "booklets_category_buy_idx" ON "booklets" USING btree ("category_id","buy_count","id") WHERE not "booklets"."is_draft";--> statement-breakpoint
CREATE INDEX "booklets_hot_idx" ON "booklets" USING btree ("buy_count","id") WHERE "booklets"."is_hot" and not "booklets"."is_draft";--> statement-breakpoint
CREATE INDEX "booklets_user_created_idx" ON "booklets" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_key" ON "orders" USING btree ("user_id","booklet_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_paid_key" ON "orders" USING btree ("user_id","booklet_id") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_booklet_idx" ON "orders" USING btree ("booklet_id","status");--> statement-breakpoint
CREATE INDEX "repos_daily_idx" ON "repos" USING btree ("language","daily_stars","id");--> statement-breakpoint
CREATE INDEX "repos_weekly_idx" ON "repos" USING btree ("language","weekly_stars","id");--> statement-breakpoint
CREATE INDEX "repos_monthly_idx" ON "repos" USING btree ("language","monthly_stars","id");--> statement-breakpoint
CREATE INDEX "repos_daily_all_idx" ON "repos" USING btree ("daily_stars","id");--> statement-breakpoint
CREATE INDEX "repos_weekly_all_idx" ON "repos" USING btree ("weekly_stars","id");--> statement-breakpoint
CREATE INDEX "repos_monthly_all_idx" ON "repos" USING btree ("monthly_stars","id");--> statement-breakpoint
CREATE INDEX "repos_stars_idx" ON "repos" USING btree ("star_count","id");--> statement-breakpoint
CREATE INDEX "showcase_repos_repo_idx" ON "showcase_repos" USING btree ("repo_id");--> statement-breakpoint
CREATE INDEX "showcases_order_idx" ON "showcases" USING btree ("order");--> statement-breakpoint
CREATE INDEX "banners_position_order_idx" ON "banners" USING btree ("position","order");--> statement-breakpoint
CREATE INDEX "tracking_events_created_idx" ON "tracking_events" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "entry_search_document_idx" ON "entry_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "upload_uses_target_idx" ON "upload_uses" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "uploads_sha256_idx" ON "uploads" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "uploads_key_idx" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unused_idx" ON "uploads" USING btree ("unused_since") WHERE "uploads"."unused_since" is not null;