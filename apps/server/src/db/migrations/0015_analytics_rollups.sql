-- Analytics rollups (issue 14): /api/analytics/summary and /api/analytics/gaps read these
-- small tables instead of every conversation and turn of the range (bench/analytics: 100,000
-- turns over 90 days took seconds). Statement triggers on conversations and chat_turns
-- (migration 0016) keep them in step with every insert, update and delete, cascades included,
-- in the writer's own transaction; 0016 also fills them from the chats stored before.
--
-- Time buckets are UTC, so one row serves every time zone:
-- * analytics_quarters: counters per quarter hour. A summary regroups them into the owner's
--   local days: every zone's UTC offset has been a whole number of quarter hours since 1980,
--   so no local midnight of a stored chat falls inside a quarter.
-- * analytics_day_*: what a summary totals over its range (channels and countries, latency,
--   questions, cited sources) per UTC day. A range's first and last local days rarely start
--   and end at UTC midnight; the summary reads those partial days from the chats themselves.
-- * analytics_open_gaps: the open failed turns (the knowledge gaps) per exact question.

CREATE FUNCTION analytics_quarter(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin('15 minutes', at, TIMESTAMPTZ '2000-01-01 00:00:00+00') $$;

CREATE FUNCTION analytics_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;

-- Latency histogram bins about 2 % wide: bin b holds the latencies v with
-- e^(b/50) <= v + 1 < e^((b+1)/50). The summary reads a bin's values as their mean.
CREATE FUNCTION analytics_latency_bin(ms integer) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(ln(greatest(ms, 0) + 1) * 50)::smallint $$;

-- A resolved conversation: answered at least once, never unanswered, no thumbs-down. The one
-- definition: the server's queries call it too (analytics/summary.repo.ts RESOLVED).
CREATE FUNCTION conversation_resolved(answered integer, unanswered integer, thumbs_down integer)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT answered > 0 AND unanswered = 0 AND thumbs_down = 0 $$;

CREATE TABLE analytics_quarters (
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  quarter timestamptz NOT NULL,
  -- Conversations started in the quarter, and those of them resolved.
  conversations integer NOT NULL DEFAULT 0,
  resolved integer NOT NULL DEFAULT 0,
  -- Turns asked in the quarter: all, unanswered, with a thumbs-up, with a thumbs-down.
  messages integer NOT NULL DEFAULT 0,
  unanswered integer NOT NULL DEFAULT 0,
  thumbs_up integer NOT NULL DEFAULT 0,
  thumbs_down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bot_id, quarter)
);

-- Conversations started per UTC day by channel and country ('' when unknown).
CREATE TABLE analytics_day_origins (
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  day date NOT NULL,
  channel text NOT NULL,
  country text NOT NULL,
  conversations integer NOT NULL,
  PRIMARY KEY (bot_id, day, channel, country)
);

-- Turns with a latency per UTC day and histogram bin, with the sum of their latencies.
CREATE TABLE analytics_day_latency (
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  day date NOT NULL,
  bin smallint NOT NULL,
  turns integer NOT NULL,
  total_ms bigint NOT NULL,
  PRIMARY KEY (bot_id, day, bin)
);

-- Turns per UTC day and exact question (keyed by its hash: questions can be long).
CREATE TABLE analytics_day_questions (
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  day date NOT NULL,
  question_hash uuid NOT NULL,
  question text NOT NULL,
  asked integer NOT NULL,
  PRIMARY KEY (bot_id, day, question_hash)
);

-- Citations per UTC day and source (title, URL) of the turns' answers.
CREATE TABLE analytics_day_sources (
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  day date NOT NULL,
  source_hash uuid NOT NULL,
  title text NOT NULL,
  url text,
  cited integer NOT NULL,
  PRIMARY KEY (bot_id, day, source_hash)
);

-- Open failed turns (unanswered or thumbs-down, not resolved or dismissed) per exact question.
CREATE TABLE analytics_open_gaps (
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  question_hash uuid NOT NULL,
  question text NOT NULL,
  asked integer NOT NULL,
  unanswered integer NOT NULL,
  thumbs_down integer NOT NULL,
  first_asked timestamptz NOT NULL,
  last_asked timestamptz NOT NULL,
  PRIMARY KEY (bot_id, question_hash)
);

-- Recounting a question's open gap reads only its own failed turns. Replaces 0014's index,
-- whose leading column this one keeps for Add answer and Dismiss.
DROP INDEX chat_turns_open_gaps_idx;
CREATE INDEX chat_turns_open_gaps_idx ON chat_turns (bot_id, (md5(question)::uuid))
  WHERE (NOT answered OR feedback = -1) AND gap_state IS NULL;
