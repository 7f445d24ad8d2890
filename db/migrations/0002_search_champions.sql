CREATE TABLE "search_champion_words" (
	"word" text PRIMARY KEY NOT NULL,
	"bound" double precision NOT NULL,
	"matches" double precision DEFAULT 0 NOT NULL,
	"built_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_champions" (
	"word" text NOT NULL,
	"entry_id" char(24) NOT NULL,
	"impact" double precision NOT NULL,
	CONSTRAINT "search_champions_word_entry_id_pk" PRIMARY KEY("word","entry_id")
);
--> statement-breakpoint
ALTER TABLE "search_champions" ADD CONSTRAINT "search_champions_word_search_champion_words_word_fk" FOREIGN KEY ("word") REFERENCES "public"."search_champion_words"("word") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_champions" ADD CONSTRAINT "search_champions_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_champions_entry_idx" ON "search_champions" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "search_champions_rank_idx" ON "search_champions" USING btree ("word","impact" DESC NULLS LAST,"entry_id" DESC NULLS LAST);