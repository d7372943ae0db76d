-- Knowledge gaps (issue 14) read only the failed turns no owner has answered or dismissed yet:
-- a partial index on exactly that predicate lets the gaps list and Add answer / Dismiss skip
-- the bot's answered turns (bench/analytics: ~85 % of them) instead of filtering every turn.
CREATE INDEX chat_turns_open_gaps_idx ON chat_turns (bot_id)
  WHERE (NOT answered OR feedback = -1) AND gap_state IS NULL;
