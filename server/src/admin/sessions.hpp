#pragma once
// Login sessions of the admin, kept in the store (admin_sessions) so that every instance shares
// them. The cookie carries a random 256-bit id; the store holds only its SHA-256. A session ends
// after kIdleSeconds without use or kAbsoluteSeconds after login, whichever comes first; its
// last use is written at most once a minute. The CSRF token of a session is derived from its id
// (so it needs no column and cannot be derived from the store).

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
