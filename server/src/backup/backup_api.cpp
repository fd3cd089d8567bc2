#include "backup/backup_api.hpp"

#include <boost/json.hpp>
#include <chrono>

#include "admin/audit_log.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"

namespace ether::backup {

namespace json = boost::json;
using Params = http::RouteParams;

namespace {

json::value iso_or_null(const std::optional<std::chrono::system_clock::time_point>& at) {
  if (!at) return nullptr;
  return json::string(
      domain::format_iso_utc(std::chrono::duration_cast<std::chrono::seconds>(at->time_since_epoch()).count()));
}

http::Response not_configured() {
  return api::json_error(409, "backups_off",
                         "Er is geen map voor back-ups ingesteld (ETHER_BACKUP_DIR). Vraag je systeembeheerder.");
}

}  // namespace

BackupApi::BackupApi(store::Database& db, const admin::AdminApi& admin, BackupScheduler* scheduler,
                     std::function<std::int64_t()> now)
    : db_(db), admin_(admin), scheduler_(scheduler), now_(std::move(now)) {}

void BackupApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/backups", [this](const http::Request& r, const Params&) { return status(r); });
  router.add("POST", "/api/admin/backups", [this](const http::Request& r, const Params&) { return run_now(r); });
}

http::Response BackupApi::status(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  if (scheduler_ == nullptr) return api::private_json(200, json::object{{"configured", false}});
  const auto state = scheduler_->status();
  const auto& options = scheduler_->options();
  return api::private_json(
      200, json::object{{"configured", true},
                        {"dir", options.dir.string()},
                        {"everySeconds", options.every.count()},
                        {"keep", options.keep},
                        {"lastGood", iso_or_null(state.last_good)},
                        {"lastDir", state.last_dir},
                        {"lastBytes", state.last_bytes},
                        {"lastSeconds", state.last_seconds},
                        {"lastError", state.last_error.empty() ? json::value(nullptr) : json::value(state.last_error)},
                        {"next", iso_or_null(state.next)},
                        {"running", state.running},
                        {"leading", scheduler_->leading()},
                        {"overdue", scheduler_->overdue(std::chrono::system_clock::now())}});
}

http::Response BackupApi::run_now(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  if (scheduler_ == nullptr) return not_configured();
  if (!scheduler_->leading()) {
    return api::json_error(409, "backup_elsewhere",
                           "Een andere server van deze omroep maakt de back-ups; vraag het daar opnieuw.");
  }
  if (!scheduler_->run_now()) return api::json_error(409, "backup_running", "Er wordt al een back-up gemaakt.");
  const auto& principal = std::get<admin::Principal>(who);
  {
    auto lease = db_.lease();
    admin::AuditLog(*lease).record({principal.user.id, principal.user.display_name}, now_(), "backup", "", "run");
  }
  return api::private_json(202, json::object{{"started", true}});
}

}  // namespace ether::backup
