-- The alt text of the content images (content/content_types.hpp FieldKind::image with crops): what
-- the image shows, for who cannot see it. Required with a new image; rows stored before keep ''
-- until an editor describes their image. The image itself stays in image_url (poster_url): a
-- media library image as the URL of its sizes, /uploads/images/<sha256>/f<x>-<y>/{format}.webp.

ALTER TABLE programmes ADD COLUMN image_alt TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN image_alt TEXT NOT NULL DEFAULT '';
ALTER TABLE presenters ADD COLUMN image_alt TEXT NOT NULL DEFAULT '';
ALTER TABLE fragments ADD COLUMN image_alt TEXT NOT NULL DEFAULT '';
ALTER TABLE podcast_feeds ADD COLUMN image_alt TEXT NOT NULL DEFAULT '';
ALTER TABLE podcast_episodes ADD COLUMN image_alt TEXT NOT NULL DEFAULT '';
ALTER TABLE videos ADD COLUMN poster_alt TEXT NOT NULL DEFAULT '';
