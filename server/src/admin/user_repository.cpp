#include "admin/user_repository.hpp"

#include "admin/sessions.hpp"

namespace ether::admin {
namespace {

constexpr const char* kColumns =
    "id, email, display_name, password_hash, role, channels, active, must_change_password, created_at, updated_at";

struct Row {
  long long id = 0;
  std::string email;
  std::string display_name;
  std::string password_hash;
  std::string role;
  std::string channels;
  int active = 0;
  int must_change = 0;
  long long created_at = 0;
  long long updated_at = 0;
};

User to_user(const Row& row) {
  User user;
  user.id = row.id;
  user.email = row.email;
  user.display_name = row.display_name;
  user.password_hash = row.password_hash;
  user.role = parse_role(row.role).value_or(Role::redacteur);
  user.channels = split_channels(row.channels);
  user.active = row.active != 0;
  user.must_change_password = row.must_change != 0;
  user.created_at = row.created_at;
  user.updated_at = row.updated_at;
  return user;
}

}  // namespace

std::string email_key(std::string_view email) {
  std::string key(email);
  for (char& c : key) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return key;
}

std::string join_channels(const std::vector<std::string>& channels) {
  std::string out;
  for (const auto& channel : channels) out += (out.empty() ? "" : ",") + channel;
  return out;
}

std::vector<std::string> split_channels(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    auto comma = text.find(',');
    auto part = text.substr(0, comma);
    if (!part.empty()) out.emplace_back(part);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
  }
  return out;
}

std::optional<User> UserRepository::find_by_id(std::int64_t id) {
  Row row;
  long long key = id;
  session_ << std::string("SELECT ") + kColumns + " FROM admin_users WHERE id = :id", soci::into(row.id),
      soci::into(row.email), soci::into(row.display_name), soci::into(row.password_hash), soci::into(row.role),
      soci::into(row.channels), soci::into(row.active), soci::into(row.must_change), soci::into(row.created_at),
      soci::into(row.updated_at), soci::use(key);
  if (!session_.got_data()) return std::nullopt;
  return to_user(row);
}

std::optional<User> UserRepository::find_by_email(std::string_view email) {
  Row row;
  std::string key = email_key(email);
  session_ << std::string("SELECT ") + kColumns + " FROM admin_users WHERE email_key = :k", soci::into(row.id),
      soci::into(row.email), soci::into(row.display_name), soci::into(row.password_hash), soci::into(row.role),
      soci::into(row.channels), soci::into(row.active), soci::into(row.must_change), soci::into(row.created_at),
      soci::into(row.updated_at), soci::use(key);
  if (!session_.got_data()) return std::nullopt;
  return to_user(row);
}

std::vector<User> UserRepository::list() {
  std::vector<User> users;
  Row row;
  soci::statement st =
      (session_.prepare << std::string("SELECT ") + kColumns + " FROM admin_users ORDER BY display_name, id",
       soci::into(row.id), soci::into(row.email), soci::into(row.display_name), soci::into(row.password_hash),
       soci::into(row.role), soci::into(row.channels), soci::into(row.active), soci::into(row.must_change),
       soci::into(row.created_at), soci::into(row.updated_at));
  st.execute();
  while (st.fetch()) users.push_back(to_user(row));
  return users;
}

std::int64_t UserRepository::count() {
  long long n = 0;
  session_ << "SELECT COUNT(*) FROM admin_users", soci::into(n);
  return n;
}

std::int64_t UserRepository::insert(const User& user) {
  std::string key = email_key(user.email);
  std::string role(role_name(user.role));
  std::string channels = join_channels(user.channels);
  int active = user.active ? 1 : 0;
  int must_change = user.must_change_password ? 1 : 0;
  long long created = user.created_at;
  long long updated = user.updated_at;
  long long id = 0;
  // RETURNING is understood by SQLite (3.35+) and PostgreSQL alike.
  session_ << "INSERT INTO admin_users (email, email_key, display_name, password_hash, role, channels, active, "
              "must_change_password, created_at, updated_at) VALUES (:e, :k, :n, :h, :r, :c, :a, :m, :cr, :up) "
              "RETURNING id",
      soci::use(user.email), soci::use(key), soci::use(user.display_name), soci::use(user.password_hash),
      soci::use(role), soci::use(channels), soci::use(active), soci::use(must_change), soci::use(created),
      soci::use(updated), soci::into(id);
  return id;
}

void UserRepository::update(const User& user) {
  std::string key = email_key(user.email);
  std::string role(role_name(user.role));
  std::string channels = join_channels(user.channels);
  int active = user.active ? 1 : 0;
  int must_change = user.must_change_password ? 1 : 0;
  long long updated = user.updated_at;
  long long id = user.id;
  session_ << "UPDATE admin_users SET email = :e, email_key = :k, display_name = :n, password_hash = :h, role = :r, "
              "channels = :c, active = :a, must_change_password = :m, updated_at = :up WHERE id = :id",
      soci::use(user.email), soci::use(key), soci::use(user.display_name), soci::use(user.password_hash),
      soci::use(role), soci::use(channels), soci::use(active), soci::use(must_change), soci::use(updated),
      soci::use(id);
  // Sessions of the account judged from memory (uploads) follow its new role at once.
  SessionCache::instance().refresh_user(user.id, user.role, user.active && !user.must_change_password);
}

}  // namespace ether::admin
