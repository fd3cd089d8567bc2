#pragma once
// The store's connection: a pool of SOCI sessions on SQLite (the embedded default) or PostgreSQL
// (when DATABASE_URL is set), and the numbered migrations that bring a store up to date.

#include <soci/soci.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace ether::store {

enum class Dialect { sqlite, postgresql };

/// A pooled connection to the store. Thread-safe: each caller leases its own session.
class Database {
 public:
  /// Opens `url`: "sqlite:/path/to/ether.db" or "postgresql://user:pass@host/db" (also "postgres://").
  /// Throws std::runtime_error with a readable message when the store cannot be opened.
  static std::unique_ptr<Database> open(const std::string& url, std::size_t pool_size = 4);

  /// A session leased from the pool for the lifetime of the returned object.
  class Lease {
   public:
    explicit Lease(soci::connection_pool& pool) : session_(pool) {}
    soci::session& operator*() { return session_; }
    soci::session* operator->() { return &session_; }

   private:
    soci::session session_;
  };
  Lease lease() { return Lease(*pool_); }

  [[nodiscard]] Dialect dialect() const { return dialect_; }

  /// Applies every migration newer than the store's version, each in its own transaction.
  /// Safe to call on every start; returns the number of migrations applied.
  int migrate();
  /// The highest migration version applied.
  int schema_version();
  /// True when a trivial query succeeds.
  bool ping() noexcept;

  /// The SQL of a migration with its portable placeholders ({{id}}) written for this dialect.
  [[nodiscard]] std::string dialect_sql(std::string_view portable_sql) const;

 private:
  Database(Dialect dialect, std::size_t pool_size);
  Dialect dialect_;
  std::unique_ptr<soci::connection_pool> pool_;
};

}  // namespace ether::store
