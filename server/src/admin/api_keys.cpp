#include "admin/api_keys.hpp"

#include <algorithm>

#include "admin/password.hpp"
#include "api/json_error.hpp"
#include "crypto/hmac.hpp"

namespace ether::admin {
namespace {

std::string join_scopes(const std::vector<std::string>& scopes) {
  std::string out;
  for (const auto& scope : scopes) out += (out.empty() ? "" : " ") + scope;
  return out;
}

std::vector<std::string> split_scopes(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    auto space = text.find(' ');
    auto part = text.substr(0, space);
    if (!part.empty()) out.emplace_back(part);
    text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  }
  return out;
}

constexpr const char* kColumns = "id, name, prefix, scopes, created_by, created_at, last_used_at, revoked_at";

struct Row {
  long long id = 0;
  std::string name;
  std::string prefix;
  std::string scopes;
  long long created_by = 0;
  long long created_at = 0;
  long long last_used = 0;
  long long revoked = 0;
  soci::indicator created_by_ind = soci::i_ok;
  soci::indicator last_used_ind = soci::i_ok;
  soci::indicator revoked_ind = soci::i_ok;

  [[nodiscard]] ApiKey to_key() const {
    ApiKey key;
    key.id = id;
    key.name = name;
    key.prefix = prefix;
    key.scopes = split_scopes(scopes);
    key.created_by = created_by_ind == soci::i_ok ? created_by : 0;
    key.created_at = created_at;
    if (last_used_ind == soci::i_ok) key.last_used_at = last_used;
    if (revoked_ind == soci::i_ok) key.revoked_at = revoked;
    return key;
  }
};

// The prefix of a key text "ether_<prefix>_<secret>", or empty when it is not one.
std::string_view key_prefix(std::string_view text) {
  if (!text.starts_with("ether_") || text.size() != 6 + 8 + 1 + 64 || text[14] != '_') return {};
  return text.substr(6, 8);
}

}  // namespace

bool is_known_scope(std::string_view scope) {
  return std::find(kApiKeyScopes.begin(), kApiKeyScopes.end(), scope) != kApiKeyScopes.end();
}

NewApiKey ApiKeyRepository::create(const std::string& name, const std::vector<std::string>& scopes,
                                   std::int64_t created_by, std::int64_t now) {
  NewApiKey created;
  created.key.prefix = random_hex(4);
  created.secret = "ether_" + created.key.prefix + "_" + random_hex(32);
  created.key.name = name;
  created.key.scopes = scopes;
  created.key.created_by = created_by;
  created.key.created_at = now;
  std::string hash = sha256_hex(created.secret);
  std::string scope_text = join_scopes(scopes);
  long long by = created_by;
  soci::indicator by_ind = created_by == 0 ? soci::i_null : soci::i_ok;
  long long at = now;
  long long id = 0;
  session_ << "INSERT INTO api_keys (name, prefix, secret_hash, scopes, created_by, created_at) VALUES "
              "(:n, :p, :h, :s, :b, :a) RETURNING id",
      soci::use(name), soci::use(created.key.prefix), soci::use(hash), soci::use(scope_text), soci::use(by, by_ind),
      soci::use(at), soci::into(id);
  created.key.id = id;
  return created;
}

std::vector<ApiKey> ApiKeyRepository::list() {
  std::vector<ApiKey> keys;
  Row row;
  soci::statement st = (session_.prepare << std::string("SELECT ") + kColumns + " FROM api_keys ORDER BY id DESC",
                        soci::into(row.id), soci::into(row.name), soci::into(row.prefix), soci::into(row.scopes),
                        soci::into(row.created_by, row.created_by_ind), soci::into(row.created_at),
                        soci::into(row.last_used, row.last_used_ind), soci::into(row.revoked, row.revoked_ind));
  st.execute();
  while (st.fetch()) keys.push_back(row.to_key());
  return keys;
}

std::optional<ApiKey> ApiKeyRepository::find(std::int64_t id) {
  Row row;
  long long key = id;
  session_ << std::string("SELECT ") + kColumns + " FROM api_keys WHERE id = :id", soci::into(row.id),
      soci::into(row.name), soci::into(row.prefix), soci::into(row.scopes),
      soci::into(row.created_by, row.created_by_ind), soci::into(row.created_at),
      soci::into(row.last_used, row.last_used_ind), soci::into(row.revoked, row.revoked_ind), soci::use(key);
  if (!session_.got_data()) return std::nullopt;
  return row.to_key();
}

bool ApiKeyRepository::revoke(std::int64_t id, std::int64_t now) {
  long long key = id;
  long long at = now;
  soci::statement st = (session_.prepare << "UPDATE api_keys SET revoked_at = :a WHERE id = :id AND revoked_at IS NULL",
                        soci::use(at), soci::use(key));
  st.execute(true);
  return st.get_affected_rows() > 0;
}

std::optional<ApiKey> ApiKeyRepository::find_by_secret(std::string_view secret, std::int64_t now) {
  std::string prefix(key_prefix(secret));
  if (prefix.empty()) return std::nullopt;
  Row row;
  std::string stored_hash;
  session_ << std::string("SELECT ") + kColumns + ", secret_hash FROM api_keys WHERE prefix = :p", soci::into(row.id),
      soci::into(row.name), soci::into(row.prefix), soci::into(row.scopes),
      soci::into(row.created_by, row.created_by_ind), soci::into(row.created_at),
      soci::into(row.last_used, row.last_used_ind), soci::into(row.revoked, row.revoked_ind), soci::into(stored_hash),
      soci::use(prefix);
  if (!session_.got_data() || !crypto::equal_in_constant_time(stored_hash, sha256_hex(secret))) return std::nullopt;
  if (row.revoked_ind == soci::i_ok) return std::nullopt;
  // A busy machine calls many times a minute: its last use is written at most once a minute.
  if (row.last_used_ind != soci::i_ok || now - row.last_used >= 60) {
    long long at = now;
    session_ << "UPDATE api_keys SET last_used_at = :a WHERE id = :id", soci::use(at), soci::use(row.id);
    row.last_used = now;
    row.last_used_ind = soci::i_ok;
  }
  return row.to_key();
}

namespace {

http::Response unauthorized(std::string_view message) {
  auto response = api::json_error(401, "unauthorized", message);
  response.set_header("WWW-Authenticate", "Bearer realm=\"ether\"");
  return response;
}

}  // namespace

std::variant<ApiKey, http::Response> authenticate_api_key(store::Database& db, const http::Request& request,
                                                          std::string_view scope, std::int64_t now) {
  std::string_view header = request.header("Authorization");
  if (header.size() < 7 || !http::iequals(header.substr(0, 7), "Bearer ")) {
    return unauthorized("This call needs an API key: Authorization: Bearer <key>.");
  }
  std::string_view secret = header.substr(7);
  while (!secret.empty() && secret.front() == ' ') secret.remove_prefix(1);
  return authenticate_api_key(db, secret, scope, now);
}

std::variant<ApiKey, http::Response> authenticate_api_key(store::Database& db, std::string_view secret,
                                                          std::string_view scope, std::int64_t now) {
  std::optional<ApiKey> key;
  {
    auto lease = db.lease();
    key = ApiKeyRepository(*lease).find_by_secret(secret, now);
  }
  if (!key) return unauthorized("The API key is unknown or revoked.");
  if (std::find(key->scopes.begin(), key->scopes.end(), scope) == key->scopes.end()) {
    return api::json_error(403, "forbidden", "Deze API-sleutel mist het bereik " + std::string(scope) + ".");
  }
  return *key;
}

}  // namespace ether::admin
