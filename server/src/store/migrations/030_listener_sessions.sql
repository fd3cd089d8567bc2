-- Listener sessions (listeners/listener_tracker.hpp), written in batches by listeners/session_writer.hpp:
-- one row per MP3 stream connection or HLS client, with its channel, format, start and end (Unix
-- milliseconds, UTC) and the bytes it was sent. No address or user agent: `listener` is their hash
-- under a salt drawn for the UTC day and forgotten after it (listeners/listener_identity.hpp).
CREATE TABLE listener_sessions (
  id {{id}},
  channel TEXT NOT NULL,
  format TEXT NOT NULL,
  listener TEXT NOT NULL,
  started_at_ms BIGINT NOT NULL,
  ended_at_ms BIGINT NOT NULL,
  bytes BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX listener_sessions_ended ON listener_sessions (ended_at_ms);
