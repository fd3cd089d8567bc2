-- Content editing in the admin: a version per row for optimistic locking, draft and scheduled
-- publication (the public queries compare the windows with the clock; no job flips them), the
-- revision history of articles and pages, and one content version for the whole store that every
-- write raises, so that each instance's caches (search, channel list, mini-player info) notice
-- any change made on any instance.

CREATE TABLE content_state (
  id INTEGER PRIMARY KEY,
  version BIGINT NOT NULL
);
INSERT INTO content_state (id, version) VALUES (1, 1);

CREATE TABLE content_revisions (
  id {{id}},
  item_type TEXT NOT NULL,                        -- the editable type, e.g. 'articles'
  item_id TEXT NOT NULL,
  item_version INTEGER NOT NULL,                  -- the row's version this snapshot holds
  data TEXT NOT NULL,                             -- JSON of the editable fields
  created_at BIGINT NOT NULL,
  user_id BIGINT,
  user_name TEXT NOT NULL
);
CREATE INDEX content_revisions_item ON content_revisions (item_type, item_id, id);

ALTER TABLE channels ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE broadcasters ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE presenters ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE programmes ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE news_categories ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE podcast_feeds ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- Dated items: published_at is both the publication moment and the date shown; 'published' = 0 is a draft.
ALTER TABLE articles ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE articles ADD COLUMN published INTEGER NOT NULL DEFAULT 1;
ALTER TABLE articles ADD COLUMN unpublish_at BIGINT;
ALTER TABLE fragments ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE fragments ADD COLUMN published INTEGER NOT NULL DEFAULT 1;
ALTER TABLE fragments ADD COLUMN unpublish_at BIGINT;
ALTER TABLE podcast_episodes ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE podcast_episodes ADD COLUMN published INTEGER NOT NULL DEFAULT 1;
ALTER TABLE podcast_episodes ADD COLUMN unpublish_at BIGINT;
ALTER TABLE videos ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE videos ADD COLUMN published INTEGER NOT NULL DEFAULT 1;
ALTER TABLE videos ADD COLUMN unpublish_at BIGINT;
ALTER TABLE bulletins ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bulletins ADD COLUMN published INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bulletins ADD COLUMN unpublish_at BIGINT;

-- Switched items: on when their flag is set and the clock is inside [publish_at, unpublish_at).
ALTER TABLE content_pages ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE content_pages ADD COLUMN publish_at BIGINT;
ALTER TABLE content_pages ADD COLUMN unpublish_at BIGINT;
ALTER TABLE event_modal_blocks ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE event_modal_blocks ADD COLUMN publish_at BIGINT;
ALTER TABLE event_modal_blocks ADD COLUMN unpublish_at BIGINT;
ALTER TABLE maintenance_notifications ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE maintenance_notifications ADD COLUMN publish_at BIGINT;
ALTER TABLE maintenance_notifications ADD COLUMN unpublish_at BIGINT;
