-- The second factor of the admin accounts (admin/second_factor.hpp): a TOTP secret per account,
-- the recovery codes (only their SHA-256: each is a random 50-bit code, used once) and the logins
-- that are halfway, password given and code still to come (the challenge's SHA-256).

CREATE TABLE admin_second_factors (
  user_id BIGINT PRIMARY KEY REFERENCES admin_users(id),
  secret TEXT NOT NULL,                           -- base32 (RFC 4648) of 20 random bytes
  created_at BIGINT NOT NULL,
  enabled_at BIGINT,                              -- NULL: enrolment started, not confirmed yet
  last_used_step BIGINT NOT NULL DEFAULT 0        -- unix time / 30 of the last code used: no replay
);

CREATE TABLE admin_recovery_codes (
  id {{id}},
  user_id BIGINT NOT NULL REFERENCES admin_users(id),
  code_hash TEXT NOT NULL,                        -- SHA-256 of the code without dashes, lower case
  used_at BIGINT
);
CREATE INDEX admin_recovery_codes_user ON admin_recovery_codes (user_id);

CREATE TABLE admin_login_challenges (
  id_hash TEXT PRIMARY KEY,                       -- SHA-256 of the challenge the client holds
  user_id BIGINT NOT NULL REFERENCES admin_users(id),
  expires_at BIGINT NOT NULL
);
