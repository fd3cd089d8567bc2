-- The answers of admin creates sent with an Idempotency-Key (admin/idempotent_saves.hpp): a create
-- retried with the same key (its answer lost, a 503) gets the first answer again instead of making
-- a second item. status 0: the first is still running. Kept a day.
CREATE TABLE idempotency_keys (
  scope TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  created_at BIGINT NOT NULL
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
