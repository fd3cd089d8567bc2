-- Secrets of the installation (the stream and preview signing keys) that every instance on one
-- PostgreSQL database must share, so that a token signed by one instance is accepted by another.
-- Made once by the first instance that needs one (INSERT ... ON CONFLICT DO NOTHING); never
-- exported, never committed. A secret set in the environment or the config file is not stored.
CREATE TABLE shared_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
