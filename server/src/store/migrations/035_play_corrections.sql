-- 'Gedraaid corrigeren' (issue 54): an editor hides a play that was logged wrongly (a jingle
-- announced as a song, a song that never went out). A hidden play stays in the log, with who hid
-- it and when, and can be shown again; the site, the search, the now-playing webhooks and the
-- royalty report leave it out (store/publication.hpp play_shown), the playout's audio never.

ALTER TABLE track_plays ADD COLUMN hidden_at BIGINT;
ALTER TABLE track_plays ADD COLUMN hidden_by TEXT;
