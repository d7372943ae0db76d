-- Keeping the analytics rollups of migration 0015 in step with conversations and chat_turns:
-- statement triggers hand each statement's changed rows to a counting function, which adds
-- the rows as they are now and subtracts them as they were. The end of this file counts the
-- chats stored before it.

-- The changed rows of one statement, +1 for a row as it is now, -1 for a row as it was.
CREATE TYPE analytics_turn_change AS (
  bot_id uuid, created_at timestamptz, answered boolean, feedback smallint, latency_ms integer,
  question text, sources jsonb, gap_state text, sign integer
);
CREATE TYPE analytics_conversation_change AS (
  bot_id uuid, created_at timestamptz, channel text, country text, resolved boolean,
  sign integer
);

-- Writers of one bot's rollups take turns (transaction-scoped lock per bot): two transactions
-- touching the same rows in different orders (a new turn, a vote) could otherwise deadlock.
-- Returns the bots still there: a bot being deleted takes its rollups with it (cascade), and
-- its cascaded turns and conversations must not write them again.
CREATE FUNCTION analytics_lock_bots(ids uuid[]) RETURNS uuid[] LANGUAGE plpgsql AS $$
DECLARE
  live uuid[];
BEGIN
  SELECT array_agg(b.id ORDER BY b.id) INTO live FROM bots b WHERE b.id = ANY (ids);
  PERFORM pg_advisory_xact_lock(4242003, hashtext(id::text)) FROM unnest(live) AS id;
  RETURN coalesce(live, '{}');
END
$$;

CREATE FUNCTION analytics_count_turns(added chat_turns[], removed chat_turns[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  changes analytics_turn_change[];
  live uuid[];
BEGIN
  changes := ARRAY(
    SELECT ROW(a.bot_id, a.created_at, a.answered, a.feedback, a.latency_ms, a.question,
      a.sources, a.gap_state, 1)::analytics_turn_change FROM unnest(added) a
    UNION ALL
    SELECT ROW(r.bot_id, r.created_at, r.answered, r.feedback, r.latency_ms, r.question,
      r.sources, r.gap_state, -1)::analytics_turn_change FROM unnest(removed) r);
  live := analytics_lock_bots(ARRAY(SELECT DISTINCT c.bot_id FROM unnest(changes) c));
  IF cardinality(live) = 0 THEN
    RETURN;
  END IF;

  INSERT INTO analytics_quarters AS q (bot_id, quarter, messages, unanswered, thumbs_up,
    thumbs_down)
  SELECT bot_id, quarter, messages, unanswered, thumbs_up, thumbs_down
  FROM (
    SELECT c.bot_id, analytics_quarter(c.created_at) AS quarter, sum(c.sign) AS messages,
      coalesce(sum(c.sign) FILTER (WHERE NOT c.answered), 0) AS unanswered,
      coalesce(sum(c.sign) FILTER (WHERE c.feedback = 1), 0) AS thumbs_up,
      coalesce(sum(c.sign) FILTER (WHERE c.feedback = -1), 0) AS thumbs_down
    FROM unnest(changes) c WHERE c.bot_id = ANY (live)
    GROUP BY 1, 2) d
  -- A vote or a gap closed changes no count of most of the rows it updates.
  WHERE (messages, unanswered, thumbs_up, thumbs_down) <> (0, 0, 0, 0)
  ON CONFLICT (bot_id, quarter) DO UPDATE SET
    messages = q.messages + EXCLUDED.messages,
    unanswered = q.unanswered + EXCLUDED.unanswered,
    thumbs_up = q.thumbs_up + EXCLUDED.thumbs_up,
    thumbs_down = q.thumbs_down + EXCLUDED.thumbs_down;

  INSERT INTO analytics_day_latency AS l (bot_id, day, bin, turns, total_ms)
  SELECT c.bot_id, analytics_day(c.created_at), analytics_latency_bin(c.latency_ms),
    sum(c.sign), sum(c.sign * c.latency_ms)
  FROM unnest(changes) c WHERE c.bot_id = ANY (live) AND c.latency_ms IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0
  ON CONFLICT (bot_id, day, bin) DO UPDATE SET
    turns = l.turns + EXCLUDED.turns, total_ms = l.total_ms + EXCLUDED.total_ms;

  INSERT INTO analytics_day_questions AS d (bot_id, day, question_hash, question, asked)
  SELECT c.bot_id, analytics_day(c.created_at), md5(c.question)::uuid, c.question, sum(c.sign)
  FROM unnest(changes) c WHERE c.bot_id = ANY (live)
  GROUP BY 1, 2, 4 HAVING sum(c.sign) <> 0
  ON CONFLICT (bot_id, day, question_hash) DO UPDATE SET asked = d.asked + EXCLUDED.asked;

  INSERT INTO analytics_day_sources AS s (bot_id, day, source_hash, title, url, cited)
  SELECT c.bot_id, analytics_day(c.created_at),
    md5(jsonb_build_array(e.title, e.url)::text)::uuid, e.title, e.url, sum(c.sign)
  FROM unnest(changes) c,
    LATERAL (SELECT coalesce(x->>'title', '') AS title, x->>'url' AS url
             FROM jsonb_array_elements(c.sources) x) e
  WHERE c.bot_id = ANY (live)
  GROUP BY 1, 2, 4, 5 HAVING sum(c.sign) <> 0
  ON CONFLICT (bot_id, day, source_hash) DO UPDATE SET cited = s.cited + EXCLUDED.cited;

  -- A removed row may have emptied counters: drop those rows (the readers' sums and the
  -- questions' first wording must not see them).
  IF EXISTS (SELECT 1 FROM unnest(changes) c WHERE c.sign < 0) THEN
    DELETE FROM analytics_quarters q USING unnest(changes) c
    WHERE c.sign < 0 AND q.bot_id = c.bot_id AND q.quarter = analytics_quarter(c.created_at)
      AND q.conversations = 0 AND q.resolved = 0 AND q.messages = 0 AND q.unanswered = 0
      AND q.thumbs_up = 0 AND q.thumbs_down = 0;
    DELETE FROM analytics_day_latency l USING unnest(changes) c
    WHERE c.sign < 0 AND l.bot_id = c.bot_id AND l.day = analytics_day(c.created_at)
      AND l.turns = 0;
    DELETE FROM analytics_day_questions d USING unnest(changes) c
    WHERE c.sign < 0 AND d.bot_id = c.bot_id AND d.day = analytics_day(c.created_at)
      AND d.asked = 0;
    DELETE FROM analytics_day_sources s USING unnest(changes) c
    WHERE c.sign < 0 AND s.bot_id = c.bot_id AND s.day = analytics_day(c.created_at)
      AND s.cited = 0;
  END IF;

  -- Open gaps keep the first and last time asked, which a removal cannot subtract: every
  -- question a changed failed turn asks is recounted from its turns (chat_turns_open_gaps_idx).
  DELETE FROM analytics_open_gaps g USING unnest(changes) c
  WHERE (NOT c.answered OR c.feedback = -1) AND c.gap_state IS NULL
    AND g.bot_id = c.bot_id AND g.question_hash = md5(c.question)::uuid;
  INSERT INTO analytics_open_gaps (bot_id, question_hash, question, asked, unanswered,
    thumbs_down, first_asked, last_asked)
  SELECT t.bot_id, md5(t.question)::uuid, t.question, count(*),
    count(*) FILTER (WHERE NOT t.answered), count(*) FILTER (WHERE t.feedback = -1),
    min(t.created_at), max(t.created_at)
  FROM chat_turns t
  WHERE (t.bot_id, md5(t.question)::uuid) IN (
      SELECT c.bot_id, md5(c.question)::uuid FROM unnest(changes) c
      WHERE (NOT c.answered OR c.feedback = -1) AND c.gap_state IS NULL
        AND c.bot_id = ANY (live))
    AND (NOT t.answered OR t.feedback = -1) AND t.gap_state IS NULL
  GROUP BY 1, 3;
END
$$;

CREATE FUNCTION analytics_count_conversations(added conversations[], removed conversations[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changes analytics_conversation_change[];
  live uuid[];
BEGIN
  changes := ARRAY(
    SELECT ROW(a.bot_id, a.created_at, a.channel, coalesce(a.country, ''),
      conversation_resolved(a.answered_count, a.unanswered_count, a.thumbs_down),
      1)::analytics_conversation_change FROM unnest(added) a
    UNION ALL
    SELECT ROW(r.bot_id, r.created_at, r.channel, coalesce(r.country, ''),
      conversation_resolved(r.answered_count, r.unanswered_count, r.thumbs_down),
      -1)::analytics_conversation_change FROM unnest(removed) r);
  live := analytics_lock_bots(ARRAY(SELECT DISTINCT c.bot_id FROM unnest(changes) c));
  IF cardinality(live) = 0 THEN
    RETURN;
  END IF;

  -- Most updates (a new turn's counters) change neither count: the WHERE skips them.
  INSERT INTO analytics_quarters AS q (bot_id, quarter, conversations, resolved)
  SELECT bot_id, quarter, conversations, resolved
  FROM (
    SELECT c.bot_id, analytics_quarter(c.created_at) AS quarter, sum(c.sign) AS conversations,
      coalesce(sum(c.sign) FILTER (WHERE c.resolved), 0) AS resolved
    FROM unnest(changes) c WHERE c.bot_id = ANY (live)
    GROUP BY 1, 2) d
  WHERE (conversations, resolved) <> (0, 0)
  ON CONFLICT (bot_id, quarter) DO UPDATE SET
    conversations = q.conversations + EXCLUDED.conversations,
    resolved = q.resolved + EXCLUDED.resolved;

  INSERT INTO analytics_day_origins AS o (bot_id, day, channel, country, conversations)
  SELECT c.bot_id, analytics_day(c.created_at), c.channel, c.country, sum(c.sign)
  FROM unnest(changes) c WHERE c.bot_id = ANY (live)
  GROUP BY 1, 2, 3, 4 HAVING sum(c.sign) <> 0
  ON CONFLICT (bot_id, day, channel, country) DO UPDATE SET
    conversations = o.conversations + EXCLUDED.conversations;

  IF EXISTS (SELECT 1 FROM unnest(changes) c WHERE c.sign < 0) THEN
    DELETE FROM analytics_quarters q USING unnest(changes) c
    WHERE c.sign < 0 AND q.bot_id = c.bot_id AND q.quarter = analytics_quarter(c.created_at)
      AND q.conversations = 0 AND q.resolved = 0 AND q.messages = 0 AND q.unanswered = 0
      AND q.thumbs_up = 0 AND q.thumbs_down = 0;
    DELETE FROM analytics_day_origins o USING unnest(changes) c
    WHERE c.sign < 0 AND o.bot_id = c.bot_id AND o.day = analytics_day(c.created_at)
      AND o.conversations = 0;
  END IF;
END
$$;

-- Transition tables allow one event per trigger: three triggers per table, one function.
CREATE FUNCTION analytics_chat_turns_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added chat_turns[] := '{}';
  removed chat_turns[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    added := ARRAY(SELECT n::chat_turns FROM new_rows n);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    removed := ARRAY(SELECT o::chat_turns FROM old_rows o);
  END IF;
  PERFORM analytics_count_turns(added, removed);
  RETURN NULL;
END
$$;

CREATE FUNCTION analytics_conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added conversations[] := '{}';
  removed conversations[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    added := ARRAY(SELECT n::conversations FROM new_rows n);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    removed := ARRAY(SELECT o::conversations FROM old_rows o);
  END IF;
  PERFORM analytics_count_conversations(added, removed);
  RETURN NULL;
END
$$;

CREATE TRIGGER analytics_chat_turns_inserted AFTER INSERT ON chat_turns
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_chat_turns_changed();
CREATE TRIGGER analytics_chat_turns_updated AFTER UPDATE ON chat_turns
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_chat_turns_changed();
CREATE TRIGGER analytics_chat_turns_deleted AFTER DELETE ON chat_turns
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_chat_turns_changed();
CREATE TRIGGER analytics_conversations_inserted AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_conversations_changed();
CREATE TRIGGER analytics_conversations_updated AFTER UPDATE ON conversations
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_conversations_changed();
CREATE TRIGGER analytics_conversations_deleted AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_conversations_changed();

-- Counts every stored chat into emptied rollups, in slices that keep each call's arrays
-- small: the backfill of the chats stored before this migration, and a repair should the
-- rollups ever disagree with the chats (analytics/rollups.test.ts compares the two).
CREATE FUNCTION analytics_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  after_id bigint := 0;
  after_uuid uuid := '00000000-0000-0000-0000-000000000000';
  turns chat_turns[];
  convs conversations[];
BEGIN
  DELETE FROM analytics_quarters;
  DELETE FROM analytics_day_origins;
  DELETE FROM analytics_day_latency;
  DELETE FROM analytics_day_questions;
  DELETE FROM analytics_day_sources;
  DELETE FROM analytics_open_gaps;
  LOOP
    turns := ARRAY(SELECT t FROM chat_turns t WHERE t.id > after_id ORDER BY t.id LIMIT 20000);
    EXIT WHEN cardinality(turns) = 0;
    PERFORM analytics_count_turns(turns, '{}');
    after_id := turns[cardinality(turns)].id;
  END LOOP;
  LOOP
    convs := ARRAY(
      SELECT c FROM conversations c WHERE c.id > after_uuid ORDER BY c.id LIMIT 20000);
    EXIT WHEN cardinality(convs) = 0;
    PERFORM analytics_count_conversations(convs, '{}');
    after_uuid := convs[cardinality(convs)].id;
  END LOOP;
END
$$;

SELECT analytics_recount();
