-- Conversations with a bot and their turns. The server is the only source of history: a
-- browser's chat_memory is never stored or trusted.
CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  -- 'dashboard': the owner's preview (/chat); 'widget': a visitor on a customer's site.
  channel text NOT NULL DEFAULT 'dashboard' CHECK (channel IN ('dashboard', 'widget')),
  -- The signed-in owner who started a dashboard conversation.
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  -- The client's session_id (the widget's visitor id); informational on the dashboard.
  session_id text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  turn_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversations_bot_idx ON conversations (bot_id, created_at DESC);
CREATE INDEX conversations_session_idx ON conversations (bot_id, session_id, created_at DESC);

-- One question and its complete answer, written once the answer is finished.
CREATE TABLE chat_turns (
  id bigserial PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  question text NOT NULL,
  answer text NOT NULL,
  sources jsonb NOT NULL DEFAULT '[]'::jsonb,
  engine text NOT NULL DEFAULT 'extractive',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_turns_conversation_idx ON chat_turns (conversation_id, id);
CREATE INDEX chat_turns_bot_idx ON chat_turns (bot_id);
