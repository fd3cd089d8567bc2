-- Live sources on air (ingest/source_relay.hpp): which instance holds a channel's Icecast source,
-- at which internal URL the other instances relay it from, and when that instance last said so
-- (a heartbeat every 250 ms; a row older than a few seconds is stale: its instance died).
CREATE TABLE live_sources (
  channel_slug TEXT PRIMARY KEY,
  instance_id TEXT NOT NULL,
  instance_url TEXT NOT NULL,
  heartbeat_at BIGINT NOT NULL
);
