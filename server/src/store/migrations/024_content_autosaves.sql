-- The autosaved drafts of the admin's content forms (admin/autosaves.hpp): what an editor typed and
-- has not saved yet, one per account, type and item ('new' for the form of a new item), kept apart
-- from the stored item until a save of that item clears it. values_json: the form's values.
CREATE TABLE content_autosaves (
  user_id BIGINT NOT NULL REFERENCES admin_users(id),
  content_type TEXT NOT NULL,
  item_key TEXT NOT NULL,
  item_version BIGINT NOT NULL DEFAULT 0,         -- the version the form was opened at (0: new)
  values_json TEXT NOT NULL,
  saved_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, content_type, item_key)
);
