-- How a site's pages describe each other: every link of a crawled page's main text to another
-- page, with the words around it. A crawl keeps them with the page; training stores them per
-- document, and retrieval reads, for each trained page, what the bot's other pages say about it
-- (search/link-index.ts). Deleting the linking page deletes what it said.
ALTER TABLE crawl_pages ADD COLUMN link_contexts jsonb NOT NULL DEFAULT '[]';

CREATE TABLE document_links (
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
  target_url text NOT NULL,
  -- The section of the target the link points to (its fragment), when it names one.
  target_anchor text,
  text text NOT NULL
);
CREATE INDEX document_links_bot_idx ON document_links (bot_id);
CREATE INDEX document_links_document_idx ON document_links (document_id);
