-- Chat analytics, the inbox and knowledge gaps (issue 14). Everything is recorded on the
-- existing conversations and chat_turns rows, so every chat path writes it in the same
-- transaction as the turn itself.

-- 'page': a visitor of the hosted full-page chat (/c/<botId>), told apart from the widget.
ALTER TABLE conversations DROP CONSTRAINT conversations_channel_check;
ALTER TABLE conversations ADD CONSTRAINT conversations_channel_check
  CHECK (channel IN ('dashboard', 'widget', 'page'));
-- ISO 3166-1 alpha-2 of the visitor's IPv4 address (offline database); NULL when unknown.
ALTER TABLE conversations ADD COLUMN country text;
-- Counters kept with each turn and vote, so the inbox filters and the resolution count are
-- read from the conversation row instead of scanning its turns.
ALTER TABLE conversations ADD COLUMN answered_count integer NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN unanswered_count integer NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN thumbs_up integer NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN thumbs_down integer NOT NULL DEFAULT 0;
CREATE INDEX conversations_bot_updated_idx ON conversations (bot_id, updated_at DESC, id DESC);

-- false when the bot found no relevant content and said so instead of answering.
ALTER TABLE chat_turns ADD COLUMN answered boolean NOT NULL DEFAULT true;
-- From the question's arrival to the stored answer; NULL for turns stored before this.
ALTER TABLE chat_turns ADD COLUMN latency_ms integer;
-- The visitor's vote on the answer: 1 thumbs up, -1 thumbs down, NULL none.
ALTER TABLE chat_turns ADD COLUMN feedback smallint CHECK (feedback IN (-1, 1));
-- A knowledge gap this turn belonged to was answered (Add answer) or dismissed by the owner.
ALTER TABLE chat_turns ADD COLUMN gap_state text CHECK (gap_state IN ('resolved', 'dismissed'));
CREATE INDEX chat_turns_bot_time_idx ON chat_turns (bot_id, created_at);

-- The turn key is the turn's public id (feedback names it): every turn gets one.
UPDATE chat_turns SET turn_key = gen_random_uuid() WHERE turn_key IS NULL;
ALTER TABLE chat_turns ALTER COLUMN turn_key SET NOT NULL;

-- Turns stored before this migration: the engines' fixed reply when nothing was found.
UPDATE chat_turns SET answered = false
  WHERE answer = 'Sorry, I don''t know the answer to that. I couldn''t find it in the knowledge base.';
UPDATE conversations c SET
  answered_count = (SELECT count(*) FROM chat_turns t WHERE t.conversation_id = c.id AND t.answered),
  unanswered_count = (SELECT count(*) FROM chat_turns t WHERE t.conversation_id = c.id AND NOT t.answered);
