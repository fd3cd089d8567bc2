// The audio of podcast episodes, fragments and news bulletins chosen from the media library
// (content FieldKind::audio), end to end on the real server with the demo station, on SQLite and,
// with ETHER_TEST_DATABASE_URL, on PostgreSQL: audio made by ffmpeg is uploaded and processed, an
// episode made with it and published is in its feed's RSS with an enclosure whose length is the
// served MP3's byte count and a duration that ffprobe measures in that file; the page, the play API
// (with Range), a bulletin's signed URL and a fragment follow; an image, a missing item and audio
// that is not ready are refused on the field; the seeded episodes keep playing their demo files.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "admin/roles.hpp"
#include "store/database.hpp"
#include "support/admin_client.hpp"
#include "support/admin_media.hpp"
#include "support/admin_server.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"
#include "support/xml_doc.hpp"

namespace ether::test {
namespace {
namespace json = boost::json;
namespace fs = std::filesystem;

constexpr const char* kFeed = "de-nieuwsduik";  // a podcast of the demo station
constexpr double kSeconds = 6.0;                // the length of the audio ffmpeg makes

json::value body_of(const ServerProcess::Answer& answer) { return json::parse(answer.body); }

// "1:05" or "0:01:05" (itunes:duration) in seconds.
long long clock_seconds(const std::string& text) {
  long long total = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto colon = text.find(':', start);
    total = total * 60 + std::stoll(text.substr(start, colon - start));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return total;
}

// What ffprobe measures as the duration of a file, in seconds.
double probed_seconds(const fs::path& file) {
  const auto text =
      run_command("ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 '" + file.string() + "'");
  return text.empty() ? -1.0 : std::stod(text);
}

// `url` fetched with curl into `into`: "<status> <bytes>".
std::string download(const std::string& url, const fs::path& into) {
  return run_command("curl -s --max-time 20 -o '" + into.string() + "' -w '%{http_code} %{size_download}' '" + url +
                     "'");
}

json::object created_item(const ServerProcess::Answer& answer) { return body_of(answer).at("item").as_object(); }

void an_uploaded_episode_reaches_the_feed(const std::string& database_url, const std::vector<std::string>& env) {
  ServerProcess server("episode-audio", env);
  const auto url = database_url.empty() ? sqlite_url_of(server) : database_url;
  const auto editor = server_login(server, url, "erik@radio.example", admin::Role::eindredacteur);
  ASSERT_FALSE(editor.cookie.empty());
  const auto base = server.base_url();

  // Real audio and a real image, made by ffmpeg; and a text file that claims to be audio.
  const auto wav = server.dir() / "aflevering.wav";
  const auto made = run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i "
      "sine=frequency=330:sample_rate=44100:duration=" +
      std::to_string(static_cast<int>(kSeconds)) + " -ac 2 '" + wav.string() + "' 2>&1; echo rc=$?");
  ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
  const auto png = server.dir() / "beeld.png";
  ASSERT_NE(run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i color=c=navy:s=64x48 -frames:v 1 '" +
                        png.string() + "' 2>&1; echo rc=$?")
                .find("rc=0"),
            std::string::npos);
  const auto text = server.dir() / "notities.mp3";
  std::ofstream(text) << "Dit is geen geluid, alleen tekst.\n";

  auto audio = processed_media(server, editor, upload_media(server, editor, "audio", wav).at("id").as_int64());
  ASSERT_EQ(audio.at("status"), "ready") << json::serialize(audio);
  const auto audio_id = audio.at("id").as_int64();
  const std::string audio_url(audio.at("url").as_string());
  ASSERT_TRUE(audio_url.starts_with("/uploads/audio/")) << audio_url;
  const auto image = processed_media(server, editor, upload_media(server, editor, "images", png).at("id").as_int64());
  ASSERT_EQ(image.at("status"), "ready") << json::serialize(image);
  const auto failed = processed_media(server, editor, upload_media(server, editor, "audio", text).at("id").as_int64());
  ASSERT_EQ(failed.at("status"), "failed") << json::serialize(failed);
  // An upload that another instance is still processing (its heartbeat is fresh).
  long long processing_id = 0;
  {
    auto db = store::Database::open(url, 1);
    auto lease = db->lease();
    const long long now =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    *lease << "INSERT INTO media (kind, content_hash, status, progress, created_at, updated_at, claimed_by, "
              "heartbeat_at) VALUES ('audio', 'pending:elders', 'processing', 40, :a, :b, 'another-instance', :c) "
              "RETURNING id",
        soci::use(now), soci::use(now), soci::use(now), soci::into(processing_id);
  }

  auto feeds = server_admin_call(server, "GET", "/api/admin/content/podcast-feeds/options", nullptr, editor);
  ASSERT_EQ(feeds.status, 200) << feeds.body;
  json::value feed_id;
  const auto options = body_of(feeds);
  for (const auto& option : options.at("options").as_array()) {
    if (option.at("slug") == kFeed) feed_id = option.at("value");
  }
  ASSERT_TRUE(feed_id.is_int64());
  auto episode = [&](const json::value& audio_value) {
    // What a form for hand-typed paths sent: the server ignores these, they follow the audio.
    return json::object{{"title", "Het geluid van de stad"},
                        {"slug", "het-geluid-van-de-stad"},
                        {"feed", feed_id},
                        {"description", "Een aflevering met geüploade audio."},
                        {"audio", audio_value},
                        {"audioPath", "podcasts/verzonnen.mp3"},
                        {"durationMs", 1},
                        {"byteLength", 2}};
  };
  const std::string episodes = "/api/admin/content/podcast-episodes";

  // Refused on the field, in Dutch: an image, an item that does not exist, audio not ready, none.
  const std::vector<std::pair<json::value, std::string>> refusals{
      {image.at("id"), "Dit is geen audiobestand."},
      {json::value(999999), "bestaat niet"},
      {json::value(processing_id), "wordt nog verwerkt"},
      {failed.at("id"), "kon niet worden verwerkt"},
      {json::value(nullptr), "Kies een audiobestand uit de mediabibliotheek."},
      {json::value("12"), "Kies een audiobestand uit de mediabibliotheek."}};
  for (const auto& [value, message] : refusals) {
    auto refused = server_admin_call(server, "POST", episodes, json::object{{"values", episode(value)}}, editor);
    EXPECT_EQ(refused.status, 422) << json::serialize(value) << " " << refused.body;
    if (refused.status != 422) continue;
    EXPECT_EQ(body_of(refused).at("error").at("code"), "invalid_fields");
    EXPECT_NE(field_error(refused, "audio").find(message), std::string::npos) << refused.body;
  }

  // Made with the uploaded audio: its path, duration and size are the MP3's, not what was typed.
  auto made_episode = server_admin_call(server, "POST", episodes, json::object{{"values", episode(audio_id)}}, editor);
  ASSERT_EQ(made_episode.status, 201) << made_episode.body;
  const auto item = created_item(made_episode);
  const auto& values = item.at("values").as_object();
  EXPECT_EQ(values.at("audio").as_int64(), audio_id);
  EXPECT_EQ(values.at("audioPath").as_string(), audio_url);
  EXPECT_EQ(values.at("durationMs"), audio.at("durationMs"));
  EXPECT_EQ(values.at("byteLength"), audio.at("sizeBytes"));
  const std::string id(item.at("id").as_string());
  // A draft is not public (issue 35): the play API knows no such episode, and the uploaded MP3 is
  // for a signed-in editor only until an item on the site plays it.
  EXPECT_EQ(server.get("/api/play/episode/" + id).status, 404) << "a draft episode's audio URL";
  const auto anonymous_draft = server.get(audio_url, "-o /dev/null");
  EXPECT_EQ(anonymous_draft.status, 404) << "a draft's uploaded MP3, anonymously";
  EXPECT_NE(anonymous_draft.headers.find("Cache-Control: no-store"), std::string::npos) << anonymous_draft.headers;
  const auto editor_draft = server.get(audio_url, "-o /dev/null -H 'Cookie: ether_session=" + editor.cookie + "'");
  EXPECT_EQ(editor_draft.status, 200) << "an editor hears the draft's audio";
  EXPECT_NE(editor_draft.headers.find("Cache-Control: private"), std::string::npos) << editor_draft.headers;
  // Embargoed: published from tomorrow on.
  auto embargoed =
      server_admin_call(server, "POST", episodes + "/" + id + "/publish",
                        json::object{{"version", item.at("version")}, {"publishAt", "2099-01-01T00:00:00Z"}}, editor);
  ASSERT_EQ(embargoed.status, 200) << embargoed.body;
  EXPECT_EQ(server.get("/api/play/episode/" + id).status, 404) << "an embargoed episode's audio URL";
  EXPECT_EQ(server.get(audio_url, "-o /dev/null").status, 404) << "an embargoed episode's uploaded MP3";
  auto published = server_admin_call(
      server, "POST", episodes + "/" + id + "/publish",
      json::object{{"version", created_item(embargoed).at("version")}, {"publishAt", "2020-01-01T00:00:00Z"}}, editor);
  ASSERT_EQ(published.status, 200) << published.body;

  // The RSS: the enclosure is the served MP3, its length that file's bytes, its duration measured.
  auto rss = server.get("/podcasts/" + std::string(kFeed) + "/feed.xml");
  ASSERT_EQ(rss.status, 200);
  Xml xml(rss.body);
  ASSERT_TRUE(xml.ok()) << rss.body;
  const std::string mine = "/rss/channel/item[title='Het geluid van de stad']";
  const auto enclosure = xml.one(mine + "/enclosure/@url");
  const auto length = xml.one(mine + "/enclosure/@length");
  EXPECT_EQ(enclosure, base + audio_url);
  EXPECT_EQ(xml.one(mine + "/enclosure/@type"), "audio/mpeg");
  const auto served = server.dir() / "served.mp3";
  EXPECT_EQ(download(enclosure, served), "200 " + length);
  EXPECT_EQ(std::to_string(fs::file_size(served)), length);
  EXPECT_EQ(length, std::to_string(audio.at("sizeBytes").as_int64()));
  const auto measured = probed_seconds(served);
  EXPECT_NEAR(measured, kSeconds, 0.2);
  EXPECT_NEAR(static_cast<double>(audio.at("durationMs").as_int64()) / 1000.0, measured, 0.1);
  EXPECT_EQ(clock_seconds(xml.one(mine + "/itunes:duration")), std::llround(measured));
  // Served with Range, as players and podcast apps ask for it.
  auto range = server.get(audio_url, "-r 100-1099 -o '" + (server.dir() / "range.bin").string() + "'");
  EXPECT_EQ(range.status, 206);
  EXPECT_EQ(fs::file_size(server.dir() / "range.bin"), 1000U);
  EXPECT_NE(range.headers.find("Content-Range: bytes 100-1099/" + length), std::string::npos) << range.headers;

  // Its feed page lists it with that audio; the play API (the mini player's) hands out the same file.
  auto page = server.get("/api/page?path=%2Fpodcasts%2F" + std::string(kFeed));
  ASSERT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("Het geluid van de stad"), std::string::npos);
  EXPECT_NE(page.body.find("\"audioUrl\":\"" + audio_url + "\""), std::string::npos);
  auto play = server.get("/api/play/episode/" + id);
  ASSERT_EQ(play.status, 200) << play.body;
  EXPECT_EQ(body_of(play).at("streamUrl"), json::value(audio_url));

  // A seeded episode keeps its demo file: an edit that chooses no audio leaves it as it was.
  auto seeded = server_admin_call(server, "GET", episodes + "/1", nullptr, editor);
  ASSERT_EQ(seeded.status, 200) << seeded.body;
  const auto seeded_item = created_item(seeded);
  const auto seeded_path = std::string(seeded_item.at("values").at("audioPath").as_string());
  ASSERT_FALSE(seeded_path.starts_with("/"));
  auto edited = server_admin_call(
      server, "PUT", episodes + "/1",
      json::object{{"version", seeded_item.at("version")},
                   {"values", json::object{{"title", "Waarom bouwen zo lang duurt (herzien)"}, {"audio", nullptr}}}},
      editor);
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(created_item(edited).at("values").at("audioPath"), json::value(seeded_path));
  auto seeded_play = server.get("/api/play/episode/1");
  ASSERT_EQ(seeded_play.status, 200);
  const std::string seeded_url(body_of(seeded_play).at("streamUrl").as_string());
  EXPECT_EQ(seeded_url, "/media/" + seeded_path);
  EXPECT_EQ(download(base + seeded_url, server.dir() / "seeded.mp3").substr(0, 4), "200 ");
  EXPECT_EQ(server.get(seeded_url, "-r 0-99 -o /dev/null").status, 206);

  // A news bulletin with the same audio: the latest news plays it through its expiring URL.
  auto bulletin = server_admin_call(
      server, "POST", "/api/admin/content/bulletins",
      json::object{{"values", json::object{{"title", "Journaal van het uur"}, {"audio", audio_id}}}}, editor);
  ASSERT_EQ(bulletin.status, 201) << bulletin.body;
  const auto bulletin_item = created_item(bulletin);
  EXPECT_EQ(bulletin_item.at("values").at("durationMs"), audio.at("durationMs"));
  ASSERT_EQ(
      server_admin_call(server, "POST",
                        "/api/admin/content/bulletins/" + std::string(bulletin_item.at("id").as_string()) + "/publish",
                        json::object{{"version", bulletin_item.at("version")}}, editor)
          .status,
      200);
  auto news = server.get("/api/latestNews");
  ASSERT_EQ(news.status, 200) << news.body;
  const auto news_body = body_of(news);
  EXPECT_EQ(news_body.at("name"), "Journaal van het uur");
  const std::string progressive(news_body.at("player").at("parameters").at(0).at("value").as_string());
  EXPECT_TRUE(progressive.starts_with(audio_url + "?expires=")) << progressive;
  EXPECT_EQ(download(base + progressive, server.dir() / "news.mp3"), "200 " + length);

  // A fragment too.
  auto fragment = server_admin_call(
      server, "POST", "/api/admin/content/fragments",
      json::object{{"values", json::object{{"title", "Stadsgeluid"}, {"slug", "stadsgeluid"}, {"audio", audio_id}}}},
      editor);
  ASSERT_EQ(fragment.status, 201) << fragment.body;
  const std::string fragment_id(created_item(fragment).at("id").as_string());
  EXPECT_EQ(server.get("/api/play/fragment/" + fragment_id).status, 404) << "a draft fragment";
  ASSERT_EQ(server_admin_call(server, "POST", "/api/admin/content/fragments/" + fragment_id + "/publish",
                              json::object{{"version", created_item(fragment).at("version")}}, editor)
                .status,
            200);
  auto fragment_play = server.get("/api/play/fragment/" + fragment_id);
  ASSERT_EQ(fragment_play.status, 200);
  EXPECT_EQ(body_of(fragment_play).at("streamUrl"), json::value(audio_url));
}

TEST(EpisodeAudioServer, AnUploadedEpisodeReachesTheFeedOnSqlite) { an_uploaded_episode_reaches_the_feed("", {}); }

const bool registered = register_postgres_tests("EpisodeAudioServerPostgreSQL", __FILE__,
                                                {{"AnUploadedEpisodeReachesTheFeed", [] {
                                                    FreshPostgresDatabase database("episode_audio");
                                                    an_uploaded_episode_reaches_the_feed(
                                                        database.url(), {"DATABASE_URL=" + database.url()});
                                                  }}});

}  // namespace
}  // namespace ether::test
