-- The station admin ('Beheer'): accounts, their sessions, failed-login counters, the audit log
-- and API keys for machines. Secrets are never stored as such: passwords as argon2id hashes,
-- session ids and API keys as SHA-256 hex digests.

CREATE TABLE admin_users (
  id {{id}},
  email TEXT NOT NULL,
  email_key TEXT NOT NULL UNIQUE,                 -- the e-mail address in lower case: unique ignoring case
  display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL,                             -- 'beheerder', 'eindredacteur' or 'redacteur'
  channels TEXT NOT NULL DEFAULT '',              -- channel slugs separated by ','; empty: every channel
  active INTEGER NOT NULL DEFAULT 1,
  must_change_password INTEGER NOT NULL DEFAULT 1,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);

CREATE TABLE admin_sessions (
  id_hash TEXT PRIMARY KEY,                       -- SHA-256 of the cookie's random id
  user_id BIGINT NOT NULL REFERENCES admin_users(id),
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL                      -- the absolute end, whatever the use
);
CREATE INDEX admin_sessions_user ON admin_sessions (user_id);

CREATE TABLE admin_login_failures (
  throttle_key TEXT PRIMARY KEY,                  -- 'account:<email_key>' or 'address:<client address>'
  failures INTEGER NOT NULL,
  last_failure_at BIGINT NOT NULL,
  locked_until BIGINT NOT NULL
);

CREATE TABLE admin_audit_log (
  id {{id}},
  at BIGINT NOT NULL,
  user_id BIGINT,                                 -- NULL: the server itself or the command line
  user_name TEXT NOT NULL,
  item_type TEXT NOT NULL,
  item_id TEXT NOT NULL,
  action TEXT NOT NULL,
  changes TEXT NOT NULL                           -- JSON {"field": {"before": ..., "after": ...}}
);
CREATE INDEX admin_audit_log_item ON admin_audit_log (item_type, item_id);
CREATE INDEX admin_audit_log_user ON admin_audit_log (user_id);

CREATE TABLE api_keys (
  id {{id}},
  name TEXT NOT NULL,
  prefix TEXT NOT NULL UNIQUE,                    -- the key's public first part, shown in lists
  secret_hash TEXT NOT NULL,                      -- SHA-256 of the whole key
  scopes TEXT NOT NULL,                           -- scopes separated by ' '
  created_by BIGINT REFERENCES admin_users(id),
  created_at BIGINT NOT NULL,
  last_used_at BIGINT,
  revoked_at BIGINT
);
