#pragma once
// Admin content and schedule creates sent with an Idempotency-Key header (the admin client sends a fresh key with each
// save and the same key when it retries that save): the first request claims the key in the store,
// and a retry gets the first request's answer again, so a save retried after a lost answer or a 503
// is stored once. Keys are the requester's own (scoped by the session cookie or API key that sent
// them) and kept a day. A key reused for another request answers 422 idempotency_key_reused; a
// retry while the first is still running answers 409 request_in_progress.

#include <cstdint>
#include <functional>

#include "http/message.hpp"
#include "store/database.hpp"

namespace ether::admin {

class IdempotentSaves {
 public:
  /// `now`: Unix seconds.
  IdempotentSaves(store::Database& db, std::function<std::int64_t()> now);

  /// The answer to `request`: `dispatch`'s, or the stored answer of the first request with its key.
  /// Requests other than such a POST with the header go to `dispatch` as they are (an account's or
  /// API key's answer holds a secret, which is never kept).
  http::Response handle(const http::Request& request, const std::function<http::Response()>& dispatch) const;

 private:
  store::Database& db_;
  std::function<std::int64_t()> now_;
};

}  // namespace ether::admin
