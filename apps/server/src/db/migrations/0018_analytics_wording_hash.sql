-- The top questions regroup the day rollup's exact questions by wording (case and outer spaces
-- ignored). Grouping ~25,000 rows (bench/analytics, 90 days) by lower(btrim(question)) was the
-- summary's heaviest query; a stored hash of the wording groups them by a 16-byte key.
ALTER TABLE analytics_day_questions ADD COLUMN wording_hash uuid
  GENERATED ALWAYS AS (md5(lower(btrim(question)))::uuid) STORED NOT NULL;
