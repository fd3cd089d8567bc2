#pragma once
// The first accounts of a station: `ether-server create-user` and the demo beheerder that a fresh
// store gets once, with a generated password written to <data dir>/admin-password (mode 0600).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "admin/password.hpp"
#include "admin/roles.hpp"
#include "admin/user_repository.hpp"
#include "store/database.hpp"

namespace ether::admin {

inline constexpr std::string_view kDemoAdminEmail = "beheer@ether.local";

/// A refused account: the message says why (taken e-mail address, bad role, ...).
class AccountError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An account just made and its one-time password (it must be changed at first login).
struct CreatedUser {
  User user;
  std::string password;
};

/// Creates an account with a one-time password, with its audit row (actor: the command line).
/// Throws AccountError for an implausible or taken e-mail address or an empty name.
CreatedUser create_account(store::Database& db, const std::string& email, const std::string& name, Role role,
                           std::int64_t now, const PasswordCost& cost = kInteractiveCost);

/// On a store without accounts: creates the demo beheerder, writes its password to
/// `<data_dir>/admin-password` (mode 0600) and returns it. Otherwise nullopt. Logs where to log in
/// (`base_url`/beheer): the password on the first start, the file on later ones.
std::optional<CreatedUser> ensure_first_admin(store::Database& db, const std::filesystem::path& data_dir,
                                              const std::string& base_url, std::int64_t now,
                                              const PasswordCost& cost = kInteractiveCost);

/// `ether-server create-user --role ROLE EMAIL [--name NAME]`: `args` are the words after
/// "create-user". Prints the one-time password on stdout, errors on stderr; returns the exit code
/// (0, 1 for a refused account or store error, 2 for bad usage).
int run_create_user(store::Database& db, const std::vector<std::string>& args);

}  // namespace ether::admin
