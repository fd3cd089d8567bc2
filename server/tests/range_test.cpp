#include "http/range.hpp"

#include <gtest/gtest.h>

#include "http/byte_response.hpp"
#include "http_test_support.hpp"

namespace ether::http {
namespace {

using Kind = RangeRequest::Kind;

TEST(Range, ClosedRange) {
  auto r = parse_range("bytes=0-499", 1000);
  EXPECT_EQ(r.kind, Kind::partial);
  EXPECT_EQ(r.range, (ByteRange{0, 499}));
  EXPECT_EQ(r.range.length(), 500u);
}

TEST(Range, OpenEndedRange) {
  auto r = parse_range("bytes=0-", 1000);
  EXPECT_EQ(r.kind, Kind::partial);
  EXPECT_EQ(r.range, (ByteRange{0, 999}));
  EXPECT_EQ(parse_range("bytes=999-", 1000).range, (ByteRange{999, 999}));
}

TEST(Range, SuffixRange) {
  EXPECT_EQ(parse_range("bytes=-500", 1000).range, (ByteRange{500, 999}));
  auto whole = parse_range("bytes=-5000", 1000);
  EXPECT_EQ(whole.kind, Kind::partial);
  EXPECT_EQ(whole.range, (ByteRange{0, 999}));
  EXPECT_EQ(parse_range("bytes=-0", 1000).kind, Kind::unsatisfiable);
}

TEST(Range, LastBeyondEndIsClamped) { EXPECT_EQ(parse_range("bytes=500-5000", 1000).range, (ByteRange{500, 999})); }

TEST(Range, FirstBeyondEndIsUnsatisfiable) {
  EXPECT_EQ(parse_range("bytes=1000-", 1000).kind, Kind::unsatisfiable);
  EXPECT_EQ(parse_range("bytes=1000-1001", 1000).kind, Kind::unsatisfiable);
  EXPECT_EQ(parse_range("bytes=99999999999999999999999999-", 1000).kind, Kind::unsatisfiable);
  EXPECT_EQ(parse_range("bytes=0-", 0).kind, Kind::unsatisfiable);
  EXPECT_EQ(parse_range("bytes=-1", 0).kind, Kind::unsatisfiable);
}

TEST(Range, MalformedOrOtherUnitsGiveTheFullBody) {
  for (const char* header : {"", "bytes", "bytes=", "bytes=-", "bytes=a-b", "bytes=5-1", "items=0-1", "bytes=1-2-3",
                             "bytes=0x1-2", "bytes=+1-2"}) {
    EXPECT_EQ(parse_range(header, 1000).kind, Kind::full) << header;
  }
}

TEST(Range, MultipleRangesGiveTheFullBody) { EXPECT_EQ(parse_range("bytes=0-1,5-6", 1000).kind, Kind::full); }

TEST(Range, WhitespaceAndCaseAreTolerated) {
  auto r = parse_range(" Bytes = 10 - 19 ", 1000);
  EXPECT_EQ(r.kind, Kind::partial);
  EXPECT_EQ(r.range, (ByteRange{10, 19}));
}

TEST(Range, ContentRangeText) {
  EXPECT_EQ(content_range({0, 499}, 1000), "bytes 0-499/1000");
  EXPECT_EQ(unsatisfied_content_range(1000), "bytes */1000");
}

TEST(Conditional, EtagIsStrongAndStable) {
  std::string a = strong_etag("hello");
  EXPECT_EQ(a, strong_etag("hello"));
  EXPECT_NE(a, strong_etag("hello!"));
  EXPECT_EQ(a.size(), 34u);
  EXPECT_EQ(a.front(), '"');
  EXPECT_EQ(a.back(), '"');
}

TEST(Conditional, IfNoneMatchLists) {
  EXPECT_TRUE(if_none_match("\"abc\"", "\"abc\""));
  EXPECT_TRUE(if_none_match("\"x\", W/\"abc\"", "\"abc\""));
  EXPECT_TRUE(if_none_match("*", "\"abc\""));
  EXPECT_FALSE(if_none_match("\"abd\"", "\"abc\""));
  EXPECT_FALSE(if_none_match("", "\"abc\""));
}

TEST(Conditional, HttpDatesRoundTrip) {
  EXPECT_EQ(format_http_date(784111777), "Sun, 06 Nov 1994 08:49:37 GMT");
  EXPECT_EQ(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"), std::optional<std::time_t>(784111777));
  EXPECT_FALSE(parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT"));
  EXPECT_FALSE(parse_http_date("Sun, 06 Foo 1994 08:49:37 GMT"));
  EXPECT_FALSE(parse_http_date("garbage"));
}

// Found by fuzz_http_date: signs, impossible days and a leap second at the end of year 9999.
TEST(Conditional, HttpDatesAreRealDates) {
  EXPECT_FALSE(parse_http_date("Sun, 06 Nov 1994 -8:49:37 GMT"));
  EXPECT_FALSE(parse_http_date("Sun, 06 Nov 1994 08:-9:37 GMT"));
  EXPECT_FALSE(parse_http_date("Sun, +6 Nov 1994 08:49:37 GMT"));
  EXPECT_FALSE(parse_http_date("Tue, 31 Feb 2026 08:49:37 GMT"));
  EXPECT_TRUE(parse_http_date("Sat, 29 Feb 2020 08:49:37 GMT"));
  EXPECT_FALSE(parse_http_date("Sun, 29 Feb 2026 08:49:37 GMT"));
  // A leap second reads as the second before it; the last one of 9999 stays a four-digit year.
  EXPECT_EQ(parse_http_date("Sun, 06 Nov 1994 08:49:60 GMT"), std::optional<std::time_t>(784111799));
  auto last = parse_http_date("Fri, 31 Dec 9999 23:59:60 GMT");
  ASSERT_TRUE(last);
  EXPECT_EQ(format_http_date(*last), "Fri, 31 Dec 9999 23:59:59 GMT");
}

TEST(Conditional, IfRange) {
  EXPECT_TRUE(if_range_allows("", "\"a\"", std::nullopt));
  EXPECT_TRUE(if_range_allows("\"a\"", "\"a\"", std::nullopt));
  EXPECT_FALSE(if_range_allows("\"b\"", "\"a\"", std::nullopt));
  EXPECT_FALSE(if_range_allows("W/\"a\"", "\"a\"", std::nullopt));
  EXPECT_TRUE(if_range_allows("Sun, 06 Nov 1994 08:49:37 GMT", "\"a\"", 784111777));
  EXPECT_FALSE(if_range_allows("Sun, 06 Nov 1994 08:49:38 GMT", "\"a\"", 784111777));
}

class RespondWith : public ::testing::Test {
 protected:
  std::shared_ptr<const std::string> bytes_ = std::make_shared<const std::string>("0123456789");
  std::string etag_ = strong_etag(*bytes_);
  Representation rep() const {
    Representation r;
    r.bytes = bytes_;
    r.etag = etag_;
    r.last_modified = 784111777;
    r.content_type = "application/octet-stream";
    return r;
  }
};

TEST_F(RespondWith, FullBody) {
  Response response = respond_with(test::get("/x"), rep());
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(response.payload(), "0123456789");
  EXPECT_EQ(response.header("ETag"), etag_);
  EXPECT_EQ(response.header("Accept-Ranges"), "bytes");
  EXPECT_EQ(response.header("Last-Modified"), "Sun, 06 Nov 1994 08:49:37 GMT");
}

TEST_F(RespondWith, PartialSharesTheBytes) {
  Response response = respond_with(test::get("/x", {{"Range", "bytes=2-4"}}), rep());
  EXPECT_EQ(response.status, 206u);
  EXPECT_EQ(response.payload(), "234");
  EXPECT_EQ(response.payload().data(), bytes_->data() + 2);
  EXPECT_EQ(response.header("Content-Range"), "bytes 2-4/10");
}

TEST_F(RespondWith, Unsatisfiable) {
  Response response = respond_with(test::get("/x", {{"Range", "bytes=10-"}}), rep());
  EXPECT_EQ(response.status, 416u);
  EXPECT_EQ(response.header("Content-Range"), "bytes */10");
}

TEST_F(RespondWith, StaleIfRangeGivesTheFullBody) {
  Response response = respond_with(test::get("/x", {{"Range", "bytes=2-4"}, {"If-Range", "\"old\""}}), rep());
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(response.payload(), "0123456789");
  Response fresh = respond_with(test::get("/x", {{"Range", "bytes=2-4"}, {"If-Range", etag_}}), rep());
  EXPECT_EQ(fresh.status, 206u);
}

TEST_F(RespondWith, NotModified) {
  EXPECT_EQ(respond_with(test::get("/x", {{"If-None-Match", etag_}}), rep()).status, 304u);
  EXPECT_EQ(respond_with(test::get("/x", {{"If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT"}}), rep()).status,
            304u);
  EXPECT_EQ(respond_with(test::get("/x", {{"If-Modified-Since", "Sat, 05 Nov 1994 08:49:37 GMT"}}), rep()).status,
            200u);
  // If-None-Match wins over If-Modified-Since.
  EXPECT_EQ(respond_with(test::get("/x", {{"If-None-Match", "\"other\""},
                                          {"If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT"}}),
                         rep())
                .status,
            200u);
}

TEST(ByteResponse, AnAnswerBuiltPerRequestIsTaggedAndRevalidated) {
  Response page;
  page.body = "{\"route\":\"home\"}";
  tag_with_etag(test::get("/api/page?path=/"), page);
  const std::string etag(page.header("ETag"));
  EXPECT_EQ(etag, strong_etag("{\"route\":\"home\"}"));
  Response again;
  again.body = page.body;
  tag_with_etag(test::get("/api/page?path=/", {{"If-None-Match", "W/" + etag}}), again);
  EXPECT_EQ(again.status, 304u);
  EXPECT_TRUE(again.body.empty());
  Response missing;
  missing.status = 404;
  missing.body = page.body;
  tag_with_etag(test::get("/api/page?path=/x", {{"If-None-Match", etag}}), missing);
  EXPECT_EQ(missing.status, 404u) << "only a 200 becomes a 304";
  EXPECT_EQ(missing.body, page.body);
}

}  // namespace
}  // namespace ether::http
