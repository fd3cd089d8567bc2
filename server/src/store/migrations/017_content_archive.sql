-- Archiving in the admin (content/content_types.hpp `archivable`): a programme or presenter that is
-- still referred to (broadcasts, schedule slots, programmes) cannot be deleted, so it is archived
-- instead: the moment it was archived, NULL while it is on the site. The listener site leaves
-- archived rows out (pages/queries/catalog.cpp); the admin can put them back.

ALTER TABLE programmes ADD COLUMN archived_at BIGINT;
ALTER TABLE presenters ADD COLUMN archived_at BIGINT;
