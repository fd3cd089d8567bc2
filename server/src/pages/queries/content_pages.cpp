// The Catalog's content: an article's and a theme page's blocks resolved, and the content pages.

#include "pages/queries/catalog.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "content/content_drafts.hpp"
#include "content/content_types.hpp"
#include "domain/station.hpp"
#include "domain/time.hpp"
#include "pages/content_safety.hpp"
#include "pages/queries/catalog_fields.hpp"
#include "pages/queries/rows.hpp"
#include "store/publication.hpp"

namespace ether::pages::queries {
namespace json = boost::json;
namespace {

std::vector<std::string> string_items(const json::object& block) {
  std::vector<std::string> items;
  if (auto* list = block.if_contains("items"); list && list->is_array()) {
    for (const auto& item : list->get_array()) {
      if (item.is_string()) items.emplace_back(item.get_string());
    }
  }
  return items;
}

// The plain "text" and the whitelisted inline "html" of a paragraph or a list item, from either
// (a CMS may store only html); html that sanitises to nothing becomes the escaped text.
json::object inline_text(const json::object& object) {
  auto raw_html = string_field(object, "html");
  auto text = string_field(object, "text");
  if (text.empty()) text = plain_text(raw_html);
  auto html = sanitize_inline_html(raw_html);
  return json::object{{"text", text}, {"html", html.empty() ? text_as_html(text) : html}};
}

}  // namespace

json::array Catalog::resolve_article_blocks(const json::array& blocks) {
  std::vector<std::string> fragment_slugs, video_slugs;
  for (const auto& block : blocks) {
    if (!block.is_object()) continue;
    const auto& object = block.get_object();
    auto type = string_field(object, "type");
    if (type == "fragment") fragment_slugs.push_back(string_field(object, "fragment"));
    if (type == "video") video_slugs.push_back(string_field(object, "video"));
  }
  auto fragment_list = fragments_by_slug(fragment_slugs);
  auto video_list = video_slugs.empty() ? json::array{} : videos(video_slugs);
  auto find = [](const json::array& list, const std::string& slug) -> const json::value* {
    for (const auto& item : list) {
      if (item.get_object().at("slug").as_string() == slug) return &item;
    }
    return nullptr;
  };
  json::array resolved;
  for (const auto& block : blocks) {
    if (!block.is_object()) continue;
    const auto& object = block.get_object();
    auto type = string_field(object, "type");
    if (type == "fragment" || type == "video") {
      auto slug = string_field(object, type);
      if (const auto* item = find(type == "fragment" ? fragment_list : video_list, slug)) {
        resolved.push_back(json::object{{"type", type}, {type, *item}});
      } else {
        spdlog::warn("pages: an article refers to the unknown {} '{}'; the block is left out", type, slug);
      }
    } else if (type == "paragraph" || type == "heading") {
      // A CMS may store rich text as "html": a heading gets its plain text only, a paragraph also
      // its inline markup through the whitelist (escaped text when it has none), so that search,
      // cards and the app always have the plain "text".
      auto fields = inline_text(object);
      json::object item{{"type", type}, {"text", fields.at("text")}};
      if (type == "paragraph") item["html"] = fields.at("html");
      resolved.push_back(std::move(item));
    } else if (type == "list") {
      // Each item is inline text like a paragraph's; an item without text is left out, and so is
      // a list without items.
      json::array items;
      if (const auto* list = object.if_contains("items"); list != nullptr && list->is_array()) {
        for (const auto& entry : list->get_array()) {
          if (!entry.is_object()) continue;
          auto item = inline_text(entry.get_object());
          if (!item.at("text").as_string().empty()) items.push_back(std::move(item));
        }
      }
      if (items.empty()) continue;
      const auto* ordered = object.if_contains("ordered");
      resolved.push_back(json::object{{"type", type},
                                      {"ordered", ordered != nullptr && ordered->is_bool() && ordered->get_bool()},
                                      {"items", std::move(items)}});
    } else if (type == "image") {
      auto url = string_field(object, "url");
      resolved.push_back(json::object{{"type", type},
                                      {"url", safe_url(url.empty() ? media_url(string_field(object, "image")) : url)},
                                      {"alt", string_field(object, "alt")},
                                      {"caption", string_field(object, "caption")},
                                      {"credit", string_field(object, "credit")}});
    } else if (type == "quote") {
      resolved.push_back(
          json::object{{"type", type}, {"text", string_field(object, "text")}, {"cite", string_field(object, "cite")}});
    } else if (type == "social") {
      resolved.push_back(json::object{{"type", type},
                                      {"network", string_field(object, "network")},
                                      {"url", safe_url(string_field(object, "url"))},
                                      {"text", string_field(object, "text")}});
    }
  }
  return resolved;
}

json::array Catalog::resolve_page_blocks(const json::array& blocks) {
  json::array resolved;
  for (const auto& block : blocks) {
    if (!block.is_object()) continue;
    const auto& b = block.get_object();
    auto type = string_field(b, "type");
    auto title = string_field(b, "title");
    auto image_of = [](const json::object& o) {
      auto image = string_field(o, "imageUrl");
      return safe_url(image.empty() ? media_url(string_field(o, "image")) : image);
    };
    if (type == "hero") {
      auto url = safe_url(string_field(b, "url"));
      resolved.push_back(json::object{{"type", type},
                                      {"title", title},
                                      {"text", string_field(b, "text")},
                                      {"imageUrl", image_of(b)},
                                      {"url", url.empty() ? json::value(nullptr) : json::value(url)}});
    } else if (type == "text") {
      resolved.push_back(json::object{{"type", type}, {"title", title}, {"text", string_field(b, "text")}});
    } else if (type == "tiles") {
      json::array items;
      if (auto* list = b.if_contains("items"); list && list->is_array()) {
        for (const auto& item : list->get_array()) {
          if (!item.is_object()) continue;
          const auto& tile = item.get_object();
          items.push_back(json::object{{"title", string_field(tile, "title")},
                                       {"text", string_field(tile, "text")},
                                       {"url", safe_url(string_field(tile, "url"))},
                                       {"imageUrl", image_of(tile)}});
        }
      }
      resolved.push_back(json::object{{"type", type}, {"title", title}, {"items", std::move(items)}});
    } else if (type == "fragments") {
      resolved.push_back(json::object{{"type", type}, {"title", title}, {"items", fragments_by_slug(string_items(b))}});
    } else if (type == "articles") {
      resolved.push_back(
          json::object{{"type", type}, {"title", title}, {"items", article_cards_by_slug(string_items(b))}});
    } else if (type == "podcasts") {
      auto slugs = string_items(b);
      resolved.push_back(json::object{
          {"type", type}, {"title", title}, {"items", slugs.empty() ? json::array{} : podcast_feeds(slugs)}});
    } else if (type == "radio") {
      json::array items;
      if (auto* list = b.if_contains("items"); list && list->is_array()) {
        for (const auto& item : list->get_array()) {
          if (!item.is_object()) continue;
          const auto& link = item.get_object();
          auto url = safe_url(string_field(link, "url"));
          auto url_type = string_field(link, "urlType");
          if (url_type != "external" && url_type != "internal") {
            url_type = url.starts_with("http://") || url.starts_with("https://") ? "external" : "internal";
          }
          bool has_no_link = url.empty();
          if (auto* flag = link.if_contains("hasNoLink"); flag && flag->is_bool()) has_no_link = flag->get_bool();
          items.push_back(json::object{{"label", string_field(link, "label")},
                                       {"title", string_field(link, "title")},
                                       {"slug", string_field(link, "slug")},
                                       {"url", url},
                                       {"urlType", url_type},
                                       {"hasNoLink", has_no_link}});
        }
      }
      auto channel_slug = string_field(b, "channel");
      if (channel_slug.empty()) channel_slug = ctx_.default_channel;
      resolved.push_back(json::object{
          {"type", type}, {"title", title}, {"channel", channel_ref(channel_slug)}, {"items", std::move(items)}});
    }
  }
  return resolved;
}

std::optional<json::object> Catalog::content_page(std::string_view kind, std::string_view slug) {
  std::optional<json::object> page;
  std::string blocks_json;
  for_each_row(
      session(),
      "SELECT slug, title, description, blocks_json FROM content_pages WHERE kind = :k AND slug = :s AND " +
          store::switched_visible("", "published", now_),
      {std::string(kind), std::string(slug)}, [&](const soci::row& row) {
        page = json::object{{"slug", text_at(row, 0)}, {"title", text_at(row, 1)}, {"description", text_at(row, 2)}};
        blocks_json = text_at(row, 3);
      });
  if (page) (*page)["blocks"] = resolve_page_blocks(parse_blocks(blocks_json, "content page " + std::string(slug)));
  return page;
}

std::optional<json::object> Catalog::content_page_by_id(std::int64_t id, std::string* kind) {
  // The preview of a page on the site with a draft shows the draft (content/content_drafts.hpp).
  const content::DraftShown draft(session(), *content::find_type("pages"), std::to_string(id));
  std::optional<json::object> page;
  std::string blocks_json;
  // The id is a parsed integer, so it is written into the SQL as the other id lookups do.
  for_each_row(
      session(),
      "SELECT slug, title, description, blocks_json, kind FROM content_pages WHERE id = " + std::to_string(id) +
          " AND " + store::not_trashed("content_pages"),
      {}, [&](const soci::row& row) {
        page = json::object{{"slug", text_at(row, 0)}, {"title", text_at(row, 1)}, {"description", text_at(row, 2)}};
        blocks_json = text_at(row, 3);
        if (kind) *kind = text_at(row, 4);
      });
  if (page) (*page)["blocks"] = resolve_page_blocks(parse_blocks(blocks_json, "content page " + std::to_string(id)));
  return page;
}

std::vector<std::pair<std::string, std::string>> Catalog::content_page_list(std::string_view kind) {
  std::vector<std::pair<std::string, std::string>> list;
  for_each_row(session(),
               "SELECT slug, title FROM content_pages WHERE kind = :k AND " +
                   store::switched_visible("", "published", now_) + " ORDER BY title",
               {std::string(kind)}, [&](const soci::row& row) { list.emplace_back(text_at(row, 0), text_at(row, 1)); });
  return list;
}

}  // namespace ether::pages::queries
