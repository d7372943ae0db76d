-- Where a chunk's section starts in its source, so a cited source can link there: a web page's
-- heading id. NULL when the source has no such place (plain text, Q&A, pages without ids).
ALTER TABLE chunks ADD COLUMN anchor text;
