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
  if (route == "nummer") return image_of(data, "track", "coverUrl");
  if (route == "thema" || route == "overzicht") return content_page_image(data);
  return {};
}

// A page's candidate picture as the page would link it: a safe site path or http(s) URL, "" for none.
std::string usable_url(std::string_view raw) {
  std::string url = pages::safe_url(raw);
  // The stand-in artwork of items without their own says nothing about the page.
  if (url.empty() || url.front() == '#' || url.starts_with("mailto:") || url.starts_with("/images/unknown_")) {
    return {};
  }
  // A '{format}' placeholder (spec §9) asks for the large share size.
  return media::sized_image_url(url, {1280, 720});
}

std::string absolute(const std::string& url, std::string_view base_url) {
  if (url.front() != '/') return url;
  while (!base_url.empty() && base_url.back() == '/') base_url.remove_suffix(1);
  return std::string(base_url) + url;
}

// The slug of the channel a page is about: its channel parameter, else the channel of its
// broadcast, programme or fragment.
std::string_view page_channel(const pages::PageResult& page) {
  if (auto slug = text_at(page.params, "channel"); !slug.empty()) return slug;
  for (std::string_view key : {"broadcast", "programme", "fragment", "onAir"}) {
    const auto* subject = page.data.if_contains(key);
    if (subject == nullptr || !subject->is_object()) continue;
    if (auto slug = image_of(subject->get_object(), "channel", "slug"); !slug.empty()) return slug;
  }
  return {};
}

const json::object* site_channel(const json::object& site, std::string_view slug) {
  const auto* channels = site.if_contains("channels");
  if (slug.empty() || channels == nullptr || !channels->is_array()) return nullptr;
  for (const auto& channel : channels->get_array()) {
    if (channel.is_object() && text_at(channel.get_object(), "slug") == slug) return &channel.get_object();
  }
  return nullptr;
}

}  // namespace

std::string share_image(const pages::PageResult& page, std::string_view base_url) {
  if (page.status != 200) return {};
  std::string url = usable_url(page_image(page));
  return url.empty() ? url : absolute(url, base_url);
}

ShareCard share_card(const pages::PageResult& page, const json::object& site, std::string_view base_url,
                     const ImageSizeLookup& sizes) {
  std::string site_name(text_at(site, "name"));
  if (site_name.empty()) site_name = "Ether";
  // A candidate counts when it is on another site (its size unknown) or has an image behind it.
  auto card = [&](const std::string& url, std::string alt, bool own) -> std::optional<ShareCard> {
    if (url.empty()) return std::nullopt;
    ShareCard shared{absolute(url, base_url), std::move(alt), std::nullopt, own};
    if (url.front() == '/' && sizes) {
      shared.size = sizes(std::string_view(url).substr(0, url.find_first_of("?#")));
      if (!shared.size) return std::nullopt;
    }
    return shared;
  };
  if (page.status == 200) {
    if (auto own = card(usable_url(page_image(page)), page.title, true)) return std::move(*own);
  }
  for (auto slug : {page_channel(page), text_at(site, "defaultChannel")}) {
    if (const auto* channel = site_channel(site, slug)) {
      auto logo =
          card(usable_url(text_at(*channel, "logoUrl")), "Logo van " + std::string(text_at(*channel, "name")), false);
      if (logo) return std::move(*logo);
    }
  }
  auto fallback = card(std::string(kDefaultShareImage), "Logo van " + site_name, false);
  return fallback ? std::move(*fallback)
                  : ShareCard{absolute(std::string(kDefaultShareImage), base_url), "Logo van " + site_name,
                              std::nullopt, false};
}

}  // namespace ether::seo
