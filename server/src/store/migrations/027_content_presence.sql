-- Who has an item's edit form open (admin/presence.hpp): one row per type, item and account, its
-- last heartbeat in seen_at (Unix seconds). Kept in the store, not in a process, because several
-- instances may serve the admin behind one load balancer; reads skip rows not seen lately.
CREATE TABLE content_presence (
  content_type TEXT NOT NULL,
  item_key TEXT NOT NULL,
  user_id BIGINT NOT NULL REFERENCES admin_users(id),
  seen_at BIGINT NOT NULL,
  PRIMARY KEY (content_type, item_key, user_id)
);
CREATE INDEX content_presence_seen ON content_presence (seen_at);
