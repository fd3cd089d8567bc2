// Path routing of the server (http/router.hpp) with the site's own patterns, and the page dates and
// numbers a page path carries (pages/page_time.hpp: /gids/{yyyy}/{mm}/{dd}, /gedraaid/{dd-mm-yyyy},
// ?page=). The input is "METHOD PATH".

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "http/router.hpp"
#include "pages/page_time.hpp"

namespace {

ether::http::Router make_router() {
  ether::http::Router router;
  auto ok = [](const ether::http::Request&, const ether::http::RouteParams& params) {
    ether::http::Response response;
    response.body = std::to_string(params.size());
    return response;
  };
  for (const char* pattern :
       {"/api/player/{channel}/token", "/api/player/{channel}", "/api/player/{channel}/info", "/live/{file}",
        "/live/{channel}/{file}", "/api/play/{kind}/{id}", "/media/{path*}", "/recordings/{channel}/{day}/{file}",
        "/podcasts/{feed}/feed.xml", "/api/pages/{path*}", "/api/events", "/sitemap.xml", "/"}) {
    router.add("GET", pattern, ok);
  }
  router.add("POST", "/api/events", ok);
  return router;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ether::http::Router router = make_router();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto space = input.find(' ');
  const auto method = space == std::string_view::npos ? std::string_view("GET") : input.substr(0, space);
  const auto path = space == std::string_view::npos ? input : input.substr(space + 1);
  const auto match = router.match(method, path);
  if (match.kind == ether::http::Router::Match::Kind::found) {
    FUZZ_CHECK(match.handler != nullptr);
    for (const auto& [name, value] : match.params) FUZZ_CHECK(!name.empty());
  }
  if (match.kind == ether::http::Router::Match::Kind::method_not_allowed) FUZZ_CHECK(!match.allow.empty());

  if (const auto day = ether::pages::parse_route_date(path)) {
    FUZZ_CHECK(ether::pages::parse_route_date(ether::pages::route_date(*day)) == day);
  }
  if (const auto day = ether::pages::parse_iso_date(path)) {
    FUZZ_CHECK(ether::pages::parse_iso_date(ether::pages::iso_date(*day)) == day);
  }
  if (const auto instant = ether::pages::parse_iso_instant(path)) {
    FUZZ_CHECK(ether::pages::parse_iso_instant(ether::pages::iso_instant(*instant)) == instant);
  }
  if (const auto number = ether::pages::parse_positive(path)) FUZZ_CHECK(*number > 0 && *number < 1'000'000'000);
  // "/gids/{yyyy}/{mm}/{dd}": the last three segments as date parts.
  const auto last = path.rfind('/');
  const auto middle = last == std::string_view::npos || last == 0 ? std::string_view::npos : path.rfind('/', last - 1);
  if (middle != std::string_view::npos) {
    const auto first = middle == 0 ? std::string_view::npos : path.rfind('/', middle - 1);
    const auto year = path.substr(first == std::string_view::npos ? 0 : first + 1,
                                  middle - (first == std::string_view::npos ? 0 : first + 1));
    if (const auto day =
            ether::pages::parse_date_parts(year, path.substr(middle + 1, last - middle - 1), path.substr(last + 1))) {
      FUZZ_CHECK(day->ok());
    }
  }
  return 0;
}
