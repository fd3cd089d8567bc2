#include "admin/sessions.hpp"

#include "admin/password.hpp"

#include <algorithm>

namespace ether::admin {
namespace {

// Above this many entries, lapsed ones are swept out when a session is remembered.
constexpr std::size_t kSweepAbove = 1024;

}  // namespace

SessionCache& SessionCache::instance() {
  static SessionCache cache;
  return cache;
}

void SessionCache::remember(const std::string& id_hash, const CachedSession& session, std::int64_t valid_until,
                            std::int64_t now) {
  std::lock_guard lock(mutex_);
  if (entries_.size() > kSweepAbove) {
    std::erase_if(entries_, [&](const auto& entry) { return entry.second.valid_until <= now; });
  }
  entries_[id_hash] = Entry{session, valid_until};
}

void SessionCache::forget(const std::string& id_hash) {
  std::lock_guard lock(mutex_);
  entries_.erase(id_hash);
}

void SessionCache::forget_user(std::int64_t user_id, std::string_view keep_hash) {
  std::lock_guard lock(mutex_);
  std::erase_if(entries_,
                [&](const auto& entry) { return entry.second.session.user_id == user_id && entry.first != keep_hash; });
}

void SessionCache::refresh_user(std::int64_t user_id, Role role, bool ready) {
  std::lock_guard lock(mutex_);
  for (auto& [hash, entry] : entries_) {
    if (entry.session.user_id != user_id) continue;
    entry.session.role = role;
    entry.session.ready = ready;
  }
}

std::optional<CachedSession> SessionCache::live(std::string_view session_id, std::int64_t now) const {
  if (session_id.size() != 64) return std::nullopt;
  const auto hash = sha256_hex(session_id);
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(hash);
  if (found == entries_.end() || now >= found->second.valid_until) return std::nullopt;
  return found->second.session;
}

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
  std::string role;
  int active = 0;
  int must_change = 1;
  // The account's role comes along for the session cache (an upload's head is judged from memory).
  session_ << "SELECT s.user_id, s.created_at, s.last_seen_at, s.expires_at, u.role, u.active, u.must_change_password "
              "FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.id_hash = :h",
      soci::into(user), soci::into(created), soci::into(last_seen), soci::into(expires), soci::into(role),
      soci::into(active), soci::into(must_change), soci::use(info.id_hash);
  if (!session_.got_data()) {
    // Ended elsewhere (another instance, a purge).
    SessionCache::instance().forget(info.id_hash);
    return std::nullopt;
  }
  if (now >= expires || now - last_seen >= kIdleSeconds) {
    session_ << "DELETE FROM admin_sessions WHERE id_hash = :h", soci::use(info.id_hash);
    SessionCache::instance().forget(info.id_hash);
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
  if (const auto parsed = parse_role(role); parsed && active != 0) {
    SessionCache::instance().remember(info.id_hash, CachedSession{info.user_id, *parsed, must_change == 0},
                                      std::min<std::int64_t>(expires, last_seen + kIdleSeconds), now);
  } else {
    SessionCache::instance().forget(info.id_hash);
  }
  return info;
}

void SessionRepository::remove(std::string_view session_id) {
  std::string hash = sha256_hex(session_id);
  session_ << "DELETE FROM admin_sessions WHERE id_hash = :h", soci::use(hash);
  SessionCache::instance().forget(hash);
}

void SessionRepository::remove_for_user(std::int64_t user_id, std::string_view keep_hash) {
  long long user = user_id;
  std::string keep(keep_hash);
  session_ << "DELETE FROM admin_sessions WHERE user_id = :u AND id_hash <> :k", soci::use(user), soci::use(keep);
  SessionCache::instance().forget_user(user_id, keep_hash);
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
