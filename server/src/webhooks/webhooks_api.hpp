#pragma once
// The admin's webhook routes (beheerder: station settings), under the admin API's guard
// (AdminApi::authorize: Origin and CSRF for changes, session, role) with an audit row written in
// the transaction of each change; answers Cache-Control: no-store, errors {"error":{"code","message"}}:
//   GET    /api/admin/webhooks                            the hooks and the known events
//   POST   /api/admin/webhooks                            {url, events} -> 201 {webhook, secret} (secret shown once)
//   DELETE /api/admin/webhooks/{id}                       204
//   POST   /api/admin/webhooks/{id}/enable                switches a hook that was switched off back on
//   GET    /api/admin/webhooks/{id}/deliveries            the newest 50 deliveries with their attempts
//   POST   /api/admin/webhooks/deliveries/{id}/resend     sends a delivery again

#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::webhooks {

class WebhooksApi {
 public:
  WebhooksApi(store::Database& db, const admin::AdminApi& admin, std::function<std::int64_t()> now,
              std::function<void()> wake = {});

  void add_routes(http::Router& router);

 private:
  http::Response list(const http::Request& request) const;
  http::Response create(const http::Request& request) const;
  http::Response remove(const http::Request& request, const std::string& id) const;
  http::Response enable(const http::Request& request, const std::string& id) const;
  http::Response deliveries(const http::Request& request, const std::string& id) const;
  http::Response resend(const http::Request& request, const std::string& id) const;

  store::Database& db_;
  const admin::AdminApi& admin_;
  std::function<std::int64_t()> now_;
  std::function<void()> wake_;  // tells the dispatcher that something is due
};

}  // namespace ether::webhooks
