-- The audio of fragments, podcast episodes and news bulletins chosen from the media library
-- (content/content_types.hpp FieldKind::audio): the media item, NULL for the seeded items that
-- play a demo file. A save that chooses one fills audio_path, duration_ms (and an episode's
-- byte_length) from its normalised MP3, so the site, the player and the RSS serve that file.

ALTER TABLE fragments ADD COLUMN audio_media_id BIGINT REFERENCES media(id);
ALTER TABLE podcast_episodes ADD COLUMN audio_media_id BIGINT REFERENCES media(id);
ALTER TABLE bulletins ADD COLUMN audio_media_id BIGINT REFERENCES media(id);
