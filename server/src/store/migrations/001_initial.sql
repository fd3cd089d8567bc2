-- Ether store, version 1. Portable between SQLite and PostgreSQL:
--   {{id}}      becomes INTEGER PRIMARY KEY AUTOINCREMENT (SQLite) or BIGSERIAL PRIMARY KEY (PostgreSQL);
--   instants are BIGINT unix seconds in UTC; flags are INTEGER 0/1; JSON documents are TEXT.

CREATE TABLE channels (
  id {{id}},
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  parent_slug TEXT REFERENCES channels(slug),
  description TEXT NOT NULL DEFAULT '',
  genre TEXT NOT NULL DEFAULT '',
  color TEXT NOT NULL DEFAULT '#999900',
  logo_url TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0,
  has_programming INTEGER NOT NULL DEFAULT 1,
  player_mode TEXT NOT NULL DEFAULT 'music',      -- 'music' (spec §4 reading B) or 'talk' (reading A)
  classical INTEGER NOT NULL DEFAULT 0,
  stream_url TEXT,                                 -- external Icecast or HLS URL; NULL: our own live origin
  live_video_url TEXT,                             -- visual radio (HLS); NULL: none
  popout_url TEXT NOT NULL DEFAULT ''              -- links[0].value
);

CREATE TABLE broadcasters (
  id {{id}},
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  alias TEXT NOT NULL DEFAULT '',
  logo_url TEXT NOT NULL DEFAULT ''
);

-- spec §5 broadcaster filter: a broadcaster is shown on a channel only if listed here.
CREATE TABLE channel_broadcasters (
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  broadcaster_slug TEXT NOT NULL REFERENCES broadcasters(slug),
  PRIMARY KEY (channel_slug, broadcaster_slug)
);

CREATE TABLE presenters (
  id {{id}},
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'Presentator',
  bio TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT ''
);

CREATE TABLE programmes (
  id {{id}},
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  summary TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT ''
);

CREATE TABLE programme_presenters (
  programme_id BIGINT NOT NULL REFERENCES programmes(id),
  presenter_id BIGINT NOT NULL REFERENCES presenters(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (programme_id, presenter_id)
);

CREATE TABLE programme_broadcasters (
  programme_id BIGINT NOT NULL REFERENCES programmes(id),
  broadcaster_slug TEXT NOT NULL REFERENCES broadcasters(slug),
  PRIMARY KEY (programme_id, broadcaster_slug)
);

-- The weekly grid in Amsterdam wall-clock time; materialised into broadcasts.
CREATE TABLE schedule_slots (
  id {{id}},
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  programme_id BIGINT NOT NULL REFERENCES programmes(id),
  weekday INTEGER NOT NULL,        -- 1 = Monday ... 7 = Sunday (ISO)
  start_minute INTEGER NOT NULL,   -- minutes after local midnight
  end_minute INTEGER NOT NULL      -- exclusive; 1440 = midnight
);

CREATE TABLE broadcasts (
  id {{id}},
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  programme_id BIGINT REFERENCES programmes(id),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL,
  image_url TEXT NOT NULL DEFAULT '',
  audio_url TEXT,                  -- a recording, when one exists
  UNIQUE (channel_slug, starts_at)
);
CREATE INDEX broadcasts_by_programme ON broadcasts (programme_id, starts_at);

CREATE TABLE songs (
  id {{id}},
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  artist TEXT NOT NULL,
  composer TEXT,
  complete_work TEXT,
  ensemble TEXT,
  cover_url TEXT,
  audio_path TEXT NOT NULL,        -- relative to the media directory
  duration_ms BIGINT NOT NULL
);

-- Which songs a channel's playout rotates, in order.
CREATE TABLE channel_rotation (
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  position INTEGER NOT NULL,
  song_id BIGINT NOT NULL REFERENCES songs(id),
  chart_position INTEGER,          -- the song's place in the channel's chart, if charted
  PRIMARY KEY (channel_slug, position)
);

CREATE TABLE track_plays (
  id {{id}},
  channel_slug TEXT NOT NULL REFERENCES channels(slug),
  song_id BIGINT NOT NULL REFERENCES songs(id),
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL,
  chart_position INTEGER,
  UNIQUE (channel_slug, starts_at)
);

CREATE TABLE news_categories (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  color TEXT NOT NULL
);

CREATE TABLE articles (
  id {{id}},
  slug TEXT NOT NULL,
  category_slug TEXT NOT NULL REFERENCES news_categories(slug),
  programme_id BIGINT REFERENCES programmes(id),
  title TEXT NOT NULL,
  intro TEXT NOT NULL,
  author TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT '',
  body_json TEXT NOT NULL,         -- content blocks, see web/src/api/types.ts ContentBlock
  published_at BIGINT NOT NULL
);
CREATE INDEX articles_by_date ON articles (published_at);

CREATE TABLE article_tags (
  article_id BIGINT NOT NULL REFERENCES articles(id),
  tag TEXT NOT NULL,
  PRIMARY KEY (article_id, tag)
);

CREATE TABLE fragments (
  id {{id}},
  slug TEXT NOT NULL,
  programme_id BIGINT REFERENCES programmes(id),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT '',
  audio_path TEXT NOT NULL,
  duration_ms BIGINT NOT NULL,
  published_at BIGINT NOT NULL
);
CREATE INDEX fragments_by_date ON fragments (published_at);

CREATE TABLE fragment_tags (
  fragment_id BIGINT NOT NULL REFERENCES fragments(id),
  tag TEXT NOT NULL,
  PRIMARY KEY (fragment_id, tag)
);

CREATE TABLE podcast_feeds (
  id {{id}},
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  author TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT ''
);

CREATE TABLE podcast_episodes (
  id {{id}},
  feed_id BIGINT NOT NULL REFERENCES podcast_feeds(id),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT '',
  audio_path TEXT NOT NULL,
  duration_ms BIGINT NOT NULL,
  byte_length BIGINT NOT NULL,
  published_at BIGINT NOT NULL
);

CREATE TABLE bulletins (
  id {{id}},
  title TEXT NOT NULL,
  audio_path TEXT NOT NULL,
  duration_ms BIGINT NOT NULL,
  published_at BIGINT NOT NULL
);

CREATE TABLE videos (
  id {{id}},
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  video_path TEXT NOT NULL,
  poster_url TEXT NOT NULL DEFAULT '',
  duration_ms BIGINT NOT NULL,
  published_at BIGINT NOT NULL
);

-- Theme ('thema') and overview ('overzicht') pages made of content blocks.
CREATE TABLE content_pages (
  id {{id}},
  kind TEXT NOT NULL,              -- 'thema' or 'overzicht'
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  blocks_json TEXT NOT NULL,       -- see web/src/api/types.ts PageBlock (stored with references, resolved on read)
  published INTEGER NOT NULL DEFAULT 1,
  UNIQUE (kind, slug)
);

CREATE TABLE event_modal_blocks (
  id {{id}},
  published INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  related_url TEXT NOT NULL DEFAULT '',
  related_url_text TEXT NOT NULL DEFAULT '',
  background_image_url TEXT NOT NULL DEFAULT '',
  logo_url TEXT NOT NULL DEFAULT '',
  count_clock_type TEXT,           -- cms_countclock_countdown, cms_countclock_countup, cms_article_body_unknown_item
  count_clock_caption TEXT,
  count_clock_start BIGINT,
  count_clock_end BIGINT,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE maintenance_notifications (
  id {{id}},
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  url TEXT,
  is_dismissable INTEGER NOT NULL DEFAULT 1,
  active INTEGER NOT NULL DEFAULT 1
);

-- Small key/value settings the server keeps, such as whether the demo has been seeded.
CREATE TABLE settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
