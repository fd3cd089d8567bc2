-- Media processing that survives a restart (server/src/media/media_library.cpp): the instance that
-- processes a 'processing' row claims it and keeps a heartbeat; a row whose heartbeat stopped is
-- taken over by one other instance (an UPDATE that still matches), which resumes it from the
-- uploaded file it names under <data dir>/uploads/incoming.

ALTER TABLE media ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE media ADD COLUMN heartbeat_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE media ADD COLUMN source_file TEXT NOT NULL DEFAULT '';
CREATE INDEX media_processing ON media (status, heartbeat_at);
