-- Podcast downloads (issue 52, listeners/download_writer.hpp). download_salts: the random salt of
-- each UTC day (days since 1970-01-01) under which every instance hashes a client the same way;
-- the first instance to ask inserts it, and the salts of past days are deleted. podcast_download_bytes:
-- the bytes of an episode served to one client (that hash, never an address) on one UTC day; a
-- row whose bytes reach a minute of the episode is one download (listeners/download_counting.hpp).
CREATE TABLE download_salts (
  day BIGINT PRIMARY KEY,
  salt TEXT NOT NULL
);
CREATE TABLE podcast_download_bytes (
  episode_id BIGINT NOT NULL,
  day BIGINT NOT NULL,
  client TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  PRIMARY KEY (episode_id, day, client)
);
CREATE INDEX podcast_download_bytes_day ON podcast_download_bytes (day);
