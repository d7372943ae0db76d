-- The inbox search finds words anywhere in a conversation's questions and answers
-- (ILIKE '%words%'; a title is its first question). Without an index every search read every
-- turn of the bot: 0.6–2 s on the embedded database with 100,000 turns (bench/analytics).
-- Trigram GIN indexes (pg_trgm) answer ILIKE with a leading wildcard, so a search reads only
-- the turns that can match.
--
-- PGlite ships pg_trgm (registered where the embedded database is opened). An external
-- PostgreSQL may lack it (contrib not installed) or refuse it (no privilege): then the
-- migration gives up quietly and the same search runs without the indexes, as before. Calling
-- enable_inbox_search_index() later, once pg_trgm is available, adds them.
CREATE FUNCTION enable_inbox_search_index() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('chat_turns_question_trgm_idx') IS NOT NULL THEN
    RETURN true;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN feature_not_supported OR undefined_file OR insufficient_privilege THEN
    RETURN false;
  END;
  -- Dynamic SQL: gin_trgm_ops does not exist when this function is created without pg_trgm.
  EXECUTE 'CREATE INDEX chat_turns_question_trgm_idx ON chat_turns USING gin (question gin_trgm_ops)';
  EXECUTE 'CREATE INDEX chat_turns_answer_trgm_idx ON chat_turns USING gin (answer gin_trgm_ops)';
  RETURN true;
END
$$;

SELECT enable_inbox_search_index();

-- The planner costs ILIKE like `=` (cost 1), but it lowercases both texts for every row:
-- measured ~2 µs a row on the embedded database, a hundred times a cheap operator. Costed so,
-- it rechecks the few thousand turns the trigram index finds instead of running ILIKE over
-- every turn. Changing a built-in function needs a superuser (always true of the embedded
-- database); elsewhere the default stays and plans are only less often the best.
DO $$
BEGIN
  ALTER FUNCTION texticlike(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  NULL;
END
$$;
