-- A new chat turn is counted into the analytics rollups in batches instead of by its own
-- INSERT: migration 0016's statement trigger ran the whole rollup (bot lock, four upserts, the
-- open gaps check) for every stored turn, ~2 ms of a widget answer on the embedded database.
-- Now the INSERT only queues the turn (analytics_turn_queue); analytics_flush() counts every
-- queued turn in one pass. The server flushes at most once a second after storing turns
-- (modules/analytics/rollup-flusher.ts) and before every read of the rollups, so figures are
-- as current as before.
--
-- Exactly once: a turn is counted by the transaction that deletes its queue entry, and only
-- one can (concurrent flushes on PostgreSQL wait for each other's row locks, then skip). A
-- queued turn was never counted, so an update or a delete of it must not subtract it: the
-- update and delete triggers take the changed turns' own entries out of the queue first,
-- count an updated one as it is now and a deleted one not at all.
-- Order of locks: queue entries, then the bots' rollup locks (analytics_lock_bots), in every
-- path, so the two cannot deadlock.

CREATE TABLE analytics_turn_queue (
  turn_id bigint PRIMARY KEY
);

CREATE FUNCTION analytics_chat_turns_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_turn_queue (turn_id) SELECT n.id FROM new_rows n;
  RETURN NULL;
END
$$;

DROP TRIGGER analytics_chat_turns_inserted ON chat_turns;
CREATE TRIGGER analytics_chat_turns_inserted AFTER INSERT ON chat_turns
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_chat_turns_queued();

-- Updates and deletes (votes, gaps closed, conversations and bots deleted) stay counted in the
-- writer's transaction, minus what the queue says was never counted.
CREATE OR REPLACE FUNCTION analytics_chat_turns_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added chat_turns[] := '{}';
  removed chat_turns[] := '{}';
  uncounted bigint[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    WITH taken AS (
      DELETE FROM analytics_turn_queue q USING new_rows n WHERE q.turn_id = n.id
      RETURNING q.turn_id)
    SELECT coalesce(array_agg(turn_id), '{}') INTO uncounted FROM taken;
    added := ARRAY(SELECT n::chat_turns FROM new_rows n);
  ELSE
    WITH taken AS (
      DELETE FROM analytics_turn_queue q USING old_rows o WHERE q.turn_id = o.id
      RETURNING q.turn_id)
    SELECT coalesce(array_agg(turn_id), '{}') INTO uncounted FROM taken;
  END IF;
  removed := ARRAY(SELECT o::chat_turns FROM old_rows o WHERE o.id <> ALL (uncounted));
  IF cardinality(added) + cardinality(removed) > 0 THEN
    PERFORM analytics_count_turns(added, removed);
  END IF;
  RETURN NULL;
END
$$;

-- Counts the queued turns (as they are now) into the rollups; returns how many.
CREATE FUNCTION analytics_flush() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  turns chat_turns[];
BEGIN
  WITH taken AS (DELETE FROM analytics_turn_queue RETURNING turn_id)
  SELECT coalesce(array_agg(t ORDER BY t.id), '{}') INTO turns
  FROM chat_turns t JOIN taken ON t.id = taken.turn_id;
  IF cardinality(turns) > 0 THEN
    PERFORM analytics_count_turns(turns, '{}');
  END IF;
  RETURN cardinality(turns);
END
$$;

-- The recount counts every turn from scratch: queued ones included, so the queue empties.
CREATE OR REPLACE FUNCTION analytics_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  after_id bigint := 0;
  after_uuid uuid := '00000000-0000-0000-0000-000000000000';
  turns chat_turns[];
  convs conversations[];
BEGIN
  DELETE FROM analytics_turn_queue;
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
