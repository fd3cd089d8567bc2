-- An item a channel's live source brought (Icecast's metadata call while that source is on air)
-- ends when the source goes off air, rather than holding the channel for the external hold
-- (ingest/now_playing_ingest.hpp); the playout's songs are logged again from that instant.
ALTER TABLE nowplaying_items ADD COLUMN from_source INTEGER NOT NULL DEFAULT 0;
