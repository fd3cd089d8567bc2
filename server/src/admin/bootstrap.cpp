#include "admin/bootstrap.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>

#include "admin/audit_log.hpp"

namespace ether::admin {
namespace {

bool plausible_email(const std::string& email) {
  auto at = email.find('@');
  return at != std::string::npos && at > 0 && email.find('.', at) != std::string::npos &&
         email.find_first_of(" \t\r\n") == std::string::npos && email.size() <= 254;
}

void write_password_file(const std::filesystem::path& path, const std::string& password) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::filesystem::remove(path, ec);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw std::runtime_error("cannot create " + path.string() + ": " + std::strerror(errno));
  std::string line = password + "\n";
  bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fd);
  if (!written) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

CreatedUser create_account(store::Database& db, const std::string& email, const std::string& name, Role role,
                           std::int64_t now, const PasswordCost& cost) {
  if (!plausible_email(email)) throw AccountError("\"" + email + "\" is not an e-mail address");
  if (name.empty()) throw AccountError("the name is empty");
  CreatedUser created;
  created.password = generate_password();
  User& user = created.user;
  user.email = email;
  user.display_name = name;
  user.password_hash = hash_password(created.password, cost);
  user.role = role;
  user.active = true;
  user.must_change_password = true;
  user.created_at = now;
  user.updated_at = now;
  auto lease = db.lease();
  store::Transaction tx(*lease);
  UserRepository users(*lease);
  if (users.find_by_email(email)) throw AccountError("an account with the e-mail address " + email + " exists");
  user.id = users.insert(user);
  boost::json::object changes;
  add_change(changes, "name", nullptr, boost::json::string(name));
  add_change(changes, "email", nullptr, boost::json::string(email));
  add_change(changes, "role", nullptr, boost::json::string(role_name(role)));
  AuditLog(*lease).record(Actor{0, "opdrachtregel"}, now, "user", std::to_string(user.id), "create", changes);
  tx.commit();
  return created;
}

std::optional<CreatedUser> ensure_first_admin(store::Database& db, const std::filesystem::path& data_dir,
                                              const std::string& base_url, std::int64_t now, const PasswordCost& cost) {
  const auto file = data_dir / "admin-password";
  std::string login_url = base_url;
  while (!login_url.empty() && login_url.back() == '/') login_url.pop_back();
  login_url += "/beheer";
  std::int64_t accounts = 0;
  {
    auto lease = db.lease();
    accounts = UserRepository(*lease).count();
  }
  if (accounts > 0) {
    if (std::filesystem::exists(file)) {
      spdlog::info("admin: log in at {}; the first password of {} is in {}", login_url, kDemoAdminEmail, file.string());
    } else {
      spdlog::info("admin: log in at {}", login_url);
    }
    return std::nullopt;
  }
  CreatedUser created;
  try {
    created = create_account(db, std::string(kDemoAdminEmail), "Beheerder", Role::beheerder, now, cost);
  } catch (const std::exception& error) {
    // Another instance on the same store made the first account at the same moment.
    spdlog::info("admin: the first account exists already ({}); log in at {}", error.what(), login_url);
    return std::nullopt;
  }
  write_password_file(file, created.password);
  spdlog::info(
      "admin: created the beheerder {} with the one-time password {} (also in {}); log in at {} and "
      "choose a new password",
      kDemoAdminEmail, created.password, file.string(), login_url);
  return created;
}

int run_create_user(store::Database& db, const std::vector<std::string>& args) {
  constexpr const char* kUsage =
      "usage: ether-server create-user --role beheerder|eindredacteur|redacteur EMAIL [--name NAME]\n";
  std::optional<Role> role;
  std::string email;
  std::string name;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "--role" || args[i] == "--name") && i + 1 < args.size()) {
      if (args[i] == "--role") {
        role = parse_role(args[i + 1]);
        if (!role) {
          std::cerr << "ether-server: unknown role \"" << args[i + 1] << "\"\n" << kUsage;
          return 2;
        }
      } else {
        name = args[i + 1];
      }
      ++i;
    } else if (!args[i].starts_with("--") && email.empty()) {
      email = args[i];
    } else {
      std::cerr << "ether-server: unexpected argument \"" << args[i] << "\"\n" << kUsage;
      return 2;
    }
  }
  if (!role || email.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  if (name.empty()) name = email.substr(0, email.find('@'));
  try {
    const auto now =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    auto created = create_account(db, email, name, *role, now);
    std::cout << "Account " << created.user.email << " (" << role_name(*role)
              << ") created. One-time password, to be changed at the first login:\n"
              << created.password << "\n";
    return 0;
  } catch (const AccountError& error) {
    std::cerr << "ether-server: cannot create the account: " << error.what() << "\n";
    return 1;
  }
}

}  // namespace ether::admin
