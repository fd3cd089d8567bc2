-- Drafts of an item that is on the site (issue 54, Craft's drafts): an editor's changes kept apart
-- from the published row until someone who may publish makes them live, so the site keeps showing
-- the published version until then. One draft an item, shared by the newsroom. values_json: the
-- form's values as the admin API sends them; base_version: the item's version the draft was saved
-- on (a publication over a newer one is a conflict the editor sees first).
CREATE TABLE content_drafts (
  item_type TEXT NOT NULL,
  item_key TEXT NOT NULL,
  base_version BIGINT NOT NULL,
  values_json TEXT NOT NULL,
  saved_at BIGINT NOT NULL,
  saved_by TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (item_type, item_key)
);
