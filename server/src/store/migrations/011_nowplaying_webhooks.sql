-- Now-playing from outside (an encoder's metadata call or a playout system's ingest call) and
-- signed webhooks out.

-- Songs that an external playout names: found again by ISRC, or by artist and title.
ALTER TABLE songs ADD COLUMN isrc TEXT;
ALTER TABLE songs ADD COLUMN external_id TEXT;
CREATE INDEX songs_isrc ON songs (isrc);

-- Who wrote a play: 'playout' (the demo playout, whose plays are also the live origin's schedule)
-- or 'ingest' (an external playout; no audio of ours).
ALTER TABLE track_plays ADD COLUMN source TEXT NOT NULL DEFAULT 'playout';

-- Every item an external playout announced, songs or not, per channel: what is on air, whether an
-- ad break runs, and the window in which the demo playout's own plays give way.
CREATE TABLE nowplaying_items (
  id {{id}},
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  kind TEXT NOT NULL,                     -- 'song', 'ad', 'news', 'jingle' or 'speech'
  identity TEXT NOT NULL,                 -- isrc:..., ext:... or text:artist|title (lower case)
  artist TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT '',
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL,                -- its end, or the next item's start, or the hold
  has_duration INTEGER NOT NULL DEFAULT 0,
  song_id BIGINT REFERENCES songs(id),
  track_play_id BIGINT,
  next_json TEXT NOT NULL DEFAULT '',     -- the announced next item, as received (JSON), or ''
  received_at BIGINT NOT NULL,
  UNIQUE (channel_slug, starts_at)
);

CREATE TABLE webhooks (
  id {{id}},
  url TEXT NOT NULL,
  events TEXT NOT NULL,                   -- event names separated by ','
  secret TEXT NOT NULL,                   -- the HMAC key, shown once at creation
  active INTEGER NOT NULL DEFAULT 1,
  disabled_reason TEXT NOT NULL DEFAULT '',
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  created_by BIGINT,
  created_at BIGINT NOT NULL,
  deleted_at BIGINT
);

CREATE TABLE webhook_deliveries (
  id {{id}},
  webhook_id BIGINT NOT NULL REFERENCES webhooks(id),
  event_id TEXT NOT NULL,
  event TEXT NOT NULL,
  body TEXT NOT NULL,
  state TEXT NOT NULL,                    -- 'pending', 'delivered' or 'failed'
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  claimed_by TEXT NOT NULL DEFAULT '',
  claimed_until BIGINT NOT NULL DEFAULT 0,
  last_status INTEGER NOT NULL DEFAULT 0, -- the receiver's HTTP status, 0 when none came
  last_error TEXT NOT NULL DEFAULT '',
  last_attempt_at BIGINT,
  last_duration_ms INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  UNIQUE (webhook_id, event_id)           -- an event reaches a hook once, whichever instance saw it
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, id);

-- One row per attempt, for the admin's delivery log.
CREATE TABLE webhook_attempts (
  id {{id}},
  delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries(id),
  attempt INTEGER NOT NULL,
  at BIGINT NOT NULL,
  status INTEGER NOT NULL,
  error TEXT NOT NULL DEFAULT '',
  duration_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt);
