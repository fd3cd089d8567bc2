#pragma once
// Login sessions of the admin, kept in the store (admin_sessions) so that every instance shares
// them. The cookie carries a random 256-bit id; the store holds only its SHA-256. A session ends
// after kIdleSeconds without use or kAbsoluteSeconds after login, whichever comes first; its
// last use is written at most once a minute. The CSRF token of a session is derived from its id
// (so it needs no column and cannot be derived from the store).

#include <soci/soci.h>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "admin/roles.hpp"

namespace ether::admin {

inline constexpr std::int64_t kIdleSeconds = 2 * 3600;
inline constexpr std::int64_t kAbsoluteSeconds = 12 * 3600;
inline constexpr std::int64_t kTouchIntervalSeconds = 60;

/// A session found for a cookie.
struct SessionInfo {
  std::string id_hash;
  std::int64_t user_id = 0;
  std::int64_t created_at = 0;
  std::int64_t last_seen_at = 0;
  std::int64_t expires_at = 0;
};

/// The CSRF token that goes with a session's raw id.
std::string csrf_token_for(std::string_view session_id);

/// What the session cache knows of a live session: enough to refuse an upload on the I/O thread.
struct CachedSession {
  std::int64_t user_id = 0;
  Role role = Role::redacteur;
  bool ready = false;  // the account is active and its one-time password has been changed
};

/// The sessions this process has seen live, in memory, so that a check that must not touch the
/// store (an upload's head on the I/O thread) can tell a live session from a forged or ended one.
/// SessionRepository::find fills and refreshes it (with the account's role) and every ending of a
/// session in this process empties it; an entry lapses at the session's idle or absolute expiry.
/// A session not seen since a restart (or only by another instance) is unknown until an API call
/// of it reaches this process. The store stays the authority: this only decides early refusals.
class SessionCache {
 public:
  /// The one cache of the process (session ids are random, so stores never share one).
  static SessionCache& instance();

  /// Remembers the session of hash `id_hash` as live until `valid_until` (unix seconds); entries
  /// lapsed at `now` are swept out once there are many.
  void remember(const std::string& id_hash, const CachedSession& session, std::int64_t valid_until, std::int64_t now);
  /// Forgets one session, or every session of a user but `keep_hash`.
  void forget(const std::string& id_hash);
  void forget_user(std::int64_t user_id, std::string_view keep_hash = {});
  /// Sets the role and readiness of every remembered session of a user (the account changed).
  void refresh_user(std::int64_t user_id, Role role, bool ready);
  /// The session of a cookie's raw id when it was seen live and has not lapsed at `now`.
  [[nodiscard]] std::optional<CachedSession> live(std::string_view session_id, std::int64_t now) const;

 private:
  struct Entry {
    CachedSession session;
    std::int64_t valid_until = 0;
  };
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

class SessionRepository {
 public:
  explicit SessionRepository(soci::session& session) : session_(session) {}

  /// Starts a session for `user_id` and returns its raw id (64 hex characters) for the cookie.
  std::string create(std::int64_t user_id, std::int64_t now);
  /// The live session of a raw id, touched when its last use is a minute old or more; an expired
  /// one is deleted and nullopt returned.
  std::optional<SessionInfo> find(std::string_view session_id, std::int64_t now);
  /// Ends one session (logout).
  void remove(std::string_view session_id);
  /// Ends every session of a user except the one whose hash is `keep_hash` (may be empty).
  void remove_for_user(std::int64_t user_id, std::string_view keep_hash = {});
  /// Deletes the expired sessions of every user; returns how many.
  std::int64_t purge_expired(std::int64_t now);

 private:
  soci::session& session_;
};

}  // namespace ether::admin
