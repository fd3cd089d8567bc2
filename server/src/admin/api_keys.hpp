#pragma once
// API keys for machines (playout systems, ingest): created by a beheerder with a name and scopes,
// shown once, stored as a SHA-256 digest, revocable, with the time of last use. A key reads
// "ether_<prefix>_<secret>": the prefix (8 hex) names it in lists, the secret is 256 random bits.
// Other modules authenticate a request with authenticate_api_key (Authorization: Bearer <key>).

#include <soci/soci.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "http/message.hpp"
#include "store/database.hpp"

namespace ether::admin {

/// The scopes a key may carry.
inline constexpr std::array<std::string_view, 2> kApiKeyScopes{"nowplaying:write", "ingest:source"};
bool is_known_scope(std::string_view scope);

struct ApiKey {
  std::int64_t id = 0;
  std::string name;
  std::string prefix;
  std::vector<std::string> scopes;
  std::int64_t created_by = 0;
  std::int64_t created_at = 0;
  std::optional<std::int64_t> last_used_at;
  std::optional<std::int64_t> revoked_at;
};

/// A new key: its row and the full key text, which is shown once and never stored.
struct NewApiKey {
  ApiKey key;
  std::string secret;
};

class ApiKeyRepository {
 public:
  explicit ApiKeyRepository(soci::session& session) : session_(session) {}

  /// Creates a key (scopes must be known; the caller checks).
  NewApiKey create(const std::string& name, const std::vector<std::string>& scopes, std::int64_t created_by,
                   std::int64_t now);
  /// Every key, newest first, revoked ones included.
  std::vector<ApiKey> list();
  std::optional<ApiKey> find(std::int64_t id);
  /// Revokes a key; false when it does not exist or was revoked before.
  bool revoke(std::int64_t id, std::int64_t now);
  /// The live (unrevoked) key of a full key text, its last use written when a minute old.
  std::optional<ApiKey> find_by_secret(std::string_view secret, std::int64_t now);

 private:
  soci::session& session_;
};

/// Authenticates a machine request: the live key in `Authorization: Bearer <key>` that carries
/// `scope`. Answers a JSON error otherwise: 401 (no or unknown or revoked key, with
/// WWW-Authenticate) or 403 (the key lacks the scope).
std::variant<ApiKey, http::Response> authenticate_api_key(store::Database& db, const http::Request& request,
                                                          std::string_view scope, std::int64_t now);
/// The same for a key given as text (a `?key=` parameter of systems that can only fetch a URL).
std::variant<ApiKey, http::Response> authenticate_api_key(store::Database& db, std::string_view secret,
                                                          std::string_view scope, std::int64_t now);

}  // namespace ether::admin
