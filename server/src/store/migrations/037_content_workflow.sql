-- The newsroom's workflow of a content item (issue 54), apart from the item's own row: who wrote it
-- (the account that created it, shown in the admin's lists) and its review step. A draft offered
-- for review ('Ter beoordeling aanbieden') is 'waiting', with who offered it, when and their note;
-- one sent back ('Terugsturen') is 'returned', with who sent it back, when and why, until it is
-- offered again; publishing it ends the step (''). item_key is the item's key as the admin names it.
-- The items created before know their author from the audit log's 'create' row, when it has one.

CREATE TABLE content_workflow (
  item_type TEXT NOT NULL,
  item_key TEXT NOT NULL,
  author_id BIGINT,                         -- NULL: not known (created before, by an import or the command line)
  author_name TEXT NOT NULL DEFAULT '',
  review_status TEXT NOT NULL DEFAULT '',   -- '', 'waiting' or 'returned'
  review_by TEXT NOT NULL DEFAULT '',
  review_at BIGINT,
  review_note TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (item_type, item_key)
);
CREATE INDEX content_workflow_review ON content_workflow (item_type, review_status);

INSERT INTO content_workflow (item_type, item_key, author_id, author_name)
SELECT item_type, item_id, user_id, user_name FROM admin_audit_log
WHERE id IN (SELECT MAX(id) FROM admin_audit_log WHERE action = 'create' AND item_type IN (
  'programmes', 'articles', 'maintenance-notifications', 'presenters', 'news-categories', 'fragments',
  'podcast-feeds', 'podcast-episodes', 'videos', 'bulletins', 'pages', 'event-modals', 'channels', 'songs',
  'broadcasters') GROUP BY item_type, item_id);
