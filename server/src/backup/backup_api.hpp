#pragma once
// The admin's 'Back-ups' page: GET /api/admin/backups tells the schedule and the last backup
// (from the scheduler's memory), POST /api/admin/backups asks for one now. Beheerders only
// (edit_settings); the request is audited.

#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "backup/backup_scheduler.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::backup {

class BackupApi {
 public:
  /// `scheduler` may be null: backups are not configured (ETHER_BACKUP_DIR unset).
  BackupApi(store::Database& db, const admin::AdminApi& admin, BackupScheduler* scheduler,
            std::function<std::int64_t()> now);

  void add_routes(http::Router& router);

 private:
  http::Response status(const http::Request& request) const;
  http::Response run_now(const http::Request& request) const;

  store::Database& db_;
  const admin::AdminApi& admin_;
  BackupScheduler* scheduler_;
  std::function<std::int64_t()> now_;
};

}  // namespace ether::backup
