#include "admin/admin_api_detail.hpp"

#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "store/schedule_repository.hpp"

namespace ether::admin::detail {
namespace json = boost::json;
namespace {

std::string retry_message(std::int64_t seconds) {
  const auto minutes = (seconds + 59) / 60;
  return "Te veel mislukte pogingen. Probeer het over " + std::to_string(minutes) +
         (minutes == 1 ? " minuut" : " minuten") + " opnieuw.";
}

}  // namespace

std::optional<std::string> string_member(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  if (value == nullptr || !value->is_string()) return std::nullopt;
  return std::string(value->get_string());
}

std::string trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return std::string(text);
}

json::value iso_or_null(std::optional<std::int64_t> at) {
  if (!at) return nullptr;
  return json::string(domain::format_iso_utc(*at));
}

json::array string_array(const std::vector<std::string>& items) {
  json::array out;
  for (const auto& item : items) out.emplace_back(item);
  return out;
}

json::object user_json(const User& user) {
  return json::object{{"id", user.id},
                      {"email", user.email},
                      {"name", user.display_name},
                      {"role", role_name(user.role)},
                      {"channels", string_array(user.channels)},
                      {"active", user.active},
                      {"mustChangePassword", user.must_change_password},
                      {"createdAt", domain::format_iso_utc(user.created_at)},
                      {"updatedAt", domain::format_iso_utc(user.updated_at)}};
}

json::array allowed_channels(soci::session& session, const User& user) {
  json::array out;
  for (const auto& [slug, name] : store::ScheduleRepository(session).channels()) {
    if (channel_allowed(user.channels, slug)) out.push_back(json::object{{"slug", slug}, {"name", name}});
  }
  return out;
}

http::Response too_many_attempts(std::int64_t wait) {
  auto response = api::json_error(429, "too_many_attempts", retry_message(wait));
  response.set_header("Retry-After", std::to_string(wait));
  return response;
}

// The account a beheerder acts on by id: not their own (`own_message` then), 404 when none.
std::variant<User, http::Response> other_account(soci::session& session, const Principal& principal,
                                                 const std::string& id_text, std::string_view own_message) {
  auto id = api::parse_id(id_text);
  auto found = id ? UserRepository(session).find_by_id(*id) : std::nullopt;
  if (!found) return api::json_error(404, "not_found", "Deze gebruiker bestaat niet.");
  if (found->id == principal.user.id) return api::json_error(409, "own_account", std::string(own_message));
  return std::move(*found);
}

}  // namespace ether::admin::detail
