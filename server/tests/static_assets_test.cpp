#include "http/static_assets.hpp"

#include <gtest/gtest.h>

#include "http/mime.hpp"
#include "http_test_support.hpp"

namespace ether::http {
namespace {

// What a served body decodes to (empty when it does not decode, which no expectation here wants).
std::string gunzip(std::string_view bytes) { return gzip_decompress(bytes, 1 << 20).value_or(""); }
std::string unbrotli(std::string_view bytes) { return brotli_decompress(bytes, 1 << 20).value_or(""); }

class StaticAssetsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_web_dist(dir_.path());
    assets_ = StaticAssets::load(dir_.path());
  }
  test::TempDir dir_;
  StaticAssets assets_;
};

TEST(ChooseEncoding, PrefersBrotliOnTies) {
  EXPECT_EQ(choose_encoding("gzip, deflate, br, zstd", true, true), Encoding::brotli);
  EXPECT_EQ(choose_encoding("br;q=1, gzip;q=1", true, true), Encoding::brotli);
}

TEST(ChooseEncoding, RespectsQValues) {
  EXPECT_EQ(choose_encoding("br;q=0.5, gzip;q=0.8", true, true), Encoding::gzip);
  EXPECT_EQ(choose_encoding("br;q=0, gzip", true, true), Encoding::gzip);
  EXPECT_EQ(choose_encoding("gzip;q=0, br;q=0", true, true), Encoding::identity);
  EXPECT_EQ(choose_encoding("gzip;q=0.4, identity;q=0.9", true, true), Encoding::identity);
  EXPECT_EQ(choose_encoding("*", true, true), Encoding::brotli);
  EXPECT_EQ(choose_encoding("*;q=0.2, br;q=0.1", true, true), Encoding::gzip);
}

TEST(ChooseEncoding, IdentityWhenNothingFits) {
  EXPECT_EQ(choose_encoding("", true, true), Encoding::identity);
  EXPECT_EQ(choose_encoding("deflate", true, true), Encoding::identity);
  EXPECT_EQ(choose_encoding("br", false, true), Encoding::identity);
  EXPECT_EQ(choose_encoding("br, gzip", false, true), Encoding::gzip);
  EXPECT_EQ(choose_encoding("garbage;q=x,,;", true, true), Encoding::identity);
}

TEST_F(StaticAssetsTest, LoadsEveryFileButIndex) {
  EXPECT_EQ(assets_.size(), 3u);
  EXPECT_EQ(assets_.find("/index.html"), nullptr);
  ASSERT_NE(assets_.find("/assets/app-abc123.js"), nullptr);
  EXPECT_FALSE(assets_.serve(test::get("/nothing.js")).has_value());
}

TEST_F(StaticAssetsTest, ContentTypesAndCacheControl) {
  auto js = assets_.serve(test::get("/assets/app-abc123.js"));
  ASSERT_TRUE(js);
  EXPECT_EQ(js->header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(js->header("Cache-Control"), "public, max-age=31536000, immutable");
  auto svg = assets_.serve(test::get("/favicon.svg"));
  ASSERT_TRUE(svg);
  EXPECT_EQ(svg->header("Content-Type"), "image/svg+xml; charset=utf-8");
  EXPECT_EQ(svg->header("Cache-Control"), "no-cache");
  auto robots = assets_.serve(test::get("/robots.txt"));
  ASSERT_TRUE(robots);
  EXPECT_EQ(robots->header("Content-Type"), "text/plain; charset=utf-8");
  EXPECT_EQ(robots->payload(), "User-agent: *\nAllow: /\n");
  EXPECT_EQ(content_type_for("x.mp3"), "audio/mpeg");
  EXPECT_EQ(content_type_for("x.WEBP"), "image/webp");
  EXPECT_EQ(content_type_for("noext"), "application/octet-stream");
}

TEST(MimeTypes, JsonAnswersAreKnownByTheirType) {
  EXPECT_TRUE(is_json("application/json; charset=utf-8"));
  EXPECT_TRUE(is_json("application/problem+json"));
  EXPECT_FALSE(is_json("application/manifest+json"));
  EXPECT_FALSE(is_json("text/html; charset=utf-8"));
  EXPECT_FALSE(is_json(""));
}

TEST_F(StaticAssetsTest, EncodingByAcceptEncoding) {
  const std::string original = test::sample_script();
  auto br = assets_.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "gzip, deflate, br"}}));
  ASSERT_TRUE(br);
  EXPECT_EQ(br->header("Content-Encoding"), "br");
  EXPECT_EQ(br->header("Vary"), "Accept-Encoding");
  EXPECT_LT(br->payload().size(), original.size());
  EXPECT_EQ(unbrotli(br->payload()), original);

  auto gz = assets_.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "gzip, br;q=0.5"}}));
  ASSERT_TRUE(gz);
  EXPECT_EQ(gz->header("Content-Encoding"), "gzip");
  EXPECT_EQ(gunzip(gz->payload()), original);

  auto plain = assets_.serve(test::get("/assets/app-abc123.js"));
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->header("Content-Encoding"), "");
  EXPECT_EQ(plain->header("Vary"), "Accept-Encoding");
  EXPECT_EQ(plain->payload(), original);

  EXPECT_NE(br->header("ETag"), gz->header("ETag"));
  EXPECT_NE(br->header("ETag"), plain->header("ETag"));
}

TEST(Decompress, GivesTheWholeBodyAndRefusesCutBodiesAndBodiesOverTheLimit) {
  const std::string original = test::sample_script();
  const std::string br = brotli_compress(original);
  const std::string gz = gzip_compress(original);
  EXPECT_EQ(brotli_decompress(br, original.size()), original);
  EXPECT_EQ(gzip_decompress(gz, original.size()), original);
  EXPECT_FALSE(brotli_decompress(br, original.size() - 1));
  EXPECT_FALSE(gzip_decompress(gz, original.size() - 1));
  EXPECT_FALSE(brotli_decompress(br.substr(0, br.size() / 2), original.size()));
  EXPECT_FALSE(gzip_decompress(gz.substr(0, gz.size() / 2), original.size()));
  EXPECT_FALSE(gzip_decompress(gz + "trailing", original.size() + 100));
  EXPECT_FALSE(brotli_decompress("not brotli", 100));
}

// The build's copies (web/scripts/precompress.mjs) are served as they are, made here at other
// settings than the server's own (brotli 11, gzip 9) so that the bytes tell which was served.
TEST(StaticAssetsCopies, CopiesFromTheBuildAreServedAndAreNotFilesOfTheirOwn) {
  test::TempDir dir;
  test::write_web_dist(dir.path());
  const std::string original = test::sample_script();
  const std::string br = brotli_compress(original, 3);
  const std::string gz = gzip_compress(original, 1);
  ASSERT_NE(br, brotli_compress(original));
  ASSERT_NE(gz, gzip_compress(original));
  test::write_file(dir.path() / "assets" / "app-abc123.js.br", br);
  test::write_file(dir.path() / "assets" / "app-abc123.js.gz", gz);
  const StaticAssets assets = StaticAssets::load(dir.path());

  EXPECT_EQ(assets.size(), 3u);
  EXPECT_EQ(assets.find("/assets/app-abc123.js.br"), nullptr);
  EXPECT_EQ(assets.find("/assets/app-abc123.js.gz"), nullptr);
  auto as_br = assets.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "br, gzip"}}));
  ASSERT_TRUE(as_br);
  EXPECT_EQ(as_br->header("Content-Encoding"), "br");
  EXPECT_EQ(as_br->payload(), br);
  auto as_gz = assets.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "gzip"}}));
  ASSERT_TRUE(as_gz);
  EXPECT_EQ(as_gz->header("Content-Encoding"), "gzip");
  EXPECT_EQ(as_gz->payload(), gz);
}

TEST(StaticAssetsCopies, ACopyThatIsNotOfTheFileIsCompressedAnew) {
  test::TempDir dir;
  test::write_web_dist(dir.path());
  const std::string original = test::sample_script();
  // An older build's copy, and a copy cut short.
  const std::string stale = brotli_compress(original + "export const later = 1;\n", 3);
  const std::string cut = gzip_compress(original, 1).substr(0, 100);
  test::write_file(dir.path() / "assets" / "app-abc123.js.br", stale);
  test::write_file(dir.path() / "assets" / "app-abc123.js.gz", cut);
  const StaticAssets assets = StaticAssets::load(dir.path());

  auto as_br = assets.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "br"}}));
  ASSERT_TRUE(as_br);
  EXPECT_NE(as_br->payload(), stale);
  EXPECT_EQ(unbrotli(as_br->payload()), original);
  auto as_gz = assets.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "gzip"}}));
  ASSERT_TRUE(as_gz);
  EXPECT_EQ(gunzip(as_gz->payload()), original);
}

TEST(StaticAssetsCopies, ACompressedFileWithoutItsOriginalIsAFileOfItsOwn) {
  test::TempDir dir;
  test::write_web_dist(dir.path());
  const std::string archive = gzip_compress(test::sample_script());
  test::write_file(dir.path() / "downloads" / "schedule.txt.gz", archive);
  const StaticAssets assets = StaticAssets::load(dir.path());

  EXPECT_EQ(assets.size(), 4u);
  auto served = assets.serve(test::get("/downloads/schedule.txt.gz"));
  ASSERT_TRUE(served);
  EXPECT_EQ(served->payload(), archive);
}

TEST_F(StaticAssetsTest, SmallFilesAreNotCompressed) {
  auto svg = assets_.serve(test::get("/favicon.svg", {{"Accept-Encoding", "br, gzip"}}));
  ASSERT_TRUE(svg);
  EXPECT_EQ(svg->header("Content-Encoding"), "");
  EXPECT_FALSE(svg->has_header("Vary"));
}

TEST_F(StaticAssetsTest, NotModifiedByEtag) {
  auto first = assets_.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "br"}}));
  ASSERT_TRUE(first);
  std::string etag(first->header("ETag"));
  auto again = assets_.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "br"}, {"If-None-Match", etag}}));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 304u);
  EXPECT_TRUE(again->payload().empty());
  EXPECT_EQ(again->header("ETag"), etag);
  EXPECT_EQ(again->header("Cache-Control"), "public, max-age=31536000, immutable");
  auto other = assets_.serve(test::get("/assets/app-abc123.js", {{"If-None-Match", "\"nope\""}}));
  EXPECT_EQ(other->status, 200u);
}

TEST_F(StaticAssetsTest, RangeUsesIdentity) {
  const std::string original = test::sample_script();
  auto part =
      assets_.serve(test::get("/assets/app-abc123.js", {{"Accept-Encoding", "br, gzip"}, {"Range", "bytes=10-19"}}));
  ASSERT_TRUE(part);
  EXPECT_EQ(part->status, 206u);
  EXPECT_EQ(part->header("Content-Encoding"), "");
  EXPECT_EQ(part->payload(), original.substr(10, 10));
  EXPECT_EQ(part->header("Content-Range"), "bytes 10-19/" + std::to_string(original.size()));

  auto beyond = assets_.serve(test::get("/assets/app-abc123.js", {{"Range", "bytes=100000-"}}));
  EXPECT_EQ(beyond->status, 416u);
}

TEST(CompressResponse, DynamicBodiesByAcceptEncoding) {
  const std::string json = "{\"items\":[" + std::string(4000, '1') + "]}";
  auto make = [&] {
    Response response;
    response.body = json;
    response.set_header("Content-Type", "application/json; charset=utf-8");
    response.set_header("ETag", "\"abc\"");
    return response;
  };
  Response br = make();
  compress_response(test::get("/api/page", {{"Accept-Encoding", "gzip, br"}}), br);
  EXPECT_EQ(br.header("Content-Encoding"), "br");
  EXPECT_EQ(br.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(br.header("ETag"), "\"abc-br\"");
  EXPECT_EQ(unbrotli(br.body), json);

  Response gz = make();
  compress_response(test::get("/api/page", {{"Accept-Encoding", "gzip"}}), gz);
  EXPECT_EQ(gz.header("Content-Encoding"), "gzip");
  EXPECT_EQ(gunzip(gz.body), json);

  Response plain = make();
  compress_response(test::get("/api/page"), plain);
  EXPECT_FALSE(plain.has_header("Content-Encoding"));
  EXPECT_EQ(plain.body, json);
  EXPECT_EQ(plain.header("Vary"), "Accept-Encoding");

  Response cached = make();
  compress_response(test::get("/", {{"Accept-Encoding", "br"}, {"If-None-Match", "\"abc-br\""}}), cached);
  EXPECT_EQ(cached.status, 304u);
  EXPECT_TRUE(cached.body.empty());
}

TEST(CompressResponse, LeavesSmallSharedAndBinaryBodiesAlone) {
  Response small;
  small.body = "{\"status\":\"ok\"}";
  small.set_header("Content-Type", "application/json; charset=utf-8");
  compress_response(test::get("/healthz", {{"Accept-Encoding", "br"}}), small);
  EXPECT_FALSE(small.has_header("Content-Encoding"));

  Response binary;
  binary.body = std::string(5000, 'x');
  binary.set_header("Content-Type", "audio/mpeg");
  compress_response(test::get("/x", {{"Accept-Encoding", "br"}}), binary);
  EXPECT_FALSE(binary.has_header("Content-Encoding"));

  Response shared;
  shared.set_shared_body(std::make_shared<const std::string>(5000, 'x'));
  shared.set_header("Content-Type", "text/plain; charset=utf-8");
  compress_response(test::get("/x", {{"Accept-Encoding", "br"}}), shared);
  EXPECT_FALSE(shared.has_header("Content-Encoding"));
  EXPECT_EQ(shared.payload().size(), 5000u);
}

}  // namespace
}  // namespace ether::http
