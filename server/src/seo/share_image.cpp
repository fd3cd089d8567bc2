#include "seo/share_image.hpp"

#include "media/stored_files.hpp"
#include "pages/content_safety.hpp"

namespace ether::seo {
namespace {

namespace json = boost::json;

std::string_view text_at(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string_view(value->get_string()) : std::string_view();
}

std::string_view image_of(const json::object& data, std::string_view key, std::string_view field = "imageUrl") {
  const auto* value = data.if_contains(key);
  return value != nullptr && value->is_object() ? text_at(value->get_object(), field) : std::string_view();
}

// The first hero image, else the first tile's, of a content page's blocks.
std::string_view content_page_image(const json::object& data) {
  const auto* blocks = data.if_contains("blocks");
  if (blocks == nullptr || !blocks->is_array()) return {};
  std::string_view tile;
  for (const auto& block : blocks->get_array()) {
    if (!block.is_object()) continue;
    const auto& b = block.get_object();
    auto type = text_at(b, "type");
    if (type == "hero" && !text_at(b, "imageUrl").empty()) return text_at(b, "imageUrl");
    if (type == "tiles" && tile.empty()) {
      const auto* items = b.if_contains("items");
      if (items != nullptr && items->is_array() && !items->get_array().empty() && items->get_array()[0].is_object()) {
        tile = text_at(items->get_array()[0].get_object(), "imageUrl");
      }
    }
  }
  return tile;
}

std::string_view page_image(const pages::PageResult& page) {
  const auto& data = page.data;
  const auto& route = page.route;
  if (route == "programma") return image_of(data, "programme");
  if (route == "artikel") return image_of(data, "article");
  if (route == "presentator") return image_of(data, "presenter");
  if (route == "fragment") return image_of(data, "fragment");
  if (route == "uitzending" || route == "uitzendinguur") return image_of(data, "broadcast");
  if (route == "podcast") return image_of(data, "feed");
  if (route == "podcast-aflevering") {
    auto episode = image_of(data, "episode");
    return episode.empty() ? image_of(data, "feed") : episode;
  }
  if (route == "thema" || route == "overzicht") return content_page_image(data);
  return {};
}

}  // namespace

std::string share_image(const pages::PageResult& page, std::string_view base_url) {
  if (page.status != 200) return {};
  std::string url = pages::safe_url(page_image(page));
  // The stand-in artwork of items without their own says nothing about the page.
  if (url.empty() || url.front() == '#' || url.starts_with("mailto:") || url.starts_with("/images/unknown_")) {
    return {};
  }
  // A '{format}' placeholder (spec §9) asks for the large share size.
  url = media::sized_image_url(url, {1280, 720});
  if (url.front() != '/') return url;
  while (!base_url.empty() && base_url.back() == '/') base_url.remove_suffix(1);
  return std::string(base_url) + url;
}

}  // namespace ether::seo
