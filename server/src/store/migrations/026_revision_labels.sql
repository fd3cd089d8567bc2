-- A label per saved version of an article or page (issue 37), e.g. 'Voor de correctie', so that
-- versions with the same title can be told apart in the admin. Nullable: no label is the default.

ALTER TABLE content_revisions ADD COLUMN label TEXT;
