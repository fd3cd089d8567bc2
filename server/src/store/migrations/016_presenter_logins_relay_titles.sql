-- A presenter's own source login (ingest/presenter_logins.hpp), set by a beheerder in the admin:
-- with it an encoder may go on air on the channels of the presenter's programmes, and with
-- only_in_slots = 1 only while one of their programme's broadcasts is on. The password is kept
-- as an argon2id hash only.
CREATE TABLE presenter_source_logins (
  presenter_id BIGINT PRIMARY KEY REFERENCES presenters(id) ON DELETE CASCADE,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  only_in_slots INTEGER NOT NULL DEFAULT 0,
  updated_at BIGINT NOT NULL
);

-- The stream title of a channel's live source as its holder sends it (the source's ice-name until
-- an encoder or playout system says what plays), so that the instances that relay the channel
-- send their listeners the same title (ingest/source_relay.hpp).
ALTER TABLE live_sources ADD COLUMN title TEXT NOT NULL DEFAULT '';
