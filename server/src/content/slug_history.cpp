#include "content/slug_history.hpp"

#include <boost/json.hpp>

namespace ether::content {
namespace {

std::string text_of(const boost::json::value* value) {
  if (value == nullptr || value->is_null()) return {};
  if (value->is_string()) return std::string(value->get_string());
  if (value->is_int64()) return std::to_string(value->get_int64());
  return boost::json::serialize(*value);
}

}  // namespace

std::string slug_scope_of(const TypeSpec& type, const boost::json::object& values) {
  std::string scope;
  for (const auto& name : type.slug_scope) {
    if (!scope.empty()) scope += '/';
    scope += text_of(values.if_contains(name));
  }
  return scope;
}

void keep_earlier_slug(soci::session& session, const TypeSpec& type, const Item& before, const Item& after,
                       std::int64_t at) {
  if (type.slug_field.empty()) return;
  auto old_slug = text_of(before.values.if_contains(type.slug_field));
  auto old_scope = slug_scope_of(type, before.values);
  if (old_slug.empty() || (old_slug == text_of(after.values.if_contains(type.slug_field)) &&
                           old_scope == slug_scope_of(type, after.values))) {
    return;
  }
  // The latest owner of an old slug is the one its links meant most recently.
  const auto& key = before.key;
  const auto when = static_cast<long long>(at);
  session << "DELETE FROM slug_history WHERE type = :t AND scope = :s AND slug = :g", soci::use(type.name),
      soci::use(old_scope), soci::use(old_slug);
  session << "INSERT INTO slug_history (type, scope, slug, item_key, changed_at) VALUES (:t, :s, :g, :k, :a)",
      soci::use(type.name), soci::use(old_scope), soci::use(old_slug), soci::use(key), soci::use(when);
}

}  // namespace ether::content
