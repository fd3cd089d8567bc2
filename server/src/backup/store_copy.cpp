#include "backup/store_copy.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>
#include <utility>

#include "backup/store_snapshot.hpp"
#include "store/database.hpp"
#include "store/secret_repository.hpp"
#include "store/store_catalog.hpp"

namespace ether::backup {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSqlitePrefix = "sqlite:";

// The generated secrets: a file of the data dir with SQLite, a row of shared_secrets with
// PostgreSQL (config.cpp makes them so).
constexpr std::pair<const char*, const char*> kSecrets[] = {{"stream-secret", "stream_secret"},
                                                            {"preview-secret", "preview_secret"},
                                                            {"second-factor-key", "second_factor_key"}};

// One table's rows, read as text: the schema holds only integers and texts, every value of which
// round-trips through its text exactly, and a text bound into an integer column is stored as the
// integer (SQLite's column affinity; PostgreSQL types an untyped parameter by its column).
class TableCopy {
 public:
  TableCopy(soci::session& from, soci::session& to, const std::string& table,
            const std::vector<store::ColumnInfo>& columns)
      : to_(to), read_(from), write_(to), values_(columns.size()), nulls_(columns.size()) {
    std::string select = "SELECT ";
    std::string names;
    std::string params;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const std::string separator = i == 0 ? "" : ", ";
      select.append(separator).append("CAST(").append(columns[i].name).append(" AS TEXT)");
      names.append(separator).append(columns[i].name);
      params.append(separator).append(":v").append(std::to_string(i));
      read_.exchange(soci::into(values_[i], nulls_[i]));
    }
    select.append(" FROM ").append(table);
    read_.alloc();
    read_.prepare(select);
    read_.define_and_bind();
    insert_ = "INSERT INTO " + table + " (" + names + ") VALUES (" + params + ")";
    write_ = prepared_insert();
  }

  // Streams every row across; returns how many.
  std::size_t copy_all() {
    std::size_t rows = 0;
    read_.execute(false);
    while (read_.fetch()) {
      write_.execute(true);
      ++rows;
    }
    return rows;
  }

  // A table that refers to itself (a channel's parent channel): a row whose parent is not there
  // yet is tried again after the others, until every row is in or no row more goes in.
  std::size_t copy_self_referring() {
    std::vector<std::pair<std::vector<std::string>, std::vector<soci::indicator>>> pending;
    read_.execute(false);
    while (read_.fetch()) pending.emplace_back(values_, nulls_);
    const std::size_t total = pending.size();
    while (!pending.empty()) {
      std::vector<std::pair<std::vector<std::string>, std::vector<soci::indicator>>> later;
      std::string last_error;
      for (auto& [values, nulls] : pending) {
        values_ = values;
        nulls_ = nulls;
        to_ << "SAVEPOINT ether_copy_row";
        try {
          write_.execute(true);
          to_ << "RELEASE SAVEPOINT ether_copy_row";
        } catch (const std::exception& error) {
          to_ << "ROLLBACK TO SAVEPOINT ether_copy_row";
          // SOCI's PostgreSQL backend keeps the failed execution's parameter buffers, so that a
          // NULL bound next would go in as the previous row's value: a failed statement is not reused.
          write_ = prepared_insert();
          last_error = error.what();
          later.emplace_back(std::move(values), std::move(nulls));
        }
      }
      if (later.size() == pending.size()) throw std::runtime_error(last_error);
      pending = std::move(later);
    }
    return total;
  }

 private:
  soci::statement prepared_insert() {
    soci::statement insert(to_);
    for (std::size_t i = 0; i < values_.size(); ++i) insert.exchange(soci::use(values_[i], nulls_[i]));
    insert.alloc();
    insert.prepare(insert_);
    insert.define_and_bind();
    return insert;
  }

  soci::session& to_;
  soci::statement read_;
  soci::statement write_;
  std::string insert_;
  std::vector<std::string> values_;
  std::vector<soci::indicator> nulls_;
};

bool is_sqlite_url(const std::string& url) { return url.starts_with(kSqlitePrefix); }

fs::path sqlite_dir(const std::string& url) { return fs::path(url.substr(kSqlitePrefix.size())).parent_path(); }

std::optional<std::string> read_secret(const std::string& url, store::Database& db, const std::string& file,
                                       const std::string& row) {
  if (!is_sqlite_url(url)) {
    auto lease = db.lease();
    return store::SecretRepository(*lease).get(row);
  }
  std::ifstream in(sqlite_dir(url) / file);
  std::string secret;
  if (!in || !std::getline(in, secret) || secret.empty()) return std::nullopt;
  return secret;
}

// Written beside the target's SQLite file as the server would make it: readable by this user only,
// and whole or not at all.
void write_secret_file(const fs::path& path, const std::string& secret) {
  const fs::path temporary = path.string() + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw std::runtime_error("cannot write " + temporary.string());
  const std::string line = secret + "\n";
  const bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!written) throw std::runtime_error("cannot write " + temporary.string());
  fs::rename(temporary, path);
}

void copy_secrets(const std::string& from_url, store::Database& from, const std::string& to_url, store::Database& to) {
  for (const auto& [file, row] : kSecrets) {
    const auto secret = read_secret(from_url, from, file, row);
    if (!secret) continue;
    if (is_sqlite_url(to_url)) {
      write_secret_file(sqlite_dir(to_url) / file, *secret);
    } else {
      auto lease = to.lease();
      const auto now =
          std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
      store::SecretRepository(*lease).keep_first(row, *secret, now.count());
    }
  }
}

int schema_version_of(const std::string& url) {
  if (is_sqlite_url(url)) return sqlite_schema_version(url.substr(kSqlitePrefix.size()));
  auto db = store::Database::open(url, 1);
  return postgres_schema_version(*db);
}

}  // namespace

StoreCopyResult copy_store(store::Database& from, store::Database& to) {
  if (from.schema_version() != to.schema_version()) {
    throw std::runtime_error("the stores have different schema versions (" + std::to_string(from.schema_version()) +
                             " and " + std::to_string(to.schema_version()) + ")");
  }
  auto source = from.lease();
  auto target = to.lease();
  const auto tables = store::table_names(*target, to.dialect());
  const auto keys = store::foreign_keys(*target, to.dialect());
  std::set<std::string> self_referring;
  for (const auto& [table, parent] : keys) {
    if (table == parent) self_referring.insert(table);
  }
  const auto ordered = store::referenced_first(tables, keys);

  // One snapshot of the source, however long the copy takes and whatever a server writes meanwhile.
  *source << (from.dialect() == store::Dialect::sqlite ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  *target << (to.dialect() == store::Dialect::sqlite ? "BEGIN IMMEDIATE" : "BEGIN");
  StoreCopyResult result;
  try {
    // The rows the target's own migrations wrote (defaults) come again from the source.
    for (auto it = ordered.rbegin(); it != ordered.rend(); ++it) *target << "DELETE FROM " + *it;
    for (const auto& table : ordered) {
      try {
        TableCopy copy(*source, *target, table, store::table_columns(*target, to.dialect(), table));
        result.rows += self_referring.contains(table) ? copy.copy_self_referring() : copy.copy_all();
        ++result.tables;
      } catch (const std::exception& error) {
        // SOCI's message goes on with the statement and its bound values: a row's password hash or
        // secret must not reach the terminal or a log.
        const std::string message = error.what();
        std::string what = "table ";
        what.append(table).append(": ").append(message.substr(0, message.find(" while executing")));
        throw std::runtime_error(what);
      }
      if (to.dialect() == store::Dialect::postgresql) {
        const auto columns = store::table_columns(*target, to.dialect(), table);
        const bool has_id = std::any_of(columns.begin(), columns.end(), [](const auto& c) { return c.name == "id"; });
        // Copied ids were given, not drawn: the next new row must draw past them.
        if (has_id) {
          std::string setval = "SELECT setval(pg_get_serial_sequence('";
          setval.append(table).append("', 'id'), MAX(id)) FROM ").append(table).append(" HAVING MAX(id) IS NOT NULL");
          *target << setval;
        }
      }
    }
    *target << "COMMIT";
  } catch (...) {
    *target << "ROLLBACK";
    *source << "ROLLBACK";
    throw;
  }
  *source << "COMMIT";
  return result;
}

int run_copy_store_command(const config::Config& config, const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err) {
  if (args.size() != 1 || args.front().starts_with("--") ||
      (!is_sqlite_url(args.front()) && !args.front().starts_with("postgresql://") &&
       !args.front().starts_with("postgres://"))) {
    err << "ether-server: usage: ether-server copy-store sqlite:/path/to/ether.db | postgresql://user@host/db\n";
    return 2;
  }
  const std::string& target_url = args.front();
  const auto shown = is_sqlite_url(target_url) ? target_url : postgres_login(target_url).url;
  if (target_url == config.database_url) {
    err << "ether-server: cannot copy the store into itself\n";
    return 2;
  }
  try {
    if (is_sqlite_url(target_url)) fs::create_directories(sqlite_dir(target_url));
    if (schema_version_of(target_url) > 0) {
      err << "ether-server: cannot copy the store: " << shown << " already holds a store; copy into an empty one\n";
      return 1;
    }
    auto from = store::Database::open(config.database_url, 1);
    from->migrate();
    auto to = store::Database::open(target_url, 1);
    to->migrate();
    const auto result = copy_store(*from, *to);
    copy_secrets(config.database_url, *from, target_url, *to);
    out << "copy-store: " << result.rows << " rows of " << result.tables << " tables copied into " << shown
        << ", with the secrets; copy the uploads and recordings too (README \"Back-ups and restore\")\n";
    return 0;
  } catch (const std::exception& error) {
    err << "ether-server: cannot copy the store into " << shown << ": " << error.what() << "\n";
    return 1;
  }
}

}  // namespace ether::backup
