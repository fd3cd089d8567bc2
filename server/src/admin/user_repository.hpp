#pragma once
// The accounts of the admin (table admin_users), on a session the caller leases and, for a change
// with its audit row, wraps in a transaction.

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "admin/roles.hpp"

namespace ether::admin {

struct User {
  std::int64_t id = 0;
  std::string email;
  std::string display_name;
  std::string password_hash;
  Role role = Role::redacteur;
  std::vector<std::string> channels;  // empty: every channel
  bool active = true;
  bool must_change_password = true;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
};

/// The lower-case form of an e-mail address that makes it unique ignoring case (ASCII only: the
/// local part of non-ASCII addresses is left as typed).
std::string email_key(std::string_view email);

/// "radio2,radio4" and back; empty means every channel.
std::string join_channels(const std::vector<std::string>& channels);
std::vector<std::string> split_channels(std::string_view text);

class UserRepository {
 public:
  explicit UserRepository(soci::session& session) : session_(session) {}

  [[nodiscard]] std::optional<User> find_by_id(std::int64_t id);
  /// The account of an e-mail address, ignoring case.
  [[nodiscard]] std::optional<User> find_by_email(std::string_view email);
  /// Every account, by display name.
  [[nodiscard]] std::vector<User> list();
  [[nodiscard]] std::int64_t count();

  /// Inserts `user` (its id is ignored) and returns the new id. Throws soci::soci_error when the
  /// e-mail address is taken (callers check find_by_email first).
  std::int64_t insert(const User& user);
  /// Writes every field but id and created_at; the cached sessions of the account follow its role
  /// (SessionCache).
  void update(const User& user);

 private:
  soci::session& session_;
};

}  // namespace ether::admin
