#include "admin/idempotent_saves.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "api/json_error.hpp"
#include "crypto/hmac.hpp"

namespace ether::admin {
namespace {

constexpr std::int64_t kKeptSeconds = 24 * 60 * 60;
// A claim this old whose request never finished belongs to a process that died: a retry may run.
constexpr std::int64_t kAbandonedSeconds = 120;
constexpr std::size_t kLongestKey = 200;

bool valid_key(std::string_view key) {
  return !key.empty() && key.size() <= kLongestKey && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_' ||
           c == '.' || c == ':';
  });
}

struct Stored {
  std::string request_hash;
  int status = 0;
  std::string content_type;
  std::string body;
  std::int64_t created_at = 0;
};

std::optional<Stored> find(soci::session& session, const std::string& scope) {
  Stored stored;
  long long created_at = 0;
  session << "SELECT request_hash, status, content_type, body, created_at FROM idempotency_keys WHERE scope = :s",
      soci::use(scope), soci::into(stored.request_hash), soci::into(stored.status), soci::into(stored.content_type),
      soci::into(stored.body), soci::into(created_at);
  if (!session.got_data()) return std::nullopt;
  stored.created_at = created_at;
  return stored;
}

// Claims `scope` for this request; the stored row when another request holds it.
std::optional<Stored> claim(soci::session& session, const std::string& scope, const std::string& request_hash,
                            std::int64_t now) {
  const long long expired = now - kKeptSeconds;
  session << "DELETE FROM idempotency_keys WHERE created_at < :t", soci::use(expired);
  const long long at = now;
  try {
    session << "INSERT INTO idempotency_keys (scope, request_hash, created_at) VALUES (:s, :h, :t)", soci::use(scope),
        soci::use(request_hash), soci::use(at);
    return std::nullopt;
  } catch (const soci::soci_error&) {
    // Taken (the unique scope), unless the row is gone again: then the insert failed for another reason.
    auto stored = find(session, scope);
    if (!stored) throw;
    if (stored->status != 0 || stored->created_at >= now - kAbandonedSeconds) return stored;
    const long long before = stored->created_at;
    soci::statement take = (session.prepare << "UPDATE idempotency_keys SET created_at = :t, request_hash = :h "
                                               "WHERE scope = :s AND status = 0 AND created_at = :b",
                            soci::use(at), soci::use(request_hash), soci::use(scope), soci::use(before));
    take.execute(true);
    if (take.get_affected_rows() == 1) return std::nullopt;
    return find(session, scope);
  }
}

http::Response replay(const Stored& stored) {
  http::Response response;
  response.status = static_cast<unsigned>(stored.status);
  response.body = stored.body;
  if (!stored.content_type.empty()) response.set_header("Content-Type", stored.content_type);
  response.set_header("Cache-Control", "no-store");
  response.set_header("Idempotent-Replayed", "true");
  return response;
}

}  // namespace

IdempotentSaves::IdempotentSaves(store::Database& db, std::function<std::int64_t()> now)
    : db_(db), now_(std::move(now)) {}

http::Response IdempotentSaves::handle(const http::Request& request,
                                       const std::function<http::Response()>& dispatch) const {
  const auto key = request.header("Idempotency-Key");
  // Content and schedule creates only: an account's or API key's answer holds a secret, never kept.
  const bool create =
      request.path.starts_with("/api/admin/content/") || request.path.starts_with("/api/admin/schedule/");
  if (key.empty() || request.method != "POST" || !create) return dispatch();
  if (!valid_key(key)) {
    return api::json_error(400, "bad_idempotency_key",
                           "De kop Idempotency-Key bestaat uit hoogstens 200 letters, cijfers en - _ . :");
  }
  // The key is the requester's own: scoped by the credential that sent it. Without one the
  // request is refused by its handler anyway.
  const auto cookie = request.cookie("ether_session");
  const auto requester = cookie ? *cookie : request.header("Authorization");
  if (requester.empty()) return dispatch();
  const auto scope = crypto::to_hex(crypto::hmac_sha256("idempotency-key", {requester, "\n", key}));
  const auto request_hash = crypto::to_hex(
      crypto::hmac_sha256("idempotency-request", {request.method, " ", request.target, "\n", request.body}));
  const auto now = now_();
  std::optional<Stored> taken;
  {
    auto lease = db_.lease();
    taken = claim(*lease, scope, request_hash, now);
  }
  if (taken) {
    if (taken->request_hash != request_hash) {
      return api::json_error(
          422, "idempotency_key_reused",
          "Deze sleutel hoort bij een ander verzoek. Laad de pagina opnieuw en probeer het nog eens.");
    }
    if (taken->status == 0) {
      return api::json_error(409, "request_in_progress",
                             "Deze opslag is nog bezig. Wacht even en kijk dan of je wijziging er staat.");
    }
    return replay(*taken);
  }
  const auto release = [&] {
    try {
      auto lease = db_.lease();
      *lease << "DELETE FROM idempotency_keys WHERE scope = :s AND status = 0", soci::use(scope);
    } catch (const std::exception& error) {
      spdlog::warn("admin: cannot release an idempotency key: {}", error.what());
    }
  };
  http::Response response;
  try {
    response = dispatch();
  } catch (...) {
    release();
    throw;
  }
  if (response.status < 200 || response.status >= 300 || response.streaming) {
    // Nothing was saved: a retry may run again.
    release();
    return response;
  }
  try {
    auto lease = db_.lease();
    const int status = static_cast<int>(response.status);
    const std::string content_type(response.header("Content-Type"));
    const std::string body(response.payload());
    *lease << "UPDATE idempotency_keys SET status = :st, content_type = :ct, body = :b WHERE scope = :s",
        soci::use(status), soci::use(content_type), soci::use(body), soci::use(scope);
  } catch (const std::exception& error) {
    // The save itself is stored and answered; a retry within kAbandonedSeconds hears it is running.
    spdlog::warn("admin: cannot keep the answer of an idempotent save: {}", error.what());
  }
  return response;
}

}  // namespace ether::admin
