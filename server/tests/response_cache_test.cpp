#include "http/response_cache.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <optional>
#include <string>
#include <thread>

#include "http_test_support.hpp"

namespace ether::http {
namespace {

using std::chrono::milliseconds;

class ResponseCacheTest : public ::testing::Test {
 protected:
  ResponseCache make(ResponseCacheOptions options = {}) {
    return ResponseCache(options, [this] { return now_; });
  }
  static Response document(std::string body, unsigned status = 200) {
    Response response;
    response.status = status;
    response.body = std::move(body);
    response.set_header("Content-Type", "application/json; charset=utf-8");
    response.set_header("ETag", "\"v1\"");
    response.set_header("Cache-Control", "no-cache");
    return response;
  }
  std::chrono::steady_clock::time_point now_{std::chrono::seconds(1000)};
};

TEST_F(ResponseCacheTest, AnswersAKeptDocumentUntilItsTimeToLive) {
  auto cache = make({.time_to_live = milliseconds(1000)});
  const auto request = test::get("/api/page?path=/gids");
  EXPECT_FALSE(cache.find(request));
  cache.store(request, document("{\"route\":\"gids\"}"), cache.generation());
  now_ += milliseconds(999);
  auto kept = cache.find(request);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->status, 200u);
  EXPECT_EQ(kept->payload(), "{\"route\":\"gids\"}");
  EXPECT_EQ(kept->header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_TRUE(cache.find(test::get("/api/page?path=/gids", {}, "HEAD")));
  // Another target, another document.
  EXPECT_FALSE(cache.find(test::get("/api/page?path=/gids&channel=3fm")));
  EXPECT_FALSE(cache.find(test::get("/api/page?path=/gids", {}, "POST")));
}

TEST_F(ResponseCacheTest, OneRequestRebuildsAnExpiredDocumentWhileTheOthersGetTheOldOne) {
  auto cache = make(
      {.time_to_live = milliseconds(1000), .max_stale = milliseconds(10000), .rebuild_timeout = milliseconds(500)});
  const auto request = test::get("/sitemap.xml");
  cache.store(request, document("oud"), cache.generation());
  now_ += milliseconds(1000);
  EXPECT_FALSE(cache.find(request)) << "the first request after expiry rebuilds";
  for (int i = 0; i < 3; ++i) {
    auto stale = cache.find(request);
    ASSERT_TRUE(stale) << "while it rebuilds, the others get the expired document";
    EXPECT_EQ(stale->payload(), "oud");
  }
  // A rebuild that never stored (a refused or failed request) lets the next request try again.
  now_ += milliseconds(500);
  EXPECT_FALSE(cache.find(request));
  EXPECT_TRUE(cache.find(request));
  cache.store(request, document("nieuw"), cache.generation());
  EXPECT_EQ(cache.find(request)->payload(), "nieuw");
  // Never longer than max_stale past its expiry.
  now_ += milliseconds(1000 + 10000);
  EXPECT_FALSE(cache.find(request));
  EXPECT_FALSE(cache.find(request));
}

TEST_F(ResponseCacheTest, AfterInvalidateTheNextRequestRebuildsAndNothingBuiltAcrossItIsKept) {
  auto cache = make();
  const auto page = test::get("/api/page?path=/");
  const auto feed = test::get("/podcasts/de-nieuwsduik/feed.xml");
  cache.store(page, document("pagina"), cache.generation());
  const auto before = cache.generation();
  cache.invalidate();
  EXPECT_FALSE(cache.find(page)) << "the first request after the change rebuilds";
  auto meanwhile = cache.find(page);
  ASSERT_TRUE(meanwhile) << "while it rebuilds, the others get the old document";
  EXPECT_EQ(meanwhile->payload(), "pagina");
  cache.store(page, document("nieuwe pagina"), cache.generation());
  EXPECT_EQ(cache.find(page)->payload(), "nieuwe pagina");
  cache.store(feed, document("feed"), before);
  EXPECT_FALSE(cache.find(feed)) << "built before the change: not kept";
  cache.store(feed, document("feed"), cache.generation());
  EXPECT_TRUE(cache.find(feed));
}

TEST_F(ResponseCacheTest, EachContentCodingHasItsOwnDocument) {
  auto cache = make();
  const auto brotli = test::get("/api/page?path=/", {{"Accept-Encoding", "gzip, deflate, br"}});
  auto compressed = document("br-bytes");
  compressed.set_header("Content-Encoding", "br");
  cache.store(brotli, compressed, cache.generation());
  EXPECT_FALSE(cache.find(test::get("/api/page?path=/")));
  EXPECT_FALSE(cache.find(test::get("/api/page?path=/", {{"Accept-Encoding", "gzip"}})));
  auto kept = cache.find(test::get("/api/page?path=/", {{"Accept-Encoding", "br;q=1, gzip;q=0.5"}}));
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->header("Content-Encoding"), "br");
  EXPECT_EQ(kept->payload(), "br-bytes");
}

TEST_F(ResponseCacheTest, AConditionalRequestGetsA304) {
  auto cache = make();
  cache.store(test::get("/robots.txt"), document("User-agent: *"), cache.generation());
  auto unchanged = cache.find(test::get("/robots.txt", {{"If-None-Match", "\"v0\", \"v1\""}}));
  ASSERT_TRUE(unchanged);
  EXPECT_EQ(unchanged->status, 304u);
  EXPECT_TRUE(unchanged->payload().empty());
  EXPECT_EQ(unchanged->header("ETag"), "\"v1\"");
  auto changed = cache.find(test::get("/robots.txt", {{"If-None-Match", "\"v0\""}}));
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->status, 200u);
  EXPECT_EQ(changed->payload(), "User-agent: *");
}

TEST_F(ResponseCacheTest, KeepsOnlyAnswersSharedCachesMayKeep) {
  auto cache = make();
  auto keep = [&](const Request& request, const Response& response) {
    cache.store(request, response, cache.generation());
    return cache.find(test::get(request.target)).has_value();
  };
  EXPECT_FALSE(keep(test::get("/a"), document("niet gevonden", 404)));
  EXPECT_FALSE(keep(test::get("/b"), document("", 304)));
  auto with_cookie = document("x");
  with_cookie.set_header("Set-Cookie", "sessie=1");
  EXPECT_FALSE(keep(test::get("/c"), with_cookie));
  auto preview = document("x");
  preview.set_header("Cache-Control", "Private, no-cache");
  EXPECT_FALSE(keep(test::get("/d"), preview));
  auto secret = document("x");
  secret.set_header("Cache-Control", "max-age=0, no-store");
  EXPECT_FALSE(keep(test::get("/e"), secret));
  EXPECT_FALSE(keep(test::get("/f", {}, "HEAD"), document("x")));
  EXPECT_FALSE(keep(test::get("/g", {}, "POST"), document("x")));
  auto shared = document("x");
  shared.set_header("Cache-Control", "public, max-age=300");
  EXPECT_TRUE(keep(test::get("/h"), shared));
  EXPECT_EQ(cache.size(), 1u);
}

TEST_F(ResponseCacheTest, KeepsAtMostItsEntriesAndBytes) {
  auto cache = make({.time_to_live = milliseconds(1000), .max_entries = 2, .max_bytes = 10});
  cache.store(test::get("/1"), document("1234"), cache.generation());
  cache.store(test::get("/2"), document("1234"), cache.generation());
  cache.store(test::get("/3"), document("1"), cache.generation());
  EXPECT_FALSE(cache.find(test::get("/3"))) << "full of fresh documents: no more kept";
  EXPECT_TRUE(cache.find(test::get("/1")));
  // A new document for a kept target replaces it.
  cache.store(test::get("/2"), document("123456"), cache.generation());
  EXPECT_EQ(cache.find(test::get("/2"))->payload(), "123456");
  EXPECT_EQ(cache.size(), 2u);
  cache.store(test::get("/1"), document("12345"), cache.generation());
  EXPECT_FALSE(cache.find(test::get("/1"))) << "over max_bytes";
  now_ += milliseconds(1000);
  cache.store(test::get("/3"), document("12345"), cache.generation());
  EXPECT_TRUE(cache.find(test::get("/3"))) << "expired documents make room";
  EXPECT_EQ(cache.size(), 1u);
}

TEST_F(ResponseCacheTest, RequestsThatFindNothingKeptWaitForTheOneThatBuilds) {
  ResponseCache cache({.rebuild_timeout = milliseconds(5000)});
  const auto request = test::get("/sitemap.xml");
  auto first = cache.begin_build(request);
  ASSERT_FALSE(first.built_by_another);
  std::atomic<bool> second_done = false;
  auto second = std::async(std::launch::async, [&] {
    auto build = cache.begin_build(request);
    second_done = true;
    return std::move(build.built_by_another);
  });
  std::this_thread::sleep_for(milliseconds(50));
  EXPECT_FALSE(second_done) << "the second request waits for the first one's build";
  first.finish(document("<urlset/>"));
  auto answer = second.get();
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->payload(), "<urlset/>");
  // A request that reaches a worker after the build gets its answer too; another target is built.
  auto later = cache.begin_build(request);
  ASSERT_TRUE(later.built_by_another);
  EXPECT_EQ(later.built_by_another->payload(), "<urlset/>");
  EXPECT_FALSE(cache.begin_build(test::get("/robots.txt")).built_by_another);
}

TEST_F(ResponseCacheTest, TheRequestThatClaimedARebuildBuildsIt) {
  auto cache = make({.time_to_live = milliseconds(1000)});
  const auto request = test::get("/sitemap.xml");
  cache.store(request, document("oud"), cache.generation());
  now_ += milliseconds(1500);
  ASSERT_FALSE(cache.find(request)) << "this request claims the rebuild";
  ASSERT_TRUE(cache.find(request)) << "the others get the expired document";
  EXPECT_FALSE(cache.begin_build(request).built_by_another) << "on the worker it builds, not the expired one";
}

TEST_F(ResponseCacheTest, ABuildThatKeepsNothingLetsTheWaitingRequestsBuildTheirOwn) {
  ResponseCache cache({.rebuild_timeout = milliseconds(5000)});
  const auto request = test::get("/api/page?path=/bestaat-niet");
  for (const bool finished : {true, false}) {
    std::optional<ResponseCache::Build> first(cache.begin_build(request));
    auto second = std::async(std::launch::async, [&] { return cache.begin_build(request).built_by_another; });
    std::this_thread::sleep_for(milliseconds(20));
    if (finished) {
      first->finish(document("niet gevonden", 404));
    } else {
      first.reset();  // the build failed: its request ended without an answer to keep
    }
    EXPECT_FALSE(second.get()) << (finished ? "a 404 is not kept" : "an abandoned build");
  }
}

TEST_F(ResponseCacheTest, ARequestWaitsForAnotherBuildAtMostTheRebuildTimeout) {
  ResponseCache cache({.rebuild_timeout = milliseconds(100)});
  const auto request = test::get("/sitemap.xml");
  auto stuck = cache.begin_build(request);
  const auto started = std::chrono::steady_clock::now();
  EXPECT_FALSE(cache.begin_build(request).built_by_another);
  const auto waited = std::chrono::steady_clock::now() - started;
  EXPECT_GE(waited, milliseconds(100));
  EXPECT_LT(waited, milliseconds(3000));
}

}  // namespace
}  // namespace ether::http
