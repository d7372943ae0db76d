-- Every chat turn fires three of migration 0016's statement triggers (the turn's INSERT, its
-- conversation's INSERT and UPDATE: one upsert fires both), and most of them count nothing:
-- the half of the upsert that touched no row, a new turn's counters that leave the
-- conversation as resolved as it was. They still built arrays, locked the bot and ran their
-- rollup statements (~2.9 ms of a ~12 ms turn on the embedded database). These versions return
-- early when nothing they count has changed; what they count when something has is unchanged.

-- Open gaps are recounted only when a changed turn can be one (a failed, open turn).
CREATE OR REPLACE FUNCTION analytics_count_gaps(changes analytics_turn_change[], live uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM unnest(changes) c
                 WHERE (NOT c.answered OR c.feedback = -1) AND c.gap_state IS NULL) THEN
    RETURN;
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

CREATE OR REPLACE FUNCTION analytics_count_turns(added chat_turns[], removed chat_turns[])
RETURNS void LANGUAGE plpgsql AS $$
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
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
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

  PERFORM analytics_count_gaps(changes, live);
END
$$;

-- A statement that inserted, updated or deleted no row counts nothing (the half of an upsert
-- that did not happen, a retried turn that was already stored).
CREATE OR REPLACE FUNCTION analytics_chat_turns_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF cardinality(added) + cardinality(removed) > 0 THEN
    PERFORM analytics_count_turns(added, removed);
  END IF;
  RETURN NULL;
END
$$;

-- What analytics counts of a conversation: its bot, start, channel, country and whether it is
-- resolved. An update that changes none of them (a new turn's counters, mostly) counts nothing.
CREATE OR REPLACE FUNCTION analytics_conversations_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  added conversations[] := '{}';
  removed conversations[] := '{}';
BEGIN
  -- Nested: old_rows exists only in an UPDATE's trigger, and plpgsql parses the whole test.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
      WHERE n.id IS NULL OR o.id IS NULL
        OR (n.bot_id, n.created_at, n.channel, coalesce(n.country, ''),
            conversation_resolved(n.answered_count, n.unanswered_count, n.thumbs_down))
          IS DISTINCT FROM
           (o.bot_id, o.created_at, o.channel, coalesce(o.country, ''),
            conversation_resolved(o.answered_count, o.unanswered_count, o.thumbs_down))) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    added := ARRAY(SELECT n::conversations FROM new_rows n);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    removed := ARRAY(SELECT o::conversations FROM old_rows o);
  END IF;
  IF cardinality(added) + cardinality(removed) > 0 THEN
    PERFORM analytics_count_conversations(added, removed);
  END IF;
  RETURN NULL;
END
$$;
