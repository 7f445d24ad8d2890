ALTER TABLE "search_champions" ADD COLUMN "hot_index" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "search_champions" c SET "hot_index" = e."hot_index" FROM "entries" e WHERE e."id" = c."entry_id";--> statement-breakpoint
-- A champion list's copy of an entry's heat follows the entry in the same transaction, whichever
-- statement changes it (a like, a comment, a batch of views): a one-word search orders its window
-- by the copy without reading the entries (search-index/champions.ts). Rows another transaction
-- holds are skipped, not waited for: only a rebuild of a list can hold them (a write of the entry
-- itself holds the entry's row first), and it is replacing them; so a batch of views never waits
-- in a cycle with a rebuild.
CREATE OR REPLACE FUNCTION search_champions_follow_heat() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    begin
      update search_champions c set hot_index = new.hot_index
      where (c.word, c.entry_id) in (
        select word, entry_id from search_champions where entry_id = new.id for update skip locked);
      return null;
    end
  $$;--> statement-breakpoint
CREATE TRIGGER "search_champions_follow_heat" AFTER UPDATE OF "hot_index" ON "entries"
  FOR EACH ROW WHEN (old.hot_index IS DISTINCT FROM new.hot_index)
  EXECUTE FUNCTION search_champions_follow_heat();
