-- Songs in the admin (issues 52 and 54): an editor corrects a song's title and artist, and adds
-- the album, label and ISRC the royalty report needs, as the other content types are edited: a
-- version per row for optimistic locking, and the trash's columns (a song that was played or is
-- in a rotation is never trashed, as with every referenced item).

ALTER TABLE songs ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE songs ADD COLUMN trashed_at BIGINT;
ALTER TABLE songs ADD COLUMN trashed_by TEXT;
