-- The widget's per-bot message budget as its owner set it (NULL = the server's default,
-- WIDGET_BOT_MESSAGES_PER_MINUTE) and when it was last reached, shown in the bot's settings.
CREATE TABLE bot_widget_budgets (
  bot_id uuid PRIMARY KEY REFERENCES bots(id) ON DELETE CASCADE,
  messages_per_minute integer CHECK (messages_per_minute BETWEEN 1 AND 100000),
  last_reached_at timestamptz
);
