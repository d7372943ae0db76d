-- Dense retrieval: one embedding per chunk, made by the configured EMBEDDING_MODEL.
--
-- pgvector ships with the embedded PGlite but may be missing from an external PostgreSQL
-- (Debian has no package; some hosts refuse the extension). The table is therefore created by
-- a function that gives up quietly without pgvector; the server calls it again at every start
-- while embeddings are configured, so installing pgvector later enables dense retrieval
-- without a new migration.
--
-- The column has no fixed dimension because it depends on the model; rows of another model
-- (left over after EMBEDDING_MODEL changed) are never compared with the query: searches filter
-- on `model`, and re-embedding overwrites them in place.
CREATE FUNCTION enable_chunk_embeddings() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('chunk_embeddings') IS NOT NULL THEN
    RETURN true;
  END IF;
  -- Processes starting together must not race to create the table.
  PERFORM pg_advisory_xact_lock(4242002);
  IF to_regclass('chunk_embeddings') IS NOT NULL THEN
    RETURN true;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS vector;
  EXCEPTION WHEN feature_not_supported OR undefined_file OR insufficient_privilege THEN
    RETURN false;
  END;
  -- Dynamic SQL: the vector type does not exist when this function is created without it.
  EXECUTE $ddl$
    CREATE TABLE chunk_embeddings (
      chunk_id bigint PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
      bot_id uuid NOT NULL,
      model text NOT NULL,
      embedding vector NOT NULL
    )
  $ddl$;
  EXECUTE 'CREATE INDEX chunk_embeddings_bot_model_idx ON chunk_embeddings (bot_id, model)';
  RETURN true;
END
$$;

SELECT enable_chunk_embeddings();
