#include "admin/search_api.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <string>
#include <utility>
#include <variant>

#include "admin/user_repository.hpp"
#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

// Characters, not bytes: a term of accented letters may be as long as one without.
std::size_t characters(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U; }));
}

std::string lower(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

json::value content_hit(const content::TypeSpec& type, const content::Item& item, std::int64_t now) {
  json::value edit = nullptr;
  if (item.last_edit) {
    edit = json::object{{"by", item.last_edit->user_name}, {"at", domain::format_iso_utc(item.last_edit->at)}};
  }
  const auto review = item.review.status == content::ReviewStatus::none
                          ? json::value(nullptr)
                          : json::value(content::review_status_name(item.review.status));
  return json::object{{"type", type.name},
                      {"typeLabel", type.label_singular},
                      {"id", item.key},
                      {"title", item.values.at(type.title_field)},
                      {"state", content::state_at(type, item, now)},
                      {"review", review},
                      {"archived", item.archived_at.has_value()},
                      {"author", item.author.empty() ? json::value(nullptr) : json::value(item.author)},
                      {"lastEdit", std::move(edit)},
                      {"url", "/beheer/inhoud/" + type.name + "/" + item.key}};
}

// The accounts whose name or e-mail address holds `term` (the list is short: every account is read).
json::object user_group(UserRepository& users, const std::string& term) {
  const auto wanted = lower(term);
  json::array items;
  std::int64_t total = 0;
  for (const auto& user : users.list()) {
    if (lower(user.display_name).find(wanted) == std::string::npos &&
        lower(user.email).find(wanted) == std::string::npos) {
      continue;
    }
    if (++total > kSearchGroupSize) continue;
    items.push_back(json::object{{"type", "users"},
                                 {"id", std::to_string(user.id)},
                                 {"title", user.display_name},
                                 {"email", user.email},
                                 {"role", role_name(user.role)},
                                 {"active", user.active},
                                 {"url", "/beheer/gebruikers"}});
  }
  return json::object{{"type", "users"}, {"label", "Gebruikers"}, {"total", total}, {"items", std::move(items)}};
}

}  // namespace

SearchApi::SearchApi(store::Database& db, const AdminApi& admin, Clock clock)
    : db_(db), admin_(admin), clock_(std::move(clock)) {}

void SearchApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/search",
             [this](const http::Request& r, const http::RouteParams&) { return search(r); });
}

http::Response SearchApi::search(const http::Request& request) const {
  // Every role reads the content lists (Permission::edit_drafts), each within its channels.
  auto who = admin_.authorize(request, Guard{.permission = Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  const auto term = trimmed(std::string(request.param("q").value_or("")));
  if (term.empty()) return api::json_error(400, "search_empty", "Vul een zoekterm in.");
  if (characters(term) > kSearchMaxLength) {
    return api::json_error(400, "search_too_long",
                           "Een zoekterm is te lang (hoogstens " + std::to_string(kSearchMaxLength) + " tekens).");
  }
  const auto now = clock_();
  auto lease = db_.lease();
  json::array groups;
  std::int64_t total = 0;
  for (const auto& type : content::content_types()) {
    // The same query as the type's own list with ?q=, so that both find the same items.
    content::ListQuery query;
    query.text = term;
    query.with_last_edit = true;
    query.page_size = kSearchGroupSize;
    query.channels = principal.user.channels;
    query.now = now;
    query.order = content::ListOrder{.sort = content::ListSort::edited, .descending = true};
    auto result = content::ContentStore(*lease, type).list(query);
    if (result.total == 0) continue;
    json::array items;
    for (const auto& item : result.items) items.push_back(content_hit(type, item, now));
    total += result.total;
    groups.push_back(
        json::object{{"type", type.name}, {"label", type.label}, {"total", result.total}, {"items", std::move(items)}});
  }
  if (allows(principal.user.role, Permission::manage_users)) {
    UserRepository repository(*lease);
    auto users = user_group(repository, term);
    if (users.at("total").as_int64() > 0) {
      total += users.at("total").as_int64();
      groups.push_back(std::move(users));
    }
  }
  return api::private_json(
      200, json::object{{"query", json::string(term)}, {"total", total}, {"groups", std::move(groups)}});
}

}  // namespace ether::admin
