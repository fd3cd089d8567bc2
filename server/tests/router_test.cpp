#include "http/router.hpp"

#include <gtest/gtest.h>

#include "http_test_support.hpp"

namespace ether::http {
namespace {

Response text(std::string body) {
  Response response;
  response.body = std::move(body);
  return response;
}

Router make_router() {
  Router router;
  router.add("GET", "/api/site", [](const Request&, const RouteParams&) { return text("site"); });
  router.add("POST", "/api/site", [](const Request&, const RouteParams&) { return text("posted"); });
  router.add("GET", "/api/player/{channel}",
             [](const Request&, const RouteParams& params) { return text("player " + params.at("channel")); });
  router.add("GET", "/podcasts/{feed}/{id}/{slug}", [](const Request&, const RouteParams& params) {
    return text(params.at("feed") + "|" + params.at("id") + "|" + params.at("slug"));
  });
  router.add("GET", "/media/{path*}",
             [](const Request&, const RouteParams& params) { return text(params.at("path")); });
  router.add("DELETE", "/things/{id}", [](const Request&, const RouteParams&) { return text("deleted"); });
  return router;
}

TEST(Router, ExactPathsPerMethod) {
  Router router = make_router();
  EXPECT_EQ(router.dispatch(test::get("/api/site")).body, "site");
  EXPECT_EQ(router.dispatch(test::get("/api/site", {}, "POST")).body, "posted");
}

TEST(Router, HeadUsesTheGetRoute) {
  Router router = make_router();
  EXPECT_EQ(router.dispatch(test::get("/api/site", {}, "HEAD")).body, "site");
}

TEST(Router, ParamsAreDecodedSegments) {
  Router router = make_router();
  EXPECT_EQ(router.dispatch(test::get("/api/player/radio2")).body, "player radio2");
  EXPECT_EQ(router.dispatch(test::get("/api/player/soul%20jazz")).body, "player soul jazz");
  EXPECT_EQ(router.dispatch(test::get("/podcasts/sportpraat/12/de-finale")).body, "sportpraat|12|de-finale");
}

TEST(Router, RestParamTakesTheRemainder) {
  Router router = make_router();
  EXPECT_EQ(router.dispatch(test::get("/media/songs/a%20b.mp3")).body, "songs/a b.mp3");
  EXPECT_EQ(router.dispatch(test::get("/media/x")).body, "x");
  EXPECT_EQ(router.match("GET", "/media/").kind, Router::Match::Kind::not_found);
  EXPECT_EQ(router.match("GET", "/media").kind, Router::Match::Kind::not_found);
}

TEST(Router, ParamSegmentsMustBeNonEmptyAndCountMustMatch) {
  Router router = make_router();
  EXPECT_EQ(router.match("GET", "/api/player/").kind, Router::Match::Kind::not_found);
  EXPECT_EQ(router.match("GET", "/api/player/radio2/extra").kind, Router::Match::Kind::not_found);
  EXPECT_EQ(router.match("GET", "/podcasts/a/b").kind, Router::Match::Kind::not_found);
}

// Patterns that share their first parameters, as the HLS routes do: a path is bound by the one it
// fits, with that pattern's parameters only, whatever the patterns tried before it had in common.
TEST(Router, APathIsBoundByThePatternItFitsAlone) {
  Router router;
  router.add("GET", "/hls/{channel}/{token}/hour/{file}",
             [](const Request&, const RouteParams& p) { return text("hour " + p.at("file")); });
  router.add("GET", "/hls/{channel}/{token}/{file}", [](const Request&, const RouteParams& p) {
    return text(p.at("channel") + "|" + p.at("token") + "|" + p.at("file"));
  });
  router.add("GET", "/hls/{channel}/{rest*}",
             [](const Request&, const RouteParams& p) { return text("rest " + p.at("rest")); });
  const auto segment = router.match("GET", "/hls/radio2/t0k/1796025918.mp3");
  ASSERT_EQ(segment.kind, Router::Match::Kind::found);
  EXPECT_EQ(segment.params, (RouteParams{{"channel", "radio2"}, {"token", "t0k"}, {"file", "1796025918.mp3"}}));
  EXPECT_EQ(router.dispatch(test::get("/hls/radio2/t0k/hour/2026-11-30T05.m3u8")).body, "hour 2026-11-30T05.m3u8");
  EXPECT_EQ(router.dispatch(test::get("/hls/radio2/t0k/1796025918.mp3")).body, "radio2|t0k|1796025918.mp3");
  const auto deeper = router.match("GET", "/hls/radio2/t0k/programme/1-2.m3u8");
  ASSERT_EQ(deeper.kind, Router::Match::Kind::found);
  EXPECT_EQ(deeper.params, (RouteParams{{"channel", "radio2"}, {"rest", "t0k/programme/1-2.m3u8"}}));
  EXPECT_EQ(router.match("GET", "/hls/radio2//x.mp3").kind, Router::Match::Kind::not_found)
      << "an empty segment fits no parameter, nor the start of a rest";
}

TEST(Router, UnknownPathIsJson404ByDefault) {
  Router router = make_router();
  Response response = router.dispatch(test::get("/api/nothing"));
  EXPECT_EQ(response.status, 404u);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_NE(response.body.find("\"code\":\"not_found\""), std::string::npos);
}

TEST(Router, FallbackTakesUnknownPaths) {
  Router router = make_router();
  router.set_fallback([](const Request& request) { return text("fallback " + request.path); });
  EXPECT_EQ(router.dispatch(test::get("/gids")).body, "fallback /gids");
}

TEST(Router, WrongMethodIs405WithAllow) {
  Router router = make_router();
  Response response = router.dispatch(test::get("/api/player/radio2", {}, "POST"));
  EXPECT_EQ(response.status, 405u);
  EXPECT_EQ(response.header("Allow"), "GET, HEAD");
  EXPECT_NE(response.body.find("method_not_allowed"), std::string::npos);

  Response site = router.dispatch(test::get("/api/site", {}, "PUT"));
  EXPECT_EQ(site.status, 405u);
  EXPECT_EQ(site.header("Allow"), "GET, HEAD, POST");

  Response things = router.dispatch(test::get("/things/4"));
  EXPECT_EQ(things.status, 405u);
  EXPECT_EQ(things.header("Allow"), "DELETE");
}

TEST(Router, MalformedPatternsAreRejected) {
  Router router;
  auto noop = [](const Request&, const RouteParams&) { return Response{}; };
  EXPECT_THROW(router.add("GET", "no-slash", noop), std::invalid_argument);
  EXPECT_THROW(router.add("GET", "/a/{b", noop), std::invalid_argument);
  EXPECT_THROW(router.add("GET", "/a/{rest*}/b", noop), std::invalid_argument);
}

TEST(Router, RoutesAreOffloadedUnlessMarkedForTheIoThread) {
  Router router;
  router.add(
      "GET", "/healthz", [](const Request&, const RouteParams&) { return text("ok"); }, Execution::io_thread);
  router.add("GET", "/api/player/{channel}", [](const Request&, const RouteParams&) { return text("p"); });
  router.add(
      "GET", "/live/{file}", [](const Request&, const RouteParams&) { return text("l"); }, Execution::io_thread);
  EXPECT_EQ(router.match("GET", "/healthz").execution, Execution::io_thread);
  EXPECT_EQ(router.match("HEAD", "/healthz").execution, Execution::io_thread);
  EXPECT_EQ(router.match("GET", "/api/player/radio2").execution, Execution::offloaded);
  EXPECT_EQ(router.match("GET", "/live/radio2.mp3").execution, Execution::io_thread);
}

}  // namespace
}  // namespace ether::http
