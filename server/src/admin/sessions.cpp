#include "admin/sessions.hpp"

#include "admin/password.hpp"

namespace ether::admin {

std::string csrf_token_for(std::string_view session_id) { return sha256_hex("ether-csrf:" + std::string(session_id)); }

std::string SessionRepository::create(std::int64_t user_id, std::int64_t now) {
  std::string id = random_hex(32);
  std::string hash = sha256_hex(id);
  long long user = user_id;
  long long at = now;
  long long expires = now + kAbsoluteSeconds;
  session_ << "INSERT INTO admin_sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES "
              "(:h, :u, :c, :l, :e)",
      soci::use(hash), soci::use(user), soci::use(at), soci::use(at), soci::use(expires);
  return id;
}

std::optional<SessionInfo> SessionRepository::find(std::string_view session_id, std::int64_t now) {
  if (session_id.size() != 64) return std::nullopt;
  SessionInfo info;
  info.id_hash = sha256_hex(session_id);
  long long user = 0;
  long long created = 0;
  long long last_seen = 0;
  long long expires = 0;
  session_ << "SELECT user_id, created_at, last_seen_at, expires_at FROM admin_sessions WHERE id_hash = :h",
      soci::into(user), soci::into(created), soci::into(last_seen), soci::into(expires), soci::use(info.id_hash);
  if (!session_.got_data()) return std::nullopt;
  if (now >= expires || now - last_seen >= kIdleSeconds) {
    session_ << "DELETE FROM admin_sessions WHERE id_hash = :h", soci::use(info.id_hash);
    return std::nullopt;
  }
  if (now - last_seen >= kTouchIntervalSeconds) {
    long long at = now;
    session_ << "UPDATE admin_sessions SET last_seen_at = :l WHERE id_hash = :h", soci::use(at),
        soci::use(info.id_hash);
    last_seen = now;
  }
  info.user_id = user;
  info.created_at = created;
  info.last_seen_at = last_seen;
  info.expires_at = expires;
  return info;
}

void SessionRepository::remove(std::string_view session_id) {
  std::string hash = sha256_hex(session_id);
  session_ << "DELETE FROM admin_sessions WHERE id_hash = :h", soci::use(hash);
}

void SessionRepository::remove_for_user(std::int64_t user_id, std::string_view keep_hash) {
  long long user = user_id;
  std::string keep(keep_hash);
  session_ << "DELETE FROM admin_sessions WHERE user_id = :u AND id_hash <> :k", soci::use(user), soci::use(keep);
}

std::int64_t SessionRepository::purge_expired(std::int64_t now) {
  long long at = now;
  long long idle_before = now - kIdleSeconds;
  long long before = 0;
  session_ << "SELECT COUNT(*) FROM admin_sessions WHERE expires_at <= :n OR last_seen_at <= :i", soci::into(before),
      soci::use(at), soci::use(idle_before);
  session_ << "DELETE FROM admin_sessions WHERE expires_at <= :n OR last_seen_at <= :i", soci::use(at),
      soci::use(idle_before);
  return before;
}

}  // namespace ether::admin
