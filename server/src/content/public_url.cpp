#include "content/public_url.hpp"

#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"

namespace ether::content {
namespace {

std::string text_of(const Item& item, std::string_view name) {
  const auto* value = item.values.if_contains(name);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : std::string();
}

// The slug of the row a reference field points at (its id), or empty when it points nowhere.
std::string slug_of(soci::session& session, std::string_view table, const Item& item, std::string_view field) {
  const auto* value = item.values.if_contains(field);
  if (value == nullptr || !value->is_int64()) return {};
  const long long id = value->get_int64();
  std::string slug;
  soci::indicator indicator = soci::i_null;
  session << "SELECT slug FROM " + std::string(table) + " WHERE id = :id", soci::into(slug, indicator), soci::use(id);
  return session.got_data() && indicator == soci::i_ok ? slug : std::string();
}

bool has_page(const TypeSpec& type) {
  return type.name == "articles" || type.name == "pages" || type.name == "podcast-episodes" ||
         type.name == "fragments" || type.name == "videos";
}

}  // namespace

std::optional<std::string> public_url(soci::session& session, const TypeSpec& type, const Item& item,
                                      std::string_view base_url) {
  namespace routes = pages::routes;
  if (!has_page(type)) return std::nullopt;
  const std::int64_t id = type.numeric_key() ? std::stoll(item.key) : 0;
  const auto slug = text_of(item, "slug");
  std::string path;
  if (type.name == "articles") {
    path = routes::article(text_of(item, "category"), id, slug);
  } else if (type.name == "pages") {
    path = text_of(item, "kind") == "overzicht" ? routes::overzicht(slug) : routes::thema(slug);
  } else if (type.name == "podcast-episodes") {
    path = routes::podcast_episode(slug_of(session, "podcast_feeds", item, "feed"), id, slug);
  } else if (type.name == "fragments") {
    std::optional<pages::Date> day;
    if (item.publish_at) day = pages::amsterdam_date(*item.publish_at);
    path = routes::fragment(slug_of(session, "programmes", item, "programme"), id, day, slug);
  } else {
    path = routes::videos();
  }
  return std::string(base_url) + path;
}

std::optional<PublishedItem> published_item(soci::session& session, const TypeSpec& type, const Item& item,
                                            std::int64_t online_at, std::string_view base_url) {
  auto url = public_url(session, type, item, base_url);
  if (!url) return std::nullopt;
  const auto* title = item.values.if_contains(type.title_field);
  return PublishedItem{type.name, item.key,
                       title != nullptr && title->is_string() ? std::string(title->get_string()) : std::string(),
                       std::move(*url), online_at};
}

std::vector<PublishedItem> published_between(soci::session& session, std::int64_t after, std::int64_t until,
                                             std::string_view base_url) {
  std::vector<PublishedItem> out;
  for (const auto& type : content_types()) {
    if (!has_page(type) || type.publication == Publication::none) continue;
    for (const auto& item : ContentStore(session, type).came_online(after, until)) {
      if (auto published = published_item(session, type, item, *item.publish_at, base_url)) {
        out.push_back(std::move(*published));
      }
    }
  }
  return out;
}

}  // namespace ether::content
