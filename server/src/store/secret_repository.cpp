#include "store/secret_repository.hpp"

#include <stdexcept>

namespace ether::store {

std::optional<std::string> SecretRepository::get(const std::string& name) {
  std::string value;
  soci::indicator ind = soci::i_null;
  session_ << "SELECT value FROM shared_secrets WHERE name = :name", soci::use(name), soci::into(value, ind);
  if (!session_.got_data() || ind != soci::i_ok) return std::nullopt;
  return value;
}

std::string SecretRepository::keep_first(const std::string& name, const std::string& candidate, std::int64_t now) {
  // DO NOTHING rather than a read-then-insert: an instance that loses the race reads the winner's.
  long long created_at = now;
  session_ << "INSERT INTO shared_secrets (name, value, created_at) VALUES (:name, :value, :created) "
              "ON CONFLICT (name) DO NOTHING",
      soci::use(name), soci::use(candidate), soci::use(created_at);
  auto stored = get(name);
  if (!stored) throw std::runtime_error("the shared secret " + name + " was neither stored nor found");
  return *stored;
}

}  // namespace ether::store
