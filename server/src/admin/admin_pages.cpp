#include "admin/admin_pages.hpp"

#include <fstream>
#include <sstream>

namespace ether::admin {

AdminPages::AdminPages(const std::filesystem::path& web_dir) {
  std::ifstream in(web_dir / "beheer.html", std::ios::binary);
  if (in) {
    std::ostringstream text;
    text << in.rdbuf();
    html_ = std::make_shared<const std::string>(text.str());
  }
}

void AdminPages::add_routes(http::Router& router) {
  auto handler = [this](const http::Request&, const http::RouteParams&) { return page(); };
  router.add("GET", "/beheer", handler);
  router.add("GET", "/beheer/{rest*}", handler);
}

http::Response AdminPages::page() const {
  http::Response response;
  response.set_header("Content-Type", "text/html; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  response.set_header("X-Robots-Tag", "noindex, nofollow");
  if (!html_) {
    response.status = 503;
    response.body =
        "<!doctype html><html lang=\"nl\"><meta charset=\"utf-8\"><title>Beheer</title>"
        "<p>De beheeromgeving is niet gebouwd: web/dist/beheer.html ontbreekt.</p></html>";
    return response;
  }
  response.set_shared_body(html_);
  return response;
}

}  // namespace ether::admin
