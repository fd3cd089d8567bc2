#pragma once
// The artwork a shared link shows (og:image, twitter:image): the picture of the page's own
// subject, as an absolute URL, for every route that has one.

#include <string>
#include <string_view>

#include "pages/page_result.hpp"

namespace ether::seo {

/// The page's artwork as an absolute URL on `base_url` (no trailing slash): the programme's,
/// article's, presenter's, fragment's, broadcast's (also of its hours), podcast's or episode's image, a theme or
/// overview page's first hero or tile image; "" for pages without one (lists, 404) or when the
/// image URL is not a safe site path or http(s) URL.
std::string share_image(const pages::PageResult& page, std::string_view base_url);

}  // namespace ether::seo
