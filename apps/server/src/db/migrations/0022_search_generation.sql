-- A bot's index generation: a number that grows with every change to what a search of the bot
-- can read (a document indexed or deleted, with its chunks and postings; a merge of postings
-- into blocks, which also drops tombstones). Retrieval keeps what it read of a bot's index
-- (term statistics, posting lists, chunk texts) between questions and serves it while the
-- generation it was read at is still the bot's (search/bot-index-cache.ts): one small read
-- instead of four per question. The bump is made by the same transaction as the change, so
-- every process, on either database, sees the change and the new generation together.

ALTER TABLE search_bot_stats ADD COLUMN generation bigint NOT NULL DEFAULT 0;

-- Migration 0003's trigger, restated whole (a function is replaced with its body), bumping the
-- generation on every indexed or deleted document.
CREATE OR REPLACE FUNCTION search_documents_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_bot_stats AS s (bot_id, chunk_count, body_len, body_n, title_len, title_n,
      heading_len, heading_n, question_len, question_n, generation)
    VALUES (NEW.bot_id, NEW.chunk_count, NEW.body_len, NEW.body_n, NEW.title_len, NEW.title_n,
      NEW.heading_len, NEW.heading_n, NEW.question_len, NEW.question_n, 1)
    ON CONFLICT (bot_id) DO UPDATE SET
      chunk_count = s.chunk_count + EXCLUDED.chunk_count,
      body_len = s.body_len + EXCLUDED.body_len, body_n = s.body_n + EXCLUDED.body_n,
      title_len = s.title_len + EXCLUDED.title_len, title_n = s.title_n + EXCLUDED.title_n,
      heading_len = s.heading_len + EXCLUDED.heading_len,
      heading_n = s.heading_n + EXCLUDED.heading_n,
      question_len = s.question_len + EXCLUDED.question_len,
      question_n = s.question_n + EXCLUDED.question_n,
      generation = s.generation + 1;
    RETURN NEW;
  END IF;
  -- Only UPDATE/guarded INSERTs here: when the whole bot is being deleted its rows may already
  -- be gone, and re-creating them would violate the foreign keys.
  UPDATE search_bot_stats SET
    chunk_count = chunk_count - OLD.chunk_count,
    body_len = body_len - OLD.body_len, body_n = body_n - OLD.body_n,
    title_len = title_len - OLD.title_len, title_n = title_n - OLD.title_n,
    heading_len = heading_len - OLD.heading_len, heading_n = heading_n - OLD.heading_n,
    question_len = question_len - OLD.question_len, question_n = question_n - OLD.question_n,
    generation = generation + 1
  WHERE bot_id = OLD.bot_id;
  IF OLD.block_id IS NOT NULL THEN
    INSERT INTO search_tombstones (block_id, bot_id, chunk_id)
    SELECT b.block_id, OLD.bot_id, c.id
    FROM search_block_list b, unnest(OLD.chunk_ids) AS c(id)
    WHERE b.block_id = OLD.block_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END
$$;

-- Every merge (search/merge.repo.ts) starts by creating the block it writes into; the rows it
-- moves, the postings and tombstones it drops are all in that transaction.
CREATE FUNCTION search_block_list_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_bot_stats SET generation = generation + 1 WHERE bot_id = NEW.bot_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER search_block_list_track
  AFTER INSERT ON search_block_list
  FOR EACH ROW EXECUTE FUNCTION search_block_list_track();
