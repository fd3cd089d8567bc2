#pragma once
// The page's real content as HTML, served inside the shell's #root before any JavaScript runs:
// the skip link, the site header (logo, search, main navigation, channels), the route's headings,
// text, lists and links inside <main>, and the footer. It is made from the same PageResult the web
// app receives as JSON, with the app's class names, so the app can take the page over without a
// flash or a layout shift (web/src/lib/server-html.ts). Pure functions: no store, no clock.

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

#include "pages/page_result.hpp"

namespace ether::render {

/// The HTML of the whole visible page for `page`, requested at `request_path`; `site` is the
/// SiteConfig (name, defaultChannel, channels). The /app views and the pop-out window have no
/// header and footer, as in the app. `banner`, when given, is the maintenance notification shown above
/// the header (render/maintenance_banner.hpp); the /app views hide it, as spec §2 says.
std::string page_html(const pages::PageResult& page, const boost::json::object& site, std::string_view request_path,
                      const boost::json::object* banner = nullptr);

/// Only what goes inside <main> for `page` (the route's own content); `app` for an /app view.
std::string main_html(const pages::PageResult& page, const boost::json::object& site, bool app = false);

}  // namespace ether::render
