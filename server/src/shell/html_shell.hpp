#pragma once
// The page shell: web/dist/index.html, loaded once, rendered per page with the page's title,
// head tags (description, canonical, Open Graph and Twitter card with the page's artwork, RSS feed
// links, schema.org JSON-LD of seo/structured_data.hpp), the page's content as HTML inside #root
// (render/page_html.hpp) and the site and page JSON for the app.

#include <boost/json/object.hpp>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

#include "http/message.hpp"
#include "pages/page_result.hpp"
#include "seo/share_image.hpp"

namespace ether::shell {

/// `text` HTML-escaped for element content and attribute values (&, <, >, ", ').
std::string html_escape(std::string_view text);

/// `value` serialised as JSON that is safe inside <script>: <, >, &, U+2028 and U+2029 as \u escapes.
std::string script_safe_json(const boost::json::value& value);
/// Makes serialised JSON safe inside <script> (see script_safe_json).
std::string script_safe(std::string_view json);

/// The JSON text of pages::to_envelope(page, base_url), serialised without copying the page's data.
std::string envelope_json(const pages::PageResult& page, std::string_view base_url);

class HtmlShell {
 public:
  /// Uses `index_html`, which should hold <title>…</title>, <!--ether-head-->, <!--ether-body--> (inside
  /// #root) and <!--ether-data-->; without the markers the tags go before </head>, into an empty
  /// <div id="root"></div> (or nowhere) and before </body>.
  explicit HtmlShell(std::string index_html);

  /// Loads `<web_dir>/index.html`. Throws std::runtime_error naming the file when it cannot be read.
  static HtmlShell load(const std::filesystem::path& web_dir);

  /// The full document for a page. `base_url` has no trailing slash; `body_html` goes inside #root,
  /// followed by <!--/ether-body--> when not empty; `after_root_html` after #root, before the data.
  [[nodiscard]] std::string render(const pages::PageResult& page, const boost::json::object& site,
                                   std::string_view base_url, std::string_view body_html = {},
                                   std::string_view after_root_html = {}) const;

  /// Where the share card learns the pixel size of a site path's image (seo::share_card); unset,
  /// no size is given and every local image counts as present.
  void set_image_sizes(seo::ImageSizeLookup sizes) { image_sizes_ = std::move(sizes); }

  /// The HTML response: the document with the page's content rendered for the request's path and,
  /// while the request's cookies hold no consent choice, the consent box (shell/consent_box.hpp);
  /// status = page.status, no-cache, Vary: Cookie, strong ETag of the document, 304 when the
  /// request's If-None-Match matches (for 200 pages). Above the header, the first of `maintenance`
  /// (the live notifications) that the request's cookie does not list as closed (shell/maintenance_choice.hpp).
  [[nodiscard]] http::Response respond(const http::Request& request, const pages::PageResult& page,
                                       const boost::json::object& site, std::string_view base_url,
                                       const boost::json::array& maintenance = {}) const;

 private:
  std::string before_title_;   // up to and including <title>
  std::string title_to_head_;  // from </title> to the head marker
  std::string head_to_body_;   // from the head marker to the body marker
  std::string body_to_data_;   // from the body marker to the data marker
  std::string after_data_;
  seo::ImageSizeLookup image_sizes_;
};

}  // namespace ether::shell
