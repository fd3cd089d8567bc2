-- One-off changes to a channel's weekly schedule (admin/schedule_api.hpp) on one Amsterdam date:
-- a special broadcast (a programme or a free title, start and end in wall-clock minutes of that
-- date; weekly slots it overlaps give way) or a cancelled weekly slot. The materialiser applies
-- them on top of the weekly slots (playout/schedule_materialiser.hpp).

CREATE TABLE schedule_changes (
  id {{id}},
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  local_date TEXT NOT NULL,                       -- yyyy-MM-dd, Europe/Amsterdam
  kind TEXT NOT NULL,                             -- 'special' or 'cancel'
  slot_id BIGINT REFERENCES schedule_slots(id),   -- cancel: the slot that does not run that date
  programme_id BIGINT REFERENCES programmes(id),  -- special: its programme, or NULL with a title
  title TEXT NOT NULL DEFAULT '',                 -- special without a programme
  start_minute INTEGER NOT NULL DEFAULT 0,        -- special: minutes after local midnight
  end_minute INTEGER NOT NULL DEFAULT 0           -- special: exclusive; 1440 = midnight
);
CREATE INDEX schedule_changes_by_date ON schedule_changes (channel_slug, local_date);
