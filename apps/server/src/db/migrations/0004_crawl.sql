-- Website crawls (stage 1) and sitemap listings (stage 3) with the pages they found: stage 2
-- trains only pages of one of the user's crawls, and the list can be re-read over HTTP after a
-- reload or reconnect (realtime is a convenience, not the source of truth).
CREATE TABLE crawl_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('website', 'sitemap')),
  start_url text NOT NULL,
  -- Sitemap listings: the page URLs read from the sitemap (the job fetches them).
  seeds jsonb,
  fetch_img_content boolean NOT NULL DEFAULT false,
  page_cap integer NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'complete', 'failed', 'cancelled')),
  error text,
  page_count integer NOT NULL DEFAULT 0,
  char_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX crawl_sessions_user_idx ON crawl_sessions (user_id, created_at DESC);

CREATE TABLE crawl_pages (
  crawl_id uuid NOT NULL REFERENCES crawl_sessions(id) ON DELETE CASCADE,
  url text NOT NULL,
  -- Discovery order, for the review table.
  position integer NOT NULL,
  title text NOT NULL DEFAULT '',
  token_count integer NOT NULL,
  content text NOT NULL,
  PRIMARY KEY (crawl_id, url)
);
CREATE INDEX crawl_pages_position_idx ON crawl_pages (crawl_id, position);
