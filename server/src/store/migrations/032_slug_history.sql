-- Every earlier slug of an item with a public URL (issue 54): when an editor changes a slug, the
-- old one is kept here, so that an old link answers 301 to the item's current page. `scope` is what
-- the slug is unique within besides its type (a page's kind: 'thema' or 'overzicht'; '' for most);
-- item_key the item's key as the admin names it. One owner per old slug: the latest change wins.

CREATE TABLE slug_history (
  type TEXT NOT NULL,
  scope TEXT NOT NULL,
  slug TEXT NOT NULL,
  item_key TEXT NOT NULL,
  changed_at BIGINT NOT NULL,
  PRIMARY KEY (type, scope, slug)
);
