#pragma once
// The admin's routes for presenters' own source logins (ingest/presenter_logins.hpp), beheerder
// only (station settings), under the admin API's guard (AdminApi::authorize: Origin and CSRF for
// changes, session, role) with an audit row (type "source_login", never the password) written in
// the transaction of each change; answers Cache-Control: no-store, errors {"error":{"code","message"}}:
//   GET    /api/admin/source-logins        every presenter: id, slug, name, channels, login (null or
//                                          {username, onlyInSlots, updatedAt})
//   PUT    /api/admin/source-logins/{id}   {username, password, onlyInSlots} gives presenter {id} a
//                                          login or changes it (password may be left out to keep it)
//                                          -> 200 {presenter}; 422 invalid_fields; 404 no presenter
//   DELETE /api/admin/source-logins/{id}   takes the login away -> 204; 404 when there is none

#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "admin/password.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::ingest {

class SourceLoginApi {
 public:
  /// `cost`: of the password hashes (tests use admin::kMinimumCost).
  SourceLoginApi(store::Database& db, const admin::AdminApi& admin, std::function<std::int64_t()> now,
                 admin::PasswordCost cost = admin::kInteractiveCost);

  void add_routes(http::Router& router);

 private:
  http::Response list(const http::Request& request) const;
  http::Response save(const http::Request& request, const std::string& id) const;
  http::Response remove(const http::Request& request, const std::string& id) const;

  store::Database& db_;
  const admin::AdminApi& admin_;
  std::function<std::int64_t()> now_;
  admin::PasswordCost cost_;
};

}  // namespace ether::ingest
