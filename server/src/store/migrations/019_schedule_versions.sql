-- Optimistic locking in the schedule editor (admin/schedule_api.hpp): every weekly slot and one-off
-- change carries the version an editor saw; a save or delete names it and is applied only while the
-- row is still at that version (then the version goes up by one), so that a second editor working
-- on an old copy gets 409 instead of overwriting the first.

ALTER TABLE schedule_slots ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE schedule_changes ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
