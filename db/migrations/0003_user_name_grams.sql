-- The lowercased characters and character pairs of a name: what a search by one or two characters
-- (most Chinese words) looks up in users_username_grams_idx, where trigrams cannot help.
CREATE OR REPLACE FUNCTION name_grams(name text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    select coalesce(array_agg(distinct substr(lower(name), i, n)), '{}')
    from generate_series(1, 2) as n, generate_series(1, char_length(name)) as i
    where i + n - 1 <= char_length(name)
  $$;--> statement-breakpoint
CREATE INDEX "users_username_grams_idx" ON "users" USING gin (name_grams("username"));
