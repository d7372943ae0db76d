-- The version of the analyzer (search/terms-version.ts) that wrote each document's index terms.
-- A change to how text becomes terms leaves the documents indexed before it with old terms,
-- which new questions' terms no longer meet; the worker indexes those again from their stored
-- chunks (search/reindex.ts). Documents indexed before this column existed are version 0.
ALTER TABLE search_documents ADD COLUMN terms_version integer NOT NULL DEFAULT 0;
CREATE INDEX search_documents_terms_version_idx ON search_documents (terms_version);
