-- Widget branding and embedding. A bot without a row uses the defaults of docs/spec.md §4.
CREATE TABLE bot_themes (
  bot_id uuid PRIMARY KEY REFERENCES bots(id) ON DELETE CASCADE,
  -- Canonical rgba(r,g,b,a) strings.
  header_color text NOT NULL,
  agent_color text NOT NULL,
  user_color text NOT NULL,
  -- Canonical #RRGGBB.
  send_icon_color text NOT NULL,
  chat_icon_color text NOT NULL,
  -- Generated file name under DATA_DIR/uploads/bots/<bot_id>/ (never a user's file name).
  header_logo text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sites on which the widget may chat with the bot, checked on Origin. No rows = any site.
CREATE TABLE bot_allowed_domains (
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  -- host, host:port or *.host, normalised (lower case, punycode).
  domain text NOT NULL,
  PRIMARY KEY (bot_id, domain)
);

-- Fixed-window counters of the public chat API, shared by every API process.
CREATE TABLE public_rate_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX public_rate_counters_window_idx ON public_rate_counters (window_start);
