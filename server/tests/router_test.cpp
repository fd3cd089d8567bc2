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
