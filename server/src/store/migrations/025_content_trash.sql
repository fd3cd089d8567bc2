-- The trash ('Prullenbak', issue 40): deleting an item in the admin sets trashed_at (and who did)
-- instead of removing the row, so that its relations, revisions, tags and media links stay and a
-- restore brings it back whole. The listener site leaves trashed rows out at once
-- (store/publication.hpp); content/trash_sweeper.hpp removes them for good after
-- ETHER_TRASH_DAYS (30).

ALTER TABLE programmes ADD COLUMN trashed_at BIGINT;
ALTER TABLE programmes ADD COLUMN trashed_by TEXT;
ALTER TABLE articles ADD COLUMN trashed_at BIGINT;
ALTER TABLE articles ADD COLUMN trashed_by TEXT;
ALTER TABLE maintenance_notifications ADD COLUMN trashed_at BIGINT;
ALTER TABLE maintenance_notifications ADD COLUMN trashed_by TEXT;
ALTER TABLE presenters ADD COLUMN trashed_at BIGINT;
ALTER TABLE presenters ADD COLUMN trashed_by TEXT;
ALTER TABLE news_categories ADD COLUMN trashed_at BIGINT;
ALTER TABLE news_categories ADD COLUMN trashed_by TEXT;
ALTER TABLE fragments ADD COLUMN trashed_at BIGINT;
ALTER TABLE fragments ADD COLUMN trashed_by TEXT;
ALTER TABLE podcast_feeds ADD COLUMN trashed_at BIGINT;
ALTER TABLE podcast_feeds ADD COLUMN trashed_by TEXT;
ALTER TABLE podcast_episodes ADD COLUMN trashed_at BIGINT;
ALTER TABLE podcast_episodes ADD COLUMN trashed_by TEXT;
ALTER TABLE videos ADD COLUMN trashed_at BIGINT;
ALTER TABLE videos ADD COLUMN trashed_by TEXT;
ALTER TABLE bulletins ADD COLUMN trashed_at BIGINT;
ALTER TABLE bulletins ADD COLUMN trashed_by TEXT;
ALTER TABLE content_pages ADD COLUMN trashed_at BIGINT;
ALTER TABLE content_pages ADD COLUMN trashed_by TEXT;
ALTER TABLE event_modal_blocks ADD COLUMN trashed_at BIGINT;
ALTER TABLE event_modal_blocks ADD COLUMN trashed_by TEXT;
ALTER TABLE channels ADD COLUMN trashed_at BIGINT;
ALTER TABLE channels ADD COLUMN trashed_by TEXT;
ALTER TABLE broadcasters ADD COLUMN trashed_at BIGINT;
ALTER TABLE broadcasters ADD COLUMN trashed_by TEXT;
