#include "shell/html_shell.hpp"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "domain/escape.hpp"
#include "http/byte_response.hpp"
#include "render/page_html.hpp"
#include "seo/share_image.hpp"
#include "seo/structured_data.hpp"
#include "seo/xml_text.hpp"
#include "shell/consent_box.hpp"
#include "shell/maintenance_choice.hpp"

namespace ether::shell {
namespace {

constexpr std::string_view kHeadMarker = "<!--ether-head-->";
constexpr std::string_view kDataMarker = "<!--ether-data-->";
constexpr std::string_view kBodyMarker = "<!--ether-body-->";
constexpr std::string_view kEmptyRoot = "<div id=\"root\"></div>";

void append_meta(std::string& out, std::string_view attribute, std::string_view name, std::string_view content) {
  out += "<meta ";
  out += attribute;
  out += "=\"";
  out += name;
  out += "\" content=\"";
  out += html_escape(content);
  out += "\">";
}

std::string canonical_url(const pages::PageResult& page, std::string_view base_url) {
  while (!base_url.empty() && base_url.back() == '/') base_url.remove_suffix(1);
  std::string canonical(base_url);
  if (page.canonical_path.empty() || page.canonical_path.front() != '/') canonical.push_back('/');
  canonical += page.canonical_path;
  return canonical;
}

std::string site_name_of(const boost::json::object& site) {
  if (auto it = site.find("name"); it != site.end() && it->value().is_string()) {
    return std::string(it->value().get_string());
  }
  return "Ether";
}

}  // namespace

// HTML5 knows every entity XML does (&apos; included), and the characters XML 1.0 cannot carry
// have no business in a page head either: one escaper serves both.
std::string html_escape(std::string_view text) { return domain::xml_escape(text); }

std::string script_safe_json(const boost::json::value& value) { return script_safe(boost::json::serialize(value)); }

std::string envelope_json(const pages::PageResult& page, std::string_view base_url) {
  std::string canonical = canonical_url(page, base_url);
  auto quoted = [](std::string_view text) { return boost::json::serialize(boost::json::string(text)); };
  std::string params = boost::json::serialize(page.params);
  std::string data = boost::json::serialize(page.data);
  std::string out;
  out.reserve(data.size() + params.size() + page.title.size() + page.description.size() + canonical.size() + 128);
  out += "{\"status\":";
  out += std::to_string(page.status);
  out += ",\"route\":";
  out += quoted(page.route);
  out += ",\"title\":";
  out += quoted(page.title);
  out += ",\"description\":";
  out += quoted(page.description);
  out += ",\"canonical\":";
  out += quoted(canonical);
  out += ",\"params\":";
  out += params;
  out += ",\"data\":";
  out += data;
  out += "}";
  return out;
}

std::string script_safe(std::string_view json) {
  std::string out;
  out.reserve(json.size() + 32);
  for (std::size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (c == '<') {
      out += "\\u003c";
    } else if (c == '>') {
      out += "\\u003e";
    } else if (c == '&') {
      out += "\\u0026";
    } else if (c == '\xE2' && i + 2 < json.size() && json[i + 1] == '\x80' &&
               (json[i + 2] == '\xA8' || json[i + 2] == '\xA9')) {
      out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

HtmlShell::HtmlShell(std::string index_html) {
  std::string html = std::move(index_html);
  auto head_pos = html.find(kHeadMarker);
  std::size_t head_end = 0;
  if (head_pos == std::string::npos) {
    head_pos = html.find("</head>");
    if (head_pos == std::string::npos) throw std::runtime_error("index.html has no <!--ether-head--> and no </head>");
    head_end = head_pos;
  } else {
    head_end = head_pos + kHeadMarker.size();
  }
  auto data_pos = html.find(kDataMarker, head_end);
  std::size_t data_end = 0;
  if (data_pos == std::string::npos) {
    data_pos = html.rfind("</body>");
    if (data_pos == std::string::npos || data_pos < head_end) {
      throw std::runtime_error("index.html has no <!--ether-data--> and no </body>");
    }
    data_end = data_pos;
  } else {
    data_end = data_pos + kDataMarker.size();
  }
  std::string head = html.substr(0, head_pos);
  auto title_open = head.find("<title>");
  auto title_close = title_open == std::string::npos ? std::string::npos : head.find("</title>", title_open);
  if (title_close == std::string::npos) {
    before_title_ = head + "<title>";
    title_to_head_ = "</title>";
  } else {
    before_title_ = head.substr(0, title_open + 7);
    title_to_head_ = head.substr(title_close);
  }
  std::string middle = html.substr(head_end, data_pos - head_end);
  std::size_t body_at = middle.find(kBodyMarker);
  std::size_t body_len = kBodyMarker.size();
  if (body_at == std::string::npos) {
    body_at = middle.find(kEmptyRoot);
    body_at = body_at == std::string::npos ? middle.size() : body_at + kEmptyRoot.size() - 6;  // before </div>
    body_len = 0;
  }
  head_to_body_ = middle.substr(0, body_at);
  body_to_data_ = middle.substr(std::min(middle.size(), body_at + body_len));
  after_data_ = html.substr(data_end);
}

HtmlShell HtmlShell::load(const std::filesystem::path& web_dir) {
  std::filesystem::path file = web_dir / "index.html";
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  if (!(in && text << in.rdbuf())) {
    throw std::runtime_error("cannot read " + file.string() +
                             ": build the web app (npm run build in web/) or set ETHER_WEB_DIR");
  }
  return HtmlShell(std::move(text).str());
}

std::string HtmlShell::render(const pages::PageResult& page, const boost::json::object& site, std::string_view base_url,
                              std::string_view body_html, std::string_view after_root_html) const {
  std::string canonical = canonical_url(page, base_url);
  std::string site_name = site_name_of(site);
  std::string site_json = script_safe_json(site);
  std::string page_json = script_safe(envelope_json(page, base_url));

  std::string out;
  out.reserve(before_title_.size() + title_to_head_.size() + head_to_body_.size() + body_to_data_.size() +
              after_data_.size() + site_json.size() + page_json.size() + body_html.size() + after_root_html.size() +
              1024);
  out += before_title_;
  out += html_escape(page.title);
  out += title_to_head_;
  append_meta(out, "name", "description", page.description);
  out += "<link rel=\"canonical\" href=\"";
  out += html_escape(canonical);
  out += "\">";
  if (page.status >= 400) out += "<meta name=\"robots\" content=\"noindex\">";
  append_meta(out, "property", "og:title", page.title);
  append_meta(out, "property", "og:description", page.description);
  append_meta(out, "property", "og:url", canonical);
  append_meta(out, "property", "og:type", page.route == "artikel" ? "article" : "website");
  append_meta(out, "property", "og:site_name", site_name);
  append_meta(out, "property", "og:locale", "nl_NL");
  // The page's own artwork shares as a large picture card; a channel logo as a plain summary.
  auto image = seo::share_card(page, site, base_url, image_sizes_);
  append_meta(out, "property", "og:image", image.url);
  if (image.size) {
    append_meta(out, "property", "og:image:width", std::to_string(image.size->width));
    append_meta(out, "property", "og:image:height", std::to_string(image.size->height));
  }
  append_meta(out, "property", "og:image:alt", image.alt);
  append_meta(out, "name", "twitter:card", image.own_artwork ? "summary_large_image" : "summary");
  append_meta(out, "name", "twitter:title", page.title);
  append_meta(out, "name", "twitter:description", page.description);
  append_meta(out, "name", "twitter:image", image.url);
  append_meta(out, "name", "twitter:image:alt", image.alt);
  for (const auto& feed : seo::alternate_feeds(page, base_url)) {
    out += "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"";
    out += html_escape(feed.title);
    out += "\" href=\"";
    out += html_escape(feed.url);
    out += "\">";
  }
  if (auto nodes = seo::structured_data(page, site, base_url); !nodes.empty()) {
    out += "<script type=\"application/ld+json\">";
    out += script_safe_json(seo::json_ld_document(std::move(nodes)));
    out += "</script>";
  }
  out += head_to_body_;
  if (!body_html.empty()) {
    out += body_html;
    out += "<!--/ether-body-->";
  }
  out += body_to_data_;
  out += after_root_html;
  out += "<script type=\"application/json\" id=\"ether-site\">";
  out += site_json;
  out += "</script><script type=\"application/json\" id=\"ether-page\">";
  out += page_json;
  out += "</script>";
  out += after_data_;
  return out;
}

http::Response HtmlShell::respond(const http::Request& request, const pages::PageResult& page,
                                  const boost::json::object& site, std::string_view base_url,
                                  const boost::json::array& maintenance) const {
  http::Response response;
  response.status = page.status;
  const bool ask_consent = !has_consent_choice(request.cookie(kConsentCookie), std::chrono::system_clock::now());
  const auto banner = shown_notification(maintenance, request.cookie(kMaintenanceCookie));
  response.body = render(page, site, base_url, render::page_html(page, site, request.path, banner ? &*banner : nullptr),
                         ask_consent ? consent_box_html() : std::string_view{});
  response.set_header("Content-Type", "text/html; charset=utf-8");
  response.set_header("Cache-Control", page.preview ? "private, no-cache" : "no-cache");
  response.set_header("Vary", "Cookie");
  http::tag_with_etag(request, response);
  if (response.status == 304) {
    response.headers.erase(std::remove_if(response.headers.begin(), response.headers.end(),
                                          [](const auto& h) { return http::iequals(h.first, "Content-Type"); }),
                           response.headers.end());
  }
  return response;
}

}  // namespace ether::shell
