-- The order in which visitors see the global overlays (issue 54): the event modal already had its
-- sort_order ('Volgorde'); the maintenance banner gets one. live_since is the moment an overlay last
-- came on the site (set when it is published; unix seconds, nullable for rows published before this):
-- of two with the same order, the most recently published one is shown first.

ALTER TABLE maintenance_notifications ADD COLUMN sort_order INTEGER NOT NULL DEFAULT 0;
ALTER TABLE maintenance_notifications ADD COLUMN live_since BIGINT;
ALTER TABLE event_modal_blocks ADD COLUMN live_since BIGINT;
