-- The credit and caption of a library picture (issue 54, "the media library everywhere"): kept
-- with the picture, edited under 'Beeld en geluid' (PUT /api/admin/media/{id}/details), and
-- filling the empty 'Fotograaf of bron' and 'Bijschrift' of a body's image block that chooses it.
-- Rows stored before have none until an editor gives them.

ALTER TABLE media ADD COLUMN credit TEXT NOT NULL DEFAULT '';
ALTER TABLE media ADD COLUMN caption TEXT NOT NULL DEFAULT '';
