-- Bots and their knowledge: sources → documents → chunks, plus the durable job queue.
CREATE TABLE bots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  agent_name text NOT NULL DEFAULT '',
  business_name text NOT NULL DEFAULT '',
  base_prompt text NOT NULL DEFAULT '',
  -- Quick-start checklist shown on the dashboard card.
  train_ai boolean NOT NULL DEFAULT false,
  first_message boolean NOT NULL DEFAULT false,
  image_training boolean NOT NULL DEFAULT false,
  customize_bot boolean NOT NULL DEFAULT false,
  embed_and_integrate boolean NOT NULL DEFAULT false,
  -- 'trained' only once every chunk of every source has been committed.
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'trained', 'failed')),
  total_chars bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bots_user_idx ON bots (user_id);

-- One training submission (a text list, a Q&A list, a CSV, a crawl, a PDF …).
CREATE TABLE sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  type text NOT NULL,
  -- Trained-items list the source belongs to: 1 website, 2 question, 3 text & files, 4 youtube.
  source_type smallint NOT NULL CHECK (source_type BETWEEN 1 AND 4),
  title text NOT NULL DEFAULT '',
  origin text,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'trained', 'failed')),
  -- Estimated from the input when created (plan limits), exact once trained.
  char_count bigint NOT NULL DEFAULT 0,
  -- What the source module reads; kept so an interrupted job can run again from scratch.
  input jsonb,
  documents_total integer,
  documents_done integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sources_bot_idx ON sources (bot_id, source_type);

-- A document row is committed in the same transaction as all its chunks and postings, so its
-- existence means it is fully indexed. Exact duplicates within a bot are stored once.
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  source_id uuid NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  url text,
  kind text NOT NULL DEFAULT 'text',
  content_hash text NOT NULL,
  char_count integer NOT NULL DEFAULT 0,
  -- Start of the content, for the trained-items list (the full text lives in the chunks).
  excerpt text NOT NULL DEFAULT '',
  -- Insertion order (documents of one batch share created_at).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX documents_bot_hash_key ON documents (bot_id, content_hash);
CREATE INDEX documents_source_idx ON documents (source_id);
CREATE INDEX documents_bot_title_idx ON documents (bot_id, title);

CREATE TABLE chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  ordinal integer NOT NULL,
  text text NOT NULL,
  heading text,
  question text,
  char_count integer NOT NULL DEFAULT 0,
  UNIQUE (document_id, ordinal)
);
CREATE INDEX chunks_bot_idx ON chunks (bot_id);

-- Durable job state for the in-process runner (BullMQ keeps its own in Redis).
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  -- A running job whose lease lapsed (its worker died) is claimed again.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX jobs_live_dedupe_key ON jobs (dedupe_key)
  WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running');
CREATE INDEX jobs_ready_idx ON jobs (status, run_at);
