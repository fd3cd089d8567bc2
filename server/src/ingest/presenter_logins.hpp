#pragma once
// A presenter's own source login, beside the channel's "source" password (issue 11): a beheerder
// gives a presenter a username and password in the admin (ingest/source_login_api.hpp); with them
// an encoder may go on air on the channels of the presenter's programmes, and, when the login says
// so, only while one of those programmes' broadcasts (the materialised schedule) is on. The
// password is stored as an argon2id hash (admin/password.hpp), never as text.

#include <soci/soci.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "admin/password.hpp"
#include "store/database.hpp"

namespace ether::ingest {

struct PresenterLogin {
  std::int64_t presenter_id = 0;
  std::string username;
  bool only_in_slots = false;
  std::int64_t updated_at = 0;  // unix seconds
};

/// A presenter as the admin lists them: the channels of their programmes and their login, if any.
struct PresenterWithLogin {
  std::int64_t presenter_id = 0;
  std::string slug;
  std::string name;
  std::vector<std::string> channels;
  std::optional<PresenterLogin> login;
};

/// A username a presenter may have: 3 to 64 of a-z, 0-9, '.', '_' and '-', and not "source"
/// (the channel's own login).
bool is_valid_source_username(std::string_view username);

class PresenterLoginRepository {
 public:
  explicit PresenterLoginRepository(soci::session& session) : session_(session) {}

  /// Every presenter by name, with the channels of their programmes and their login.
  std::vector<PresenterWithLogin> list();
  /// One presenter, or nullopt when there is none with this id.
  std::optional<PresenterWithLogin> find(std::int64_t presenter_id);
  /// The presenter whose login has `username`, if any.
  std::optional<std::int64_t> owner_of(std::string_view username);
  /// Gives `presenter_id` a login or changes it; an empty `password_hash` keeps the stored hash
  /// (only for a login that exists).
  void save(std::int64_t presenter_id, const std::string& username, const std::string& password_hash,
            bool only_in_slots, std::int64_t now);
  /// Takes the login away; false when the presenter had none.
  bool remove(std::int64_t presenter_id);

 private:
  soci::session& session_;
};

/// Checks a source client's presenter login. Blocks (the store and an argon2id hash of about a
/// tenth of a second): call it on a worker thread, never on an I/O thread. Thread-safe.
class PresenterSourceAuth {
 public:
  /// `now`: unix seconds; `cost`: of the stand-in hash verified for an unknown username, so that
  /// the time does not tell whether a username exists (keep it the cost the admin hashes with).
  PresenterSourceAuth(store::Database& db, std::function<std::int64_t()> now,
                      const admin::PasswordCost& cost = admin::kInteractiveCost);

  /// True when `username` and `password` are a presenter's login that may send `channel` now: a
  /// channel of one of their programmes, and, with only_in_slots, while one of their programmes'
  /// broadcasts on it is on. Throws store::StoreUnavailable when the store cannot be reached.
  [[nodiscard]] bool may_send(std::string_view channel, std::string_view username, std::string_view password) const;

 private:
  store::Database& db_;
  std::function<std::int64_t()> now_;
  std::string stand_in_hash_;
};

}  // namespace ether::ingest
