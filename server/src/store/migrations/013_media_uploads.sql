-- Uploaded media of the admin (server/src/media/): images and audio, each stored once by the
-- SHA-256 of the bytes uploaded. Files live under <data dir>/uploads; a row says where, how far
-- their processing is, and what was measured.

CREATE TABLE media (
  id {{id}},
  kind TEXT NOT NULL,                             -- 'image' or 'audio'
  content_hash TEXT NOT NULL,                     -- SHA-256 hex of the uploaded bytes
  original_name TEXT NOT NULL DEFAULT '',         -- the file name the browser sent, for the admin only
  status TEXT NOT NULL,                           -- 'processing', 'ready' or 'failed'
  progress INTEGER NOT NULL DEFAULT 0,            -- 0..100 while processing
  error TEXT NOT NULL DEFAULT '',                 -- a Dutch message when failed
  mime_type TEXT NOT NULL DEFAULT '',             -- of the stored result: image/webp, audio/mpeg
  width INTEGER NOT NULL DEFAULT 0,               -- images: of the stored original
  height INTEGER NOT NULL DEFAULT 0,
  focal_x INTEGER NOT NULL DEFAULT 500,           -- images: the focal point in thousandths of width and height
  focal_y INTEGER NOT NULL DEFAULT 500,
  duration_ms BIGINT NOT NULL DEFAULT 0,          -- audio: of the stored MP3
  size_bytes BIGINT NOT NULL DEFAULT 0,           -- of the stored result (the MP3, the original WebP)
  loudness_lufs INTEGER NOT NULL DEFAULT 0,       -- audio: integrated loudness of the result, in tenths of LUFS
  uploaded_by BIGINT REFERENCES admin_users(id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  UNIQUE (kind, content_hash)
);
