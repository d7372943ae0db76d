-- Lexical search index: BM25F with per-bot statistics, stored as packed posting lists.
--
-- Each indexed document first gets its own small segment (search_postings: one row per
-- distinct term, deleted with the document by cascade). Pending segments of a bot are merged
-- into blocks (search_blocks: one row per term per block), and blocks of one level are merged
-- into the next (factor 8), so a query reads O(log n) rows per term however many documents
-- the bot has. A document deleted after its postings were merged is masked by tombstones
-- (written by the trigger below) until the next merge of its block drops its postings.
-- Per-bot totals (N, field lengths) are kept by the same trigger, so cascaded deletes keep
-- them right.
CREATE TABLE search_block_list (
  block_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  level smallint NOT NULL,
  doc_count integer NOT NULL
);
CREATE INDEX search_block_list_bot_idx ON search_block_list (bot_id, level);

CREATE TABLE search_documents (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  bot_id uuid NOT NULL,
  -- NULL while the postings are still in the document's own segment (search_postings).
  block_id bigint,
  chunk_ids bigint[] NOT NULL,
  chunk_count integer NOT NULL,
  body_len bigint NOT NULL,
  body_n integer NOT NULL,
  title_len bigint NOT NULL,
  title_n integer NOT NULL,
  heading_len bigint NOT NULL,
  heading_n integer NOT NULL,
  question_len bigint NOT NULL,
  question_n integer NOT NULL
);
CREATE INDEX search_documents_pending_idx ON search_documents (bot_id) WHERE block_id IS NULL;
CREATE INDEX search_documents_block_idx ON search_documents (block_id);

CREATE TABLE search_postings (
  document_id uuid NOT NULL REFERENCES search_documents(document_id) ON DELETE CASCADE,
  bot_id uuid NOT NULL,
  term text NOT NULL,
  postings bytea NOT NULL,
  PRIMARY KEY (document_id, term)
);
CREATE INDEX search_postings_term_idx ON search_postings (bot_id, term);

CREATE TABLE search_blocks (
  block_id bigint NOT NULL REFERENCES search_block_list(block_id) ON DELETE CASCADE,
  bot_id uuid NOT NULL,
  term text NOT NULL,
  postings bytea NOT NULL,
  PRIMARY KEY (block_id, term)
);
CREATE INDEX search_blocks_term_idx ON search_blocks (bot_id, term);

CREATE TABLE search_tombstones (
  block_id bigint NOT NULL REFERENCES search_block_list(block_id) ON DELETE CASCADE,
  bot_id uuid NOT NULL,
  chunk_id bigint NOT NULL,
  PRIMARY KEY (block_id, chunk_id)
);
CREATE INDEX search_tombstones_bot_idx ON search_tombstones (bot_id);

CREATE TABLE search_bot_stats (
  bot_id uuid PRIMARY KEY REFERENCES bots(id) ON DELETE CASCADE,
  chunk_count bigint NOT NULL DEFAULT 0,
  body_len bigint NOT NULL DEFAULT 0,
  body_n bigint NOT NULL DEFAULT 0,
  title_len bigint NOT NULL DEFAULT 0,
  title_n bigint NOT NULL DEFAULT 0,
  heading_len bigint NOT NULL DEFAULT 0,
  heading_n bigint NOT NULL DEFAULT 0,
  question_len bigint NOT NULL DEFAULT 0,
  question_n bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION search_documents_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_bot_stats AS s (bot_id, chunk_count, body_len, body_n, title_len, title_n,
      heading_len, heading_n, question_len, question_n)
    VALUES (NEW.bot_id, NEW.chunk_count, NEW.body_len, NEW.body_n, NEW.title_len, NEW.title_n,
      NEW.heading_len, NEW.heading_n, NEW.question_len, NEW.question_n)
    ON CONFLICT (bot_id) DO UPDATE SET
      chunk_count = s.chunk_count + EXCLUDED.chunk_count,
      body_len = s.body_len + EXCLUDED.body_len, body_n = s.body_n + EXCLUDED.body_n,
      title_len = s.title_len + EXCLUDED.title_len, title_n = s.title_n + EXCLUDED.title_n,
      heading_len = s.heading_len + EXCLUDED.heading_len,
      heading_n = s.heading_n + EXCLUDED.heading_n,
      question_len = s.question_len + EXCLUDED.question_len,
      question_n = s.question_n + EXCLUDED.question_n;
    RETURN NEW;
  END IF;
  -- Only UPDATE/guarded INSERTs here: when the whole bot is being deleted its rows may already
  -- be gone, and re-creating them would violate the foreign keys.
  UPDATE search_bot_stats SET
    chunk_count = chunk_count - OLD.chunk_count,
    body_len = body_len - OLD.body_len, body_n = body_n - OLD.body_n,
    title_len = title_len - OLD.title_len, title_n = title_n - OLD.title_n,
    heading_len = heading_len - OLD.heading_len, heading_n = heading_n - OLD.heading_n,
    question_len = question_len - OLD.question_len, question_n = question_n - OLD.question_n
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

CREATE TRIGGER search_documents_track
  AFTER INSERT OR DELETE ON search_documents
  FOR EACH ROW EXECUTE FUNCTION search_documents_track();
