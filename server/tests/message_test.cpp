#include "http/message.hpp"

#include <gtest/gtest.h>

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <memory>
#include <random>
#include <string>

namespace ether {
namespace {

TEST(Message, ParseTargetDecodes) {
  http::Request request;
  ASSERT_TRUE(http::parse_target("/zoeken/caf%C3%A9%20live?q=a+b&channel=radio2&channel=3fm&empty&=x", request));
  EXPECT_EQ(request.path, "/zoeken/caf\xC3\xA9 live");
  EXPECT_EQ(request.query_string, "q=a+b&channel=radio2&channel=3fm&empty&=x");
  EXPECT_EQ(request.param("q"), "a b");
  EXPECT_EQ(request.param("channel"), "radio2");
  EXPECT_EQ(request.param("empty"), "");
  EXPECT_FALSE(request.param("missing"));
  EXPECT_FALSE(http::parse_target("no-slash", request));
  EXPECT_FALSE(http::parse_target("/bad%zz", request));
  EXPECT_FALSE(http::parse_target("http://example.com/x", request));
}

TEST(Message, HeadersAreCaseInsensitive) {
  http::Request request;
  request.headers["Accept-Encoding"] = "br";
  EXPECT_EQ(request.header("accept-encoding"), "br");
  http::Response response;
  response.set_header("Content-Type", "a");
  response.set_header("content-type", "b");
  EXPECT_EQ(response.headers.size(), 1u);
  EXPECT_EQ(response.header("CONTENT-TYPE"), "b");
}

TEST(Message, SharedBodyIsAView) {
  auto bytes = std::make_shared<const std::string>("abcdef");
  http::Response response;
  response.set_shared_body(bytes, 2, 3);
  EXPECT_EQ(response.payload(), "cde");
  EXPECT_EQ(response.payload().data(), bytes->data() + 2);
  response.set_shared_body(nullptr);
  response.body = "own";
  EXPECT_EQ(response.payload(), "own");
}

/// What Boost.URL makes of an origin-form target: path, query text and decoded parameters.
struct ReferenceTarget {
  bool valid = false;
  std::string path;
  std::string query_string;
  http::QueryParams query;
};

ReferenceTarget boost_url_reading(std::string_view target) {
  ReferenceTarget reading;
  auto parsed = boost::urls::parse_origin_form(target);
  if (!parsed) return reading;
  reading.valid = true;
  reading.path = parsed->path();
  if (reading.path.empty()) reading.path = "/";
  reading.query_string = parsed->has_query() ? std::string(parsed->encoded_query()) : std::string();
  for (auto param : parsed->params()) {
    if (!param.key.empty()) reading.query.emplace(param.key, param.has_value ? std::string(param.value) : "");
  }
  return reading;
}

// parse_target splits targets that need no decoding itself; whatever the target, the request must
// read as Boost.URL reads it.
TEST(Message, ParseTargetReadsEveryTargetAsBoostUrlDoes) {
  std::vector<std::string> targets = {
      "/",
      "/api/miniplayer/info?channel=radio2",
      "/x?",
      "/?",
      "/x?&&a",
      "/x??a=b?c",
      "/x?a=b=c",
      "/x?=v",
      "/a//b",
      "//x",
      "/a/./b/../c",
      "/x?a&a=2&a=3",
      "/x?a/b:c@d!$'()*,;",
      "/x?q=a+b",
      "/x%2Fy?q=%41",
      "/x?#frag",
      "/x y",
      "/x?q=\"",
      "/caf\xC3\xA9",
      "x",
      "",
      "/x?%zz",
  };
  // Random targets over plain characters and a few that need Boost.URL, seeded for repeatability.
  const std::string alphabet = "aZ09-._~!$&'()*,;=:@/?/?&&==%+# \"<>\\";
  std::mt19937 random(1311);
  for (int i = 0; i < 5000; ++i) {
    std::string target = random() % 8 == 0 ? "" : "/";
    const auto length = random() % 24;
    for (unsigned j = 0; j < length; ++j) target += alphabet[random() % alphabet.size()];
    targets.push_back(target);
  }
  for (const auto& target : targets) {
    const auto expected = boost_url_reading(target);
    http::Request request;
    ASSERT_EQ(http::parse_target(target, request), expected.valid) << target;
    if (!expected.valid) continue;
    EXPECT_EQ(request.target, target);
    EXPECT_EQ(request.path, expected.path) << target;
    EXPECT_EQ(request.query_string, expected.query_string) << target;
    EXPECT_EQ(request.query, expected.query) << target;
  }
}

TEST(Message, LogLinesRedactSecretQueryValues) {
  EXPECT_EQ(http::redact_secret_query("/api/ingest/radio2/nowplaying?artist=A&key=ether_abc123&title=T"),
            "/api/ingest/radio2/nowplaying?artist=A&key=REDACTED&title=T");
  EXPECT_EQ(http::redact_secret_query("/live/radio2.mp3?token=eyJ.sig&Signature=abc&KEY=x"),
            "/live/radio2.mp3?token=REDACTED&Signature=REDACTED&KEY=REDACTED");
  // Other parameters, names that merely contain a secret's name, and targets without a query stay.
  EXPECT_EQ(http::redact_secret_query("/zoeken?q=key%3Dx&monkey=1&tokens=2&key"),
            "/zoeken?q=key%3Dx&monkey=1&tokens=2&key");
  EXPECT_EQ(http::redact_secret_query("/nieuws/key=abc"), "/nieuws/key=abc");
  EXPECT_EQ(http::redact_secret_query("/a?"), "/a?");
  EXPECT_EQ(http::redact_secret_query("/a?&&key=s#k=v"), "/a?&&key=REDACTED#k=v");
}

// Issue 47: a secret is redacted as the server reads it, after decoding, and inside a target
// carried in a value: a preview token opens drafts for an hour, an API key the ingest.
TEST(Message, LogLinesRedactSecretsAfterDecodingAndInsideNestedTargets) {
  EXPECT_EQ(http::redact_secret_query("/api/ingest/radio2/nowplaying?%6Bey=ether_abc123&title=T"),
            "/api/ingest/radio2/nowplaying?%6Bey=REDACTED&title=T");
  EXPECT_EQ(http::redact_secret_query("/overzicht/preview/3?x-craft-live-preview=tok.sig"),
            "/overzicht/preview/3?x-craft-live-preview=REDACTED");
  EXPECT_EQ(http::redact_secret_query("/a?X%2DCraft%2DLive%2DPreview=tok"), "/a?X%2DCraft%2DLive%2DPreview=REDACTED");
  const auto nested = http::redact_secret_query(
      "/api/page?path=%2Foverzicht%2Fpreview%2F3%3Fx-craft-live-preview%3Dtok.sig%26q%3D1&x=2");
  EXPECT_EQ(nested.find("tok.sig"), std::string::npos) << nested;
  EXPECT_EQ(nested, "/api/page?path=/overzicht/preview/3%3Fx-craft-live-preview%3DREDACTED%26q%3D1&x=2");
  // A value without a nested target stays exactly as it came.
  EXPECT_EQ(http::redact_secret_query("/api/page?path=%2Fgids%2F2026"), "/api/page?path=%2Fgids%2F2026");
}

}  // namespace
}  // namespace ether
