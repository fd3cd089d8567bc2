#pragma once
// The picture a shared link shows (og:image, twitter:image): the page's own artwork, else the logo
// of the page's channel, else the site's default share image, as an absolute URL with its pixel
// size and a text alternative.

#include <boost/json/object.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "media/image_size.hpp"
#include "pages/page_result.hpp"

namespace ether::seo {

/// The site's own share image for pages with no artwork and no channel logo (web/public/images).
inline constexpr std::string_view kDefaultShareImage = "/images/share.webp";

/// The page's artwork as an absolute URL on `base_url` (no trailing slash): the programme's,
/// article's, presenter's, fragment's, broadcast's (also of its hours), podcast's or episode's image, a theme or
/// overview page's first hero or tile image; "" for pages without one (lists, 404) or when the
/// image URL is not a safe site path or http(s) URL.
std::string share_image(const pages::PageResult& page, std::string_view base_url);

/// The pixel size of the file behind a site path ("/media/…", "/images/…"); nullopt when there is
/// no such image.
using ImageSizeLookup = std::function<std::optional<media::ImageSize>(std::string_view site_path)>;

/// What a page shares as its picture.
struct ShareCard {
  std::string url;                       // absolute
  std::string alt;                       // og:image:alt
  std::optional<media::ImageSize> size;  // unknown for an image on another site
  bool own_artwork = false;              // the page's own picture (a large card), not a logo or the default
};

/// The page's share picture: its own artwork (share_image), else the logo of its channel (the
/// channel of its parameters or of its broadcast, programme or fragment, else the site's default
/// channel of `site`, the SiteConfig), else kDefaultShareImage. With `sizes`, a site path without an
/// image behind it is passed over; without, every candidate counts and no size is known.
ShareCard share_card(const pages::PageResult& page, const boost::json::object& site, std::string_view base_url,
                     const ImageSizeLookup& sizes);

}  // namespace ether::seo
