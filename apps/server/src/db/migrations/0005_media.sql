-- Stage-1 results of PDF, image and YouTube extraction, kept server-side so stage 2 trains
-- exactly what was extracted (never text the client sends back) without extracting twice.
CREATE TABLE media_extractions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('pdf', 'images', 'youtube')),
  -- sha256 of the uploaded file(s), or the YouTube video id.
  content_key text NOT NULL,
  result jsonb NOT NULL,
  char_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_extractions_lookup_idx ON media_extractions (user_id, kind, content_key);
CREATE INDEX media_extractions_created_idx ON media_extractions (created_at);
