#include "store/settings_repository.hpp"

namespace ether::store {

std::optional<std::string> SettingsRepository::get(const std::string& name) {
  std::string value;
  soci::indicator ind = soci::i_null;
  session_ << "SELECT value FROM settings WHERE name = :name", soci::use(name), soci::into(value, ind);
  if (!session_.got_data() || ind != soci::i_ok) return std::nullopt;
  return value;
}

void SettingsRepository::set(const std::string& name, const std::string& value) {
  session_ << "INSERT INTO settings (name, value) VALUES (:name, :value) "
              "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      soci::use(name), soci::use(value);
}

}  // namespace ether::store
