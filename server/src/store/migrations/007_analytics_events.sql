-- Counts of the listener events the web app reports (POST /api/events), per event name and type,
-- e.g. 'player_radioblok_counter_top-40_top-40' / 'exit' (spec §2). No visitor data is kept.
CREATE TABLE analytics_events (
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  count BIGINT NOT NULL DEFAULT 0,
  last_at BIGINT NOT NULL,
  PRIMARY KEY (name, type)
);
