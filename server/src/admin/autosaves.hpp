#pragma once
// Autosaved drafts of the admin's content forms: while an editor types, the form's values are kept
// every few seconds apart from the stored item (migration 024, content_autosaves), one per account,
// type and item ("new" for a new item's form), so that a crash or a closed tab loses nothing; a
// normal save of the item clears it (ContentApi, in the save's transaction).
//   GET    /api/admin/autosaves/{type}/{id}   {"autosave": {values, itemVersion, baseValues, savedAt} | null}
//   PUT    /api/admin/autosaves/{type}/{id}   {values, itemVersion?, baseValues?} -> {"savedAt"}
// baseValues: what the fields the editor changed held in version itemVersion, which the form started
// from (the other fields held what `values` holds; null when not sent): restoring the autosave over
// a newer version merges against that version like any other conflict (issue 48).
//   DELETE /api/admin/autosaves/{type}/{id}   204 (thrown away)
// Behind AdminApi::authorize with edit_drafts (Origin and CSRF token for PUT and DELETE); an editor
// only ever reads their own. An unknown type, a bad id or an item that is not there is 404
// not_found; an account keeps its kAutosavesPerUser newest.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

/// The key of a new item's form.
inline constexpr std::string_view kNewItemKey = "new";
/// Autosaves kept per account: the oldest go past it (1 MiB each at most, so a request cannot
/// grow the store without bound).
inline constexpr std::size_t kAutosavesPerUser = 50;

struct Autosave {
  std::string values_json;  // a JSON object, as the form sent it
  std::int64_t item_version = 0;
  std::optional<std::string> base_json;  // a JSON object: the changed fields' values in item_version
  std::int64_t saved_at = 0;             // Unix seconds
};

/// The store side, on a session (inside the caller's transaction when there is one).
class AutosaveRepository {
 public:
  explicit AutosaveRepository(soci::session& session) : session_(session) {}

  [[nodiscard]] std::optional<Autosave> find(std::int64_t user_id, const std::string& type,
                                             const std::string& key) const;
  void put(std::int64_t user_id, const std::string& type, const std::string& key, const Autosave& autosave) const;
  void remove(std::int64_t user_id, const std::string& type, const std::string& key) const;
  /// Drops the account's autosaves but the `count` newest.
  void keep_newest(std::int64_t user_id, std::size_t count) const;

 private:
  soci::session& session_;
};

class AutosaveApi {
 public:
  /// `now` gives Unix seconds (tests control it).
  AutosaveApi(store::Database& db, const AdminApi& admin, std::function<std::int64_t()> now);

  void add_routes(http::Router& router);

 private:
  http::Response get(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response put(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response remove(const http::Request& request, const std::string& type, const std::string& key) const;

  store::Database& db_;
  const AdminApi& admin_;
  std::function<std::int64_t()> now_;
};

}  // namespace ether::admin
