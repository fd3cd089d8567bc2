// The real ether-server with the demo station, fetched with curl (no JavaScript): every route
// answers its headings, text and links as HTML inside #root, and pages with artwork carry
// og:image and a large Twitter card with the absolute URL of that artwork, which answers 200.
// A missed hour: its page, audio and share tags before any script, linked from Gemist.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "domain/broadcast_hours.hpp"
#include "domain/time.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "recording/broadcast_logger.hpp"
#include "stream/broadcast_ring.hpp"
#include "stream/channel_clock.hpp"
#include "support/file_bytes.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {

// The server once for the whole suite: it seeds the demo station on start.
class ServerHtml : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server = new test::ServerProcess("server-html"); }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static std::string page(const std::string& target, int status = 200) {
    auto answer = server->get(target);
    EXPECT_EQ(answer.status, status) << target;
    return answer.body;
  }

  // What the browser shows before any script runs: the content of #root.
  static std::string root_of(const std::string& html) {
    auto start = html.find("<div id=\"root\">");
    auto end = html.find("<!--/ether-body-->");
    if (start == std::string::npos || end == std::string::npos || end < start) return {};
    return html.substr(start, end - start);
  }

  static std::string h1_of(const std::string& html) {
    std::smatch match;
    static const std::regex kH1("<h1[^>]*>([^<]*)</h1>");
    return std::regex_search(html, match, kH1) ? match[1].str() : std::string();
  }

  static std::vector<std::string> hrefs(const std::string& html, const std::string& prefix = "/") {
    std::vector<std::string> found;
    static const std::regex kHref("href=\"([^\"]*)\"");
    for (std::sregex_iterator it(html.begin(), html.end(), kHref), end; it != end; ++it) {
      auto href = (*it)[1].str();
      if (href.starts_with(prefix)) found.push_back(href);
    }
    return found;
  }

  static std::string meta(const std::string& html, const std::string& attribute, const std::string& name) {
    std::smatch match;
    std::regex pattern("<meta " + attribute + "=\"" + name + "\" content=\"([^\"]*)\">");
    return std::regex_search(html, match, pattern) ? match[1].str() : std::string();
  }

  // Yesterday's fragments (Amsterdam): /fragmenten without a date shows today's (spec §2), which
  // just after midnight has none yet.
  static std::string yesterdays_fragments() {
    const auto now =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    return "/fragmenten?date=" + domain::format_route_date(domain::local_date(now - 86400));
  }

  // The first link under `prefix` of a list page whose path has `segments` parts.
  static std::string first_link(const std::string& list_page, const std::string& prefix, std::size_t segments) {
    for (const auto& href : hrefs(root_of(page(list_page)), prefix)) {
      auto path = href.substr(0, href.find('?'));
      if (static_cast<std::size_t>(std::count(path.begin(), path.end(), '/')) == segments) return href;
    }
    ADD_FAILURE() << "no link under " << prefix << " on " << list_page;
    return prefix;
  }

  // The JSON the page embeds for the app: "ether-page" is the data the HTML was made from,
  // "ether-site" the site configuration.
  static boost::json::object envelope_of(const std::string& html, const std::string& id = "ether-page") {
    const std::string open = "id=\"" + id + "\">";
    auto start = html.find(open);
    if (start == std::string::npos) return {};
    start += open.size();
    return boost::json::parse(html.substr(start, html.find("</script>", start) - start)).as_object();
  }

  // Records [from, until) of `channel` into the server's recordings as its broadcast logger would:
  // the frames the live origin sends of a looped 3 s tone.
  static void record(const std::string& channel, std::int64_t from, std::int64_t until) {
    const auto media = server->dir() / "tone";
    std::filesystem::create_directories(media / "songs");
    const auto encode =
        "ffmpeg -v error -y -f lavfi -i sine=frequency=330:duration=3 -ar 22050 -ac 1 -c:a "
        "libmp3lame -b:a 32k " +
        (media / "songs" / "tone.mp3").string();
    ASSERT_EQ(std::system(encode.c_str()), 0);
    const stream::ChannelSchedule schedule = [](const std::string&, std::int64_t at) {
      const auto start = at - ((at % 3000) + 3000) % 3000;
      return std::optional<stream::ScheduledAudio>(stream::ScheduledAudio{"songs/tone.mp3", start, start + 3000, "T"});
    };
    recording::BroadcastLogger logger({server->dir() / "data" / "recordings", 2, 0}, {channel}, schedule,
                                      media.string());
    stream::FramedFileCache files(media.string());
    stream::BroadcastRing ring(1 << 20);
    stream::ChannelClock clock([&](std::int64_t at) { return schedule(channel, at); }, files, ring);
    clock.set_chunk_sink(
        [&](std::int64_t start, std::string_view bytes) { logger.write_chunk(channel, start, bytes); });
    clock.advance_to(until * 1000, (until - from) * 1000);
    logger.close_files();
  }

  static test::ServerProcess* server;
};

test::ServerProcess* ServerHtml::server = nullptr;

TEST_F(ServerHtml, EveryRouteAnswersItsHeadingAndLinksWithoutJavaScript) {
  const std::vector<std::pair<std::string, std::string>> routes{
      {"/", "Nu op "},
      {"/gids", "Gids "},
      {"/gedraaid", "Gedraaid op "},
      {"/programmas", "Programma's"},
      {"/presentatoren", "Presentatoren"},
      {"/nieuws", "Nieuws"},
      {"/fragmenten", "Fragmenten"},
      {"/uitzendingen", "Gemist"},
      {"/programmas/de-ochtendploeg/fragmenten", "Fragmenten van "},
      {"/programmas/de-ochtendploeg/nieuws", "Nieuws van "},
      {"/podcasts", "Podcasts"},
      {"/videos", "Video's"},
      {"/sitemap", "Sitemap"},
      {"/zoeken", "Zoeken"},
      {"/zoeken/muziek", "Zoekresultaten voor ‘muziek’"},
      {"/zoeken?q=muziek", "Zoekresultaten voor ‘muziek’"},
  };
  for (const auto& [target, heading] : routes) {
    auto root = root_of(page(target));
    ASSERT_FALSE(root.empty()) << target;
    // Text is HTML-escaped ("Programma's" arrives as Programma&apos;s).
    auto h1 = std::regex_replace(h1_of(root), std::regex("&apos;"), "'");
    EXPECT_TRUE(h1.starts_with(heading)) << target << ": " << h1;
    auto links = hrefs(root);
    EXPECT_GE(links.size(), 15u) << target;  // navigation, channels, content and footer
    EXPECT_NE(std::find(links.begin(), links.end(), "/sitemap"), links.end()) << target;
    EXPECT_NE(root.find("<main id=\"main\""), std::string::npos) << target;
    // No heading skips a level (h1 then h3 without an h2 between).
    static const std::regex kHeading("<h([1-6])[ >]");
    int previous = 0;
    for (std::sregex_iterator it(root.begin(), root.end(), kHeading), end; it != end; ++it) {
      const int level = std::stoi((*it)[1].str());
      EXPECT_LE(level, previous + 1) << target << ": h" << previous << " -> h" << level << " at " << it->position();
      previous = level;
    }
  }
  // Lists carry their items as links.
  EXPECT_GE(hrefs(root_of(page("/programmas")), "/programmas/").size(), 10u);
  EXPECT_GE(hrefs(root_of(page("/nieuws")), "/nieuws/").size(), 6u);
  EXPECT_GE(hrefs(root_of(page("/")), "/fragmenten/").size(), 4u);
  // The search term stays in the header's box.
  EXPECT_NE(root_of(page("/zoeken/muziek")).find("value=\"muziek\""), std::string::npos);

  auto missing = root_of(page("/bestaat-niet", 404));
  EXPECT_EQ(h1_of(missing), "Deze pagina bestaat niet (meer)");
  EXPECT_NE(missing.find("<code>/bestaat-niet</code>"), std::string::npos);
  // Two search landmarks, as the app's 404: the header's and one to search on, named apart, each
  // with a field of its own that reaches the results page without JavaScript.
  EXPECT_NE(missing.find("<form role=\"search\" aria-label=\"Zoeken op de site\""), std::string::npos);
  const auto onwards = missing.find("<form role=\"search\" aria-label=\"Zoek verder\"");
  ASSERT_NE(onwards, std::string::npos) << missing;
  const auto form = missing.substr(onwards, missing.find("</form>", onwards) - onwards);
  EXPECT_NE(form.find("action=\"/zoeken\" method=\"get\""), std::string::npos) << form;
  EXPECT_NE(form.find("<label for=\"zoekterm-verder\" class=\"visually-hidden\">Zoek verder op de site</label>"),
            std::string::npos)
      << form;
  EXPECT_NE(form.find("<input id=\"zoekterm-verder\" type=\"text\" name=\"q\""), std::string::npos) << form;
}

TEST_F(ServerHtml, DetailPagesCarryTheirArtworkForSharing) {
  const std::vector<std::string> pages{
      first_link("/programmas", "/programmas/", 2),
      first_link("/nieuws", "/nieuws/", 4),
      first_link("/presentatoren", "/presentatoren/", 2),
      first_link(yesterdays_fragments(), "/fragmenten/", 4),
      first_link("/podcasts", "/podcasts/", 2),
      first_link(first_link("/podcasts", "/podcasts/", 2), "/podcasts/", 4),
      first_link("/sitemap/themas", "/thema/", 2),
  };
  for (const auto& target : pages) {
    auto html = page(target);
    auto image = meta(html, "property", "og:image");
    EXPECT_TRUE(image.starts_with(server->base_url() + "/media/images/")) << target << ": " << image;
    EXPECT_EQ(meta(html, "name", "twitter:image"), image) << target;
    EXPECT_EQ(meta(html, "name", "twitter:card"), "summary_large_image") << target;
    EXPECT_FALSE(meta(html, "name", "twitter:title").empty()) << target;
    EXPECT_FALSE(meta(html, "name", "twitter:description").empty()) << target;
    EXPECT_FALSE(h1_of(root_of(html)).empty()) << target;
    // The artwork is really there.
    EXPECT_EQ(test::run_command("curl -s -o /dev/null -w '%{http_code}' '" + image + "'"), "200") << image;
  }
  // List pages have no artwork of their own: the channel's logo on a plain summary card.
  auto list = page("/programmas");
  EXPECT_EQ(meta(list, "name", "twitter:card"), "summary");
  EXPECT_TRUE(meta(list, "property", "og:image").starts_with(server->base_url() + "/media/images/channels/"));
}

// The pixel size of an image as ffprobe reads it: "<width>x<height>".
std::string probed_size(const std::string& url) {
  return test::run_command(
      "ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of "
      "csv=s=x:p=0 '" +
      url + "' | tr -d '\\n'");
}

TEST_F(ServerHtml, EveryRouteFamilySharesAPictureWithItsSizeAndAlt) {
  const auto programme = first_link("/programmas", "/programmas/", 2);
  const auto podcast = first_link("/podcasts", "/podcasts/", 2);
  const auto article = first_link("/nieuws", "/nieuws/", 4);
  const auto thema = first_link("/sitemap/themas", "/thema/", 2);
  const std::string channel(envelope_of(page("/"), "ether-site").at("defaultChannel").as_string());
  const std::vector<std::pair<std::string, int>> targets{
      {"/", 200},
      {"/sitemap", 200},
      {"/live", 200},
      {"/popout/" + channel, 200},
      {"/gedraaid", 200},
      {"/gids", 200},
      {"/programmas", 200},
      {programme, 200},
      {programme + "/fragmenten", 200},
      {programme + "/nieuws", 200},
      {"/presentatoren", 200},
      {first_link("/presentatoren", "/presentatoren/", 2), 200},
      {"/nieuws", 200},
      {article, 200},
      {"/app" + article, 200},
      {"/fragmenten", 200},
      {first_link(yesterdays_fragments(), "/fragmenten/", 4), 200},
      {"/uitzendingen", 200},
      {"/podcasts", 200},
      {podcast, 200},
      {first_link(podcast, "/podcasts/", 4), 200},
      {thema, 200},
      {"/app" + thema, 200},
      {"/zoeken", 200},
      {"/zoeken/muziek", 200},
      {"/videos", 200},
      {"/bestaat-niet", 404},
  };
  for (const auto& [target, status] : targets) {
    auto html = page(target, status);
    auto image = meta(html, "property", "og:image");
    ASSERT_TRUE(image.starts_with(server->base_url() + "/")) << target << ": '" << image << "'";
    EXPECT_EQ(meta(html, "name", "twitter:image"), image) << target;
    auto size = meta(html, "property", "og:image:width");
    size += "x";
    size += meta(html, "property", "og:image:height");
    EXPECT_EQ(size, probed_size(image)) << target << ": " << image;
    EXPECT_FALSE(meta(html, "property", "og:image:alt").empty()) << target;
    // The tags come in the order Open Graph describes: the image, then its properties.
    EXPECT_LT(html.find("property=\"og:image\""), html.find("og:image:width")) << target;
  }
}

TEST_F(ServerHtml, AMissedHourIsAPageWithItsAudioAndShareTagsLinkedFromGemist) {
  // The last whole clock hour of the default channel, recorded: Gemist then lists its hours.
  const std::string channel(envelope_of(page("/"), "ether-site").at("defaultChannel").as_string());
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  const std::int64_t until = now - now % 3600;
  record(channel, until - 3600, until);

  auto list = page("/uitzendingen");
  auto items = envelope_of(list).at("data").at("broadcasts").as_array();
  ASSERT_FALSE(items.empty()) << "the recorded hour is listed";
  const auto& item = items.at(0).as_object();
  const auto& hour = item.at("hour").as_object();
  const auto from = *pages::parse_iso_instant(item.at("from").as_string());
  const auto broadcast_until = *pages::parse_iso_instant(item.at("until").as_string());
  const auto hour_from = *pages::parse_iso_instant(hour.at("from").as_string());
  EXPECT_GE(hour_from, until - 3600);
  const auto slot = domain::broadcast_hour_at(from, broadcast_until, hour_from);
  ASSERT_TRUE(slot);
  const auto& programme = item.at("programme");
  const std::string programme_slug(programme.is_object() ? programme.at("slug").as_string().c_str() : "");
  const auto url = pages::routes::broadcast_hour(programme_slug, item.at("id").as_int64(), pages::amsterdam_date(from),
                                                 item.at("slug").as_string(), domain::hour_segment(*slot));
  // The card links to the hour as the route builder writes it, in the HTML and in the app's data.
  auto links = hrefs(root_of(list), "/uitzendingen/");
  EXPECT_NE(std::find(links.begin(), links.end(), url), links.end()) << url;
  EXPECT_EQ(hour.at("url").as_string(), url);
  EXPECT_NE(root_of(list).find(std::string(hour.at("label").as_string())), std::string::npos);

  auto html = page(url);
  auto root = root_of(html);
  const std::string title(item.at("title").as_string());
  EXPECT_EQ(h1_of(root), title);
  EXPECT_NE(root.find(std::string(hour.at("label").as_string())), std::string::npos);
  const auto audio = pages::routes::broadcast_hour_audio(item.at("id").as_int64(), hour_from);
  EXPECT_NE(root.find("<audio class=\"broadcast-recording__audio\" controls preload=\"none\" src=\"" + audio + "\""),
            std::string::npos)
      << root;
  // The audio element plays without any script: its source leads to the hour's MP3.
  EXPECT_EQ(test::run_command("curl -s -L -o /dev/null -w '%{http_code} %{content_type}' '" + server->base_url() +
                              audio + "'"),
            "200 audio/mpeg");
  // The page links back to the whole broadcast; the hour itself is the current one.
  EXPECT_NE(root.find("aria-current=\"page\""), std::string::npos);
  EXPECT_TRUE(meta(html, "property", "og:title").starts_with(title)) << meta(html, "property", "og:title");
  EXPECT_FALSE(meta(html, "property", "og:description").empty());
  EXPECT_EQ(meta(html, "property", "og:url"), server->base_url() + url);
  auto image = meta(html, "property", "og:image");
  EXPECT_TRUE(image.starts_with(server->base_url() + "/media/images/")) << image;
  EXPECT_EQ(meta(html, "name", "twitter:image"), image);
  EXPECT_EQ(meta(html, "name", "twitter:card"), "summary_large_image");

  // An hour the broadcast does not have, or no hour at all: the Dutch not-found page.
  const auto broadcast_url = url.substr(0, url.rfind('/'));
  for (const auto* missing : {"/02-uur-2", "/24-uur", "/18-uur-3", "/uur"}) {
    auto answer = server->get(broadcast_url + missing);
    EXPECT_EQ(answer.status, 404) << missing;
    EXPECT_EQ(h1_of(root_of(answer.body)), "Deze pagina bestaat niet (meer)") << missing;
    EXPECT_NE(answer.body.find("<meta name=\"robots\" content=\"noindex\">"), std::string::npos) << missing;
  }
  EXPECT_EQ(server->get("/uitzendingen/x/999999/2026-11-21-x/18-uur").status, 404);
}

TEST_F(ServerHtml, TheAppArticleNamesTheNormalArticleAsCanonical) {
  auto article = first_link("/nieuws", "/nieuws/", 4);
  auto html = page("/app" + article);
  EXPECT_NE(html.find("<link rel=\"canonical\" href=\"" + server->base_url() + article + "\">"), std::string::npos)
      << article;
  // The app view has no site header: it is embedded in the mobile app.
  EXPECT_EQ(root_of(html).find("site-header"), std::string::npos);
}

// An article whose paragraph carries an editor's markup, seeded into a server of its own: bold and
// a safe link reach the listener, in the HTML before scripts and in the page data the app reads;
// a script and a javascript: link do not.
TEST(ServerHtmlRichText, AParagraphsMarkupIsServedSanitised) {
  const auto source = std::filesystem::path(ETHER_SOURCE_DIR);
  auto seed = boost::json::parse(test::file_bytes(source / "server" / "seed" / "demo-station.json")).as_object();
  const std::string markup =
      "Het <strong>kabinet</strong> valt, meldt <a href=\"https://nos.example/nieuws\" onclick=\"steal()\">de "
      "omroep</a>.<script>document.title='pwned'</script> <a href=\"javascript:alert(1)\">Klik hier</a>";
  seed["articles"].as_array().push_back(boost::json::object{
      {"slug", "kabinet-valt-opgemaakt"},
      {"category", seed["articles"].as_array().front().at("category")},
      {"title", "Kabinet valt, opgemaakt"},
      {"intro", "Met opmaak."},
      {"image", seed["articles"].as_array().front().at("image")},
      {"hoursAgo", 0},
      {"tags", boost::json::array{}},
      {"blocks", boost::json::array{boost::json::object{{"type", "paragraph"},
                                                        {"text", "Het kabinet valt, meldt de omroep. Klik hier"},
                                                        {"html", markup}},
                                    boost::json::object{{"type", "paragraph"}, {"text", "Gewone <tekst> & meer"}}}}});
  const auto seed_file = std::filesystem::path(ETHER_TEST_TMP) / ("rich-seed-" + std::to_string(::getpid()) + ".json");
  std::filesystem::create_directories(seed_file.parent_path());
  std::ofstream(seed_file) << boost::json::serialize(seed);
  test::ServerProcess rich("server-html-rich", {"ETHER_SEED_FILE=" + seed_file.string()});

  auto list = rich.get("/nieuws");
  ASSERT_EQ(list.status, 200);
  std::smatch match;
  ASSERT_TRUE(std::regex_search(list.body, match, std::regex("href=\"(/nieuws/[^\"]*/kabinet-valt-opgemaakt)\"")));
  auto answer = rich.get(match[1].str());
  ASSERT_EQ(answer.status, 200) << match[1].str();
  std::filesystem::remove(seed_file);

  const auto& html = answer.body;
  auto root = html.substr(html.find("<div id=\"root\">"));
  root = root.substr(0, root.find("<!--/ether-body-->"));
  // spec §2: a link out of the site opens in a new tab, and says so, as the app's does.
  EXPECT_NE(root.find("<p>Het <strong>kabinet</strong> valt, meldt <a href=\"https://nos.example/nieuws\" "
                      "target=\"_blank\" rel=\"noopener noreferrer\">de omroep<span class=\"visually-hidden\"> "
                      "(opent in een nieuw venster)</span></a>. Klik hier</p>"),
            std::string::npos)
      << root;
  EXPECT_NE(root.find("<p>Gewone &lt;tekst&gt; &amp; meer</p>"), std::string::npos) << root;
  EXPECT_EQ(html.find("pwned"), std::string::npos);
  EXPECT_EQ(html.find("javascript:"), std::string::npos);
  EXPECT_EQ(html.find("steal()"), std::string::npos);

  // The page data the app renders from carries the same sanitised html.
  const std::string open = "id=\"ether-page\">";
  auto start = html.find(open);
  ASSERT_NE(start, std::string::npos);
  start += open.size();
  auto envelope = boost::json::parse(html.substr(start, html.find("</script>", start) - start));
  const auto& blocks = envelope.at("data").at("article").at("blocks").as_array();
  ASSERT_GE(blocks.size(), 2U);
  EXPECT_EQ(blocks[0].at("html").as_string(),
            "Het <strong>kabinet</strong> valt, meldt <a href=\"https://nos.example/nieuws\" "
            "rel=\"noopener noreferrer\">de omroep</a>. Klik hier");
  EXPECT_EQ(blocks[0].at("text").as_string(), "Het kabinet valt, meldt de omroep. Klik hier");
  EXPECT_EQ(blocks[1].at("html").as_string(), "Gewone &lt;tekst&gt; &amp; meer");

  // The app's data endpoint answers the same.
  auto api = rich.get("/api/page?path=" + match[1].str());
  ASSERT_EQ(api.status, 200);
  EXPECT_NE(api.body.find("<strong>kabinet</strong>"), std::string::npos);
  EXPECT_EQ(api.body.find("javascript:"), std::string::npos);
  EXPECT_EQ(api.body.find("pwned"), std::string::npos);
}

}  // namespace
}  // namespace ether
