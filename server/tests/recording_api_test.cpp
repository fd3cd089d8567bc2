// Serving broadcast recordings: the play API's signed URL, the MP3 sliced across an hour boundary
// with Range (206/416), ETag and signature checks, and ffprobe decoding what is served; plus the
// missed-broadcast pages (list, paging, programme filter, detail with recording and track offsets),
// listed and played per clock hour of a broadcast.

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <boost/json.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "api/player_api.hpp"
#include "domain/broadcast_hours.hpp"
#include "pages/page_loader.hpp"
#include "pages/page_time.hpp"
#include "recording/broadcast_logger.hpp"
#include "recording/hour_files.hpp"
#include "recording/recordings.hpp"
#include "support/file_bytes.hpp"
#include "support/live_store.hpp"
#include "support/loopback_stream.hpp"
#include "support/postgres_database.hpp"
#include "support/test_paths.hpp"

namespace ether::recording {
namespace {
namespace json = boost::json;

// On both store backends (test::store_backends()).
class RecordingApiTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
    db_ = open_test_store("recording_api", GetParam());
    seed_live_store(*db_);
    {
      auto lease = db_->lease();
      // A minute around the hour (noon in Amsterdam is 11:00 UTC), and one not yet over.
      *lease << "INSERT INTO broadcasts (id, channel_slug, programme_id, slug, title, starts_at, ends_at) VALUES "
                "(20, 'radio2', 1, 'rond-het-uur', 'Rond het uur', "
             << noon - 30 << ", " << noon + 30 << "), (21, 'radio2', 1, 'later', 'Later', " << noon + 3590 << ", "
             << noon + 3700 << ")";
    }
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("recording_api-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "media" / "songs");
    const auto command =
        "ffmpeg -v error -y -f lavfi -i sine=frequency=330:duration=3 -ar 22050 -ac 1 -c:a "
        "libmp3lame -b:a 32k " +
        (dir_ / "media" / "songs" / "a.mp3").string();
    ASSERT_EQ(std::system(command.c_str()), 0);
    const stream::ChannelSchedule schedule = [](const std::string&, std::int64_t at) {
      const auto start = at - ((at % 3000) + 3000) % 3000;
      return std::optional<stream::ScheduledAudio>(stream::ScheduledAudio{"songs/a.mp3", start, start + 3000, "A"});
    };
    // What the origin sent from 40 s before the hour to 40 s after it, through the logger.
    BroadcastLogger logger({dir_ / "recordings", 2, 0}, {"radio2"}, schedule, (dir_ / "media").string());
    stream::FramedFileCache files((dir_ / "media").string());
    stream::BroadcastRing ring(1 << 20);
    stream::ChannelClock clock([&](std::int64_t at) { return schedule("radio2", at); }, files, ring);
    clock.set_chunk_sink(
        [&](std::int64_t start, std::string_view bytes) { logger.write_chunk("radio2", start, bytes); });
    clock.advance_to((noon + 40) * 1000, 80'000);
    logger.close_files();

    library_ = std::make_unique<RecordingLibrary>(dir_ / "recordings");
    info_ = std::make_unique<player::LiveInfoService>(*db_, [this] { return now_; });
    origin_ = std::make_unique<stream::LiveOrigin>(
        std::vector<std::string>{"radio2"}, [](const std::string&, std::int64_t) { return std::nullopt; },
        (dir_ / "media").string());
    api_ = std::make_unique<api::PlayerApi>(*db_, *info_, *origin_, stream::TokenSigner("test-secret"),
                                            api::PlayerApiOptions{.stream_domain = "https://stream.ether.example"},
                                            [this] { return now_; });
    api_->set_recordings(library_.get());
    api_->add_routes(router_);
  }

  void TearDown() override { std::filesystem::remove_all(dir_); }

  http::Response get(const std::string& target, const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    http::Request request;
    request.method = "GET";
    EXPECT_TRUE(http::parse_target(target, request));
    for (const auto& [name, value] : headers) request.headers[name] = value;
    return router_.dispatch(request);
  }

  // The bytes a client receives: a large range is streamed from the hour files over a real
  // loopback connection and must end exactly at its announced length.
  static std::string received(const http::Response& response) {
    if (!response.streaming) return std::string(response.payload());
    EXPECT_TRUE(response.streaming_length.has_value());
    LoopbackStream stream(response.streaming);
    std::string bytes = stream.read_exactly(static_cast<std::size_t>(response.streaming_length.value_or(0)));
    boost::system::error_code end;
    std::array<char, 1> extra{};
    stream.client().read_some(asio::buffer(extra), end);
    EXPECT_EQ(end, asio::error::eof) << "the body goes on past its Content-Length";
    return bytes;
  }

  std::string signed_url(int id, std::optional<long long> hour = std::nullopt) {
    auto response = get("/api/play/broadcast/" + std::to_string(id) + (hour ? "/" + std::to_string(*hour) : ""));
    EXPECT_EQ(response.status, 200U) << response.payload();
    return std::string(json::parse(response.payload()).at("streamUrl").as_string());
  }

  std::filesystem::path hour_file(std::int64_t unix_s) const {
    return hour_file_path(dir_ / "recordings", "radio2", hour_of(unix_s * 1000));
  }

  // Broadcast 10 (11:00 to 13:00 in Amsterdam) ended and its recording settled.
  long long now_ = noon + 3600 + domain::kRecordingSettleSeconds;
  std::unique_ptr<store::Database> db_;
  std::filesystem::path dir_;
  std::unique_ptr<RecordingLibrary> library_;
  std::unique_ptr<player::LiveInfoService> info_;
  std::unique_ptr<stream::LiveOrigin> origin_;
  std::unique_ptr<api::PlayerApi> api_;
  http::Router router_;
};

TEST_P(RecordingApiTest, PlayApiAnswersASignedExpiringUrl) {
  auto response = get("/api/play/broadcast/20");
  ASSERT_EQ(response.status, 200U);
  EXPECT_EQ(response.header("Cache-Control"), "no-store");
  auto play = json::parse(response.payload());
  EXPECT_EQ(play.at("mid"), "broadcast-20");
  EXPECT_EQ(play.at("format"), "mp3");
  EXPECT_EQ(play.at("environmentDomain"), "https://stream.ether.example");
  EXPECT_NEAR(play.at("durationSeconds").to_number<double>(), 60.0, 0.1);
  const std::string url(play.at("streamUrl").as_string());
  EXPECT_TRUE(
      url.starts_with("/recordings/broadcast/20.mp3?expires=" + std::to_string(now_ + 6 * 3600) + "&signature="));
}

TEST_P(RecordingApiTest, ServesTheRangeAcrossTheHourAsTheFilesConcatenated) {
  auto found = library_->find("radio2", noon - 30, noon + 30);
  ASSERT_TRUE(found);
  ASSERT_EQ(found->slices.size(), 2U);
  const auto before = test::file_bytes(hour_file(noon - 1));
  const auto after = test::file_bytes(hour_file(noon));
  const auto& a = found->slices[0];
  const auto& b = found->slices[1];
  EXPECT_NEAR(static_cast<double>(a.offset), 3570.0 * 4000, 2 * 105);
  EXPECT_EQ(a.offset + a.length, before.size());
  EXPECT_EQ(b.offset, 0U);
  EXPECT_NEAR(static_cast<double>(b.length), 30.0 * 4000, 2 * 105);
  const auto expected = before.substr(a.offset) + after.substr(0, b.length);

  const auto url = signed_url(20);
  auto full = get(url);
  ASSERT_EQ(full.status, 200U);
  EXPECT_EQ(full.header("Content-Type"), "audio/mpeg");
  EXPECT_EQ(full.header("Accept-Ranges"), "bytes");
  EXPECT_FALSE(full.header("ETag").empty());
  ASSERT_TRUE(full.streaming) << "a recording larger than one chunk is streamed, not read into memory";
  const auto full_bytes = received(full);
  EXPECT_TRUE(full_bytes == expected) << full_bytes.size() << " bytes, expected " << expected.size();

  // A range across the hour boundary.
  const auto first = a.length - 1000;
  auto part = get(url, {{"Range", "bytes=" + std::to_string(first) + "-" + std::to_string(first + 1999)}});
  ASSERT_EQ(part.status, 206U);
  EXPECT_EQ(part.header("Content-Range"), "bytes " + std::to_string(first) + "-" + std::to_string(first + 1999) + "/" +
                                              std::to_string(expected.size()));
  EXPECT_FALSE(part.streaming) << "a small range is answered from memory";
  EXPECT_TRUE(received(part) == expected.substr(first, 2000));
  auto tail = get(url, {{"Range", "bytes=-500"}});
  EXPECT_EQ(tail.status, 206U);
  EXPECT_TRUE(received(tail) == expected.substr(expected.size() - 500));
  // A large open range from inside the first hour to the end, as a browser's media element asks.
  auto rest = get(url, {{"Range", "bytes=" + std::to_string(first) + "-"}});
  ASSERT_EQ(rest.status, 206U);
  EXPECT_TRUE(received(rest) == expected.substr(first));
  auto beyond = get(url, {{"Range", "bytes=" + std::to_string(expected.size()) + "-"}});
  EXPECT_EQ(beyond.status, 416U);
  EXPECT_EQ(beyond.header("Content-Range"), "bytes */" + std::to_string(expected.size()));
  EXPECT_EQ(get(url, {{"If-None-Match", std::string(full.header("ETag"))}}).status, 304U);
}

TEST_P(RecordingApiTest, FfprobeDecodesWhatIsServedWithTheBroadcastsDuration) {
  auto full = get(signed_url(20));
  ASSERT_EQ(full.status, 200U);
  const auto file = dir_ / "served.mp3";
  std::ofstream(file, std::ios::binary) << received(full);
  const auto command = "ffprobe -v error -show_entries format=duration -of csv=p=0 " + file.string() + " > " +
                       (dir_ / "d.txt").string() + " && ffmpeg -v error -xerror -i " + file.string() +
                       " -f null - 2> " + (dir_ / "e.txt").string();
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(test::file_bytes(dir_ / "e.txt"), "");
  double seconds = 0;
  std::ifstream(dir_ / "d.txt") >> seconds;
  EXPECT_NEAR(seconds, 60.0, 0.1);
}

TEST_P(RecordingApiTest, ForgedExpiredAndUnsignedUrlsAreRefused) {
  const auto url = signed_url(20);
  EXPECT_EQ(get("/recordings/broadcast/20.mp3").status, 403U);
  auto forged = url;
  forged.back() = forged.back() == 'a' ? 'b' : 'a';
  auto refused = get(forged);
  EXPECT_EQ(refused.status, 403U);
  EXPECT_TRUE(json::parse(refused.payload()).at("error").at("code").as_string().starts_with("url_"));
  // Signed for 20, asked for 10.
  auto other = url;
  other.replace(other.find("/20.mp3"), 7, "/10.mp3");
  EXPECT_EQ(get(other).status, 403U);
  now_ += 6 * 3600 + 1;
  EXPECT_EQ(get(url).status, 403U);
}

TEST_P(RecordingApiTest, NoRecordingUnknownAndUnfinishedBroadcastsAreNotFound) {
  // 21 has not ended; 999 does not exist (a broadcast with no hour on disk: see the test above).
  auto running = get("/api/play/broadcast/21");
  EXPECT_EQ(running.status, 404U);
  EXPECT_EQ(json::parse(running.payload()).at("error").at("code"), "not_recorded");
  EXPECT_EQ(get("/api/play/broadcast/999").status, 404U);
  EXPECT_EQ(get("/api/play/broadcast/abc").status, 400U);
  EXPECT_EQ(get("/recordings/broadcast/abc.mp3").status, 404U);
}

// Issue 36: a broadcast with a broken or missing hour still plays its other hours. Broadcast 10
// runs from an hour before noon to an hour after; the logger recorded 40 s of the second hour (its
// file is cut short), then the first hour's file is deleted.
TEST_P(RecordingApiTest, ABroadcastWithAMissingOrTruncatedHourPlaysItsOtherHours) {
  const auto first_hour = test::file_bytes(hour_file(noon - 1));
  const auto second_hour = test::file_bytes(hour_file(noon));
  ASSERT_NEAR(static_cast<double>(first_hour.size()), 3600.0 * 4000, 2 * 105);
  ASSERT_NEAR(static_cast<double>(second_hour.size()), 40.0 * 4000, 4000);

  auto response = get("/api/play/broadcast/10");
  ASSERT_EQ(response.status, 200U) << "the truncated hour refused the whole broadcast: " << response.payload();
  auto play = json::parse(response.payload());
  // Silence stands in for the missing part, so the recording keeps the broadcast's length and
  // every time offset still maps to its byte offset; the gap is named for the player to skip.
  EXPECT_NEAR(play.at("durationSeconds").to_number<double>(), 7200.0, 0.5);
  const auto& gaps = play.at("gaps").as_array();
  ASSERT_EQ(gaps.size(), 1U) << play;
  EXPECT_NEAR(gaps[0].at("from").to_number<double>(), static_cast<double>(noon + 40), 1.0);
  EXPECT_EQ(gaps[0].at("until"), noon + 3600);

  const std::string url(play.at("streamUrl").as_string());
  auto served = get(url);
  ASSERT_EQ(served.status, 200U);
  const auto bytes = received(served);
  EXPECT_NEAR(static_cast<double>(bytes.size()), 7200.0 * 4000, 2 * 105);
  // The first hour whole, then the second hour's frames, then silence.
  EXPECT_TRUE(bytes.substr(0, first_hour.size()) == first_hour);
  EXPECT_TRUE(bytes.compare(first_hour.size(), 1000, second_hour, 0, 1000) == 0);
  // A range inside the gap is the same bytes as the whole, as a seeking browser asks for it.
  const std::uint64_t inside = first_hour.size() + 1800 * 4000 + 17;
  auto part = get(url, {{"Range", "bytes=" + std::to_string(inside) + "-" + std::to_string(inside + 9999)}});
  ASSERT_EQ(part.status, 206U);
  EXPECT_TRUE(received(part) == bytes.substr(inside, 10000));
  // Every frame decodes, silence included, and the length is the broadcast's.
  const auto file = dir_ / "gap.mp3";
  std::ofstream(file, std::ios::binary) << bytes;
  const auto command = "ffprobe -v error -show_entries format=duration -of csv=p=0 " + file.string() + " > " +
                       (dir_ / "d.txt").string() + " && ffmpeg -v error -xerror -i " + file.string() +
                       " -f null - 2> " + (dir_ / "e.txt").string();
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(test::file_bytes(dir_ / "e.txt"), "");
  double seconds = 0;
  std::ifstream(dir_ / "d.txt") >> seconds;
  EXPECT_NEAR(seconds, 7200.0, 1.0);

  // The first hour's file deleted: its hour is a gap too, and the second hour still plays.
  std::filesystem::remove(hour_file(noon - 1));
  auto without = get("/api/play/broadcast/10");
  ASSERT_EQ(without.status, 200U) << without.payload();
  const auto& both = json::parse(without.payload()).at("gaps").as_array();
  ASSERT_EQ(both.size(), 2U);
  EXPECT_EQ(both[0].at("from"), noon - 3600);
  EXPECT_EQ(both[0].at("until"), noon);
  EXPECT_EQ(both[1].at("until"), noon + 3600);
  const auto rest = received(get(std::string(json::parse(without.payload()).at("streamUrl").as_string())));
  const auto second_at = rest.find(second_hour.substr(0, 1000), first_hour.size() - 300);
  ASSERT_NE(second_at, std::string::npos);
  // Within a frame or two: the logger's padding follows the origin's frames, the silence its own.
  EXPECT_NEAR(static_cast<double>(second_at), static_cast<double>(first_hour.size()), 2 * 105);

  // A broadcast none of whose hours is on disk has no recording.
  std::filesystem::remove(hour_file(noon));
  auto none = get("/api/play/broadcast/10");
  EXPECT_EQ(none.status, 404U);
  EXPECT_EQ(json::parse(none.payload()).at("error").at("code"), "not_recorded");
}

class BroadcastPagesTest : public RecordingApiTest {
 protected:
  pages::PageResult load(std::string_view path, const http::QueryParams& query = {}) {
    pages::PageLoader loader(*db_, pages::SiteSettings{},
                             [this] { return std::chrono::system_clock::time_point{std::chrono::seconds{now_}}; });
    loader.set_recordings([this](const std::string& channel, std::int64_t from,
                                 std::int64_t until) -> std::optional<pages::RecordedRange> {
      auto found = library_->find(channel, from, until);
      if (!found) return std::nullopt;
      return pages::RecordedRange{found->duration_seconds, gap_seconds(*found)};
    });
    return loader.load(path, query);
  }
};

TEST_P(BroadcastPagesTest, ListShowsOnlyEndedRecordedHours) {
  auto list = load("/uitzendingen");
  ASSERT_EQ(list.status, 200U);
  // Broadcast 20 (11:59:30 to 12:00:30 in Amsterdam) is two items, one per clock hour, newest first;
  // of broadcast 10 (11:00 to 13:00) the hour file holds 11 - 12 (silent frames pad it from the hour's
  // start, as the files are time-aligned) but not 12 - 13; 11 has not begun.
  const auto& broadcasts = list.data.at("broadcasts").as_array();
  ASSERT_EQ(broadcasts.size(), 3U);
  EXPECT_EQ(broadcasts[2].at("id"), 10);
  EXPECT_EQ(broadcasts[0].at("id"), 20);
  EXPECT_EQ(broadcasts[1].at("id"), 20);
  EXPECT_EQ(broadcasts[0].at("hour").at("from"), json::value(pages::iso_instant(noon)));
  EXPECT_EQ(broadcasts[0].at("hour").at("until"), json::value(pages::iso_instant(noon + 30)));
  EXPECT_EQ(broadcasts[1].at("hour").at("from"), json::value(pages::iso_instant(noon - 30)));
  EXPECT_EQ(broadcasts[1].at("hour").at("until"), json::value(pages::iso_instant(noon)));
  const auto label = pages::dutch_long_date(pages::amsterdam_date(noon));
  EXPECT_EQ(broadcasts[0].at("hour").at("label").as_string().subview(1), label.substr(1) + " 12 - 13 uur");
  EXPECT_EQ(broadcasts[1].at("hour").at("label").as_string().subview(1), label.substr(1) + " 11 - 12 uur");
  EXPECT_TRUE(std::isupper(static_cast<unsigned char>(broadcasts[0].at("hour").at("label").as_string()[0])));
  const std::string whole =
      "/uitzendingen/de-middagshow/20/" + pages::iso_date(pages::amsterdam_date(noon)) + "-rond-het-uur";
  EXPECT_EQ(broadcasts[0].at("hour").at("url"), json::value(whole + "/12-uur"));
  EXPECT_EQ(broadcasts[1].at("hour").at("url"), json::value(whole + "/11-uur"));
  // The whole broadcast is still the broadcast's own page.
  EXPECT_EQ(load(whole).status, 200U);
  EXPECT_EQ(list.data.at("paging"), (json::object{{"page", 1}, {"pageCount", 1}, {"total", 3}}));
  EXPECT_EQ(load("/uitzendingen", {{"programme", "de-middagshow"}}).data.at("broadcasts").as_array().size(), 3U);
  EXPECT_EQ(load("/uitzendingen", {{"programme", "de-middagshow"}}).canonical_path,
            "/uitzendingen?programme=de-middagshow");
  // Bad values fall back to their defaults.
  EXPECT_EQ(load("/uitzendingen", {{"page", "abc"}}).data.at("paging").at("page"), 1);
  EXPECT_EQ(load("/uitzendingen", {{"page", "99"}}).data.at("paging").at("page"), 1);
  EXPECT_EQ(load("/uitzendingen", {{"programme", "<script>"}}).canonical_path, "/uitzendingen");
}

TEST_P(BroadcastPagesTest, ABroadcastThatEndedAMomentAgoIsHeardOnceItsRecordingSettled) {
  // The logger writes a broadcast's last seconds a moment after they were on air: a recording
  // served at once grew under the browser that played it, which then seeked past the end. Ten
  // seconds after the end it is listed, on its page and in the player, and not a second before.
  const auto ended_at = noon + 30;  // broadcast 20, 'Rond het uur', its hours 11 and 12
  const std::string page =
      "/uitzendingen/de-middagshow/20/" + pages::iso_date(pages::amsterdam_date(noon)) + "-rond-het-uur";
  const auto items = [this] {
    int count = 0;
    for (const auto& item : load("/uitzendingen").data.at("broadcasts").as_array()) count += item.at("id") == 20;
    return count;
  };
  now_ = ended_at + 9;
  EXPECT_EQ(items(), 1) << "only its first hour, which ended half a minute before";
  EXPECT_EQ(load(page).data.at("recording").at("available"), false);
  EXPECT_EQ(load(page + "/12-uur").data.at("recording").at("available"), false);
  EXPECT_EQ(load(page + "/11-uur").data.at("recording").at("available"), true);
  auto early = get("/api/play/broadcast/20");
  EXPECT_EQ(early.status, 404U);
  EXPECT_EQ(json::parse(early.payload()).at("error").at("code"), "not_recorded");
  EXPECT_NE(early.payload().find("net afgelopen"), std::string::npos) << early.payload();

  now_ = ended_at + 10;
  EXPECT_EQ(items(), 2);
  EXPECT_EQ(load(page).data.at("recording").at("available"), true);
  EXPECT_EQ(load(page + "/12-uur").data.at("recording").at("available"), true);
  EXPECT_EQ(get("/api/play/broadcast/20").status, 200U);
}

TEST_P(BroadcastPagesTest, ListPagesTwelveAtATimeNewestFirst) {
  {
    auto lease = db_->lease();
    for (int i = 0; i < 14; ++i) {
      const long long start = noon - 29 + i;  // all within the recorded minute, so all recorded
      *lease << "INSERT INTO broadcasts (id, channel_slug, programme_id, slug, title, starts_at, ends_at) VALUES ("
             << 100 + i << ", 'radio2', NULL, 'kort', 'Kort', " << start << ", " << start + 10 << ")";
    }
  }
  auto first = load("/uitzendingen");
  // 14 short broadcasts of one hour each, the two hours of broadcast 20 and the first of 10.
  EXPECT_EQ(first.data.at("paging"), (json::object{{"page", 1}, {"pageCount", 2}, {"total", 17}}));
  const auto& items = first.data.at("broadcasts").as_array();
  ASSERT_EQ(items.size(), 12U);
  EXPECT_EQ(items[0].at("id"), 113);
  auto second = load("/uitzendingen", {{"page", "2"}});
  EXPECT_EQ(second.data.at("broadcasts").as_array().size(), 5U);
  EXPECT_EQ(second.canonical_path, "/uitzendingen?page=2");
  // The programme filter leaves only the three hours of De Middagshow.
  EXPECT_EQ(load("/uitzendingen", {{"programme", "de-middagshow"}}).data.at("paging").at("total"), 3);
}

TEST_P(BroadcastPagesTest, DetailCarriesTheRecordingAndTrackOffsets) {
  auto detail = load("/uitzendingen/de-middagshow/20/2026-11-21-rond-het-uur");
  ASSERT_EQ(detail.status, 200U);
  const auto& recording = detail.data.at("recording");
  EXPECT_EQ(recording.at("available"), true);
  EXPECT_NEAR(recording.at("durationSeconds").to_number<double>(), 60.0, 0.1);
  const auto& tracks = detail.data.at("tracks").as_array();
  // Plays starting within the broadcast: noon - 10 (20 s in) and noon + 80 is after its end.
  ASSERT_EQ(tracks.size(), 1U);
  EXPECT_EQ(tracks[0].at("offsetSeconds"), 20);
  EXPECT_EQ(tracks[0].at("title"), "Zomeravond");
  EXPECT_EQ(tracks[0].at("artist"), "De Golven");

  EXPECT_EQ(recording.at("gaps"), json::array());
  // Broadcast 10's second hour was recorded for 40 s only: the broadcast plays, and the page names
  // the gap with its place in the recording (the player skips it).
  auto partial = load("/uitzendingen/de-middagshow/10/2026-11-21-de-middagshow-2026-11-21");
  EXPECT_EQ(partial.data.at("recording").at("available"), true);
  EXPECT_NEAR(partial.data.at("recording").at("durationSeconds").to_number<double>(), 7200.0, 0.5);
  const auto& gaps = partial.data.at("recording").at("gaps").as_array();
  ASSERT_EQ(gaps.size(), 1U);
  EXPECT_NEAR(gaps[0].at("offsetSeconds").to_number<double>(), 3640.0, 1.0);
  EXPECT_EQ(gaps[0].at("untilSeconds"), 7200);
  EXPECT_EQ(gaps[0].at("until"), json::value(pages::iso_instant(noon + 3600)));
  // None of its hours on disk: no recording.
  std::filesystem::remove(hour_file(noon - 1));
  std::filesystem::remove(hour_file(noon));
  auto unrecorded = load("/uitzendingen/de-middagshow/10/2026-11-21-de-middagshow-2026-11-21");
  EXPECT_EQ(unrecorded.data.at("recording"),
            (json::object{{"available", false}, {"durationSeconds", nullptr}, {"gaps", json::array()}}));
  EXPECT_EQ(load("/uitzendingen/x/999/2026-11-21-x").status, 404U);
  EXPECT_EQ(load("/uitzendingen/x/abc/2026-11-21-x").status, 404U);
}

TEST_P(BroadcastPagesTest, AnHourHasItsPageRecordingAndTracks) {
  const std::string whole =
      "/uitzendingen/de-middagshow/20/" + pages::iso_date(pages::amsterdam_date(noon)) + "-rond-het-uur";
  auto hour = load(whole + "/11-uur");
  ASSERT_EQ(hour.status, 200U);
  EXPECT_EQ(hour.route, "uitzendinguur");
  EXPECT_EQ(hour.canonical_path, whole + "/11-uur");
  EXPECT_NE(hour.title.find("11 - 12 uur"), std::string::npos) << hour.title;
  EXPECT_EQ(hour.data.at("hour").at("from"), json::value(pages::iso_instant(noon - 30)));
  EXPECT_EQ(hour.data.at("broadcast").at("id"), 20);
  const auto& recording = hour.data.at("recording");
  EXPECT_EQ(recording.at("available"), true);
  EXPECT_NEAR(recording.at("durationSeconds").to_number<double>(), 30.0, 0.1);
  // The play at noon - 10 is 20 s into the hour; the hour after holds no play's start.
  const auto& tracks = hour.data.at("tracks").as_array();
  ASSERT_EQ(tracks.size(), 1U);
  EXPECT_EQ(tracks[0].at("offsetSeconds"), 20);
  EXPECT_EQ(tracks[0].at("title"), "Zomeravond");
  const auto& hours = hour.data.at("hours").as_array();
  ASSERT_EQ(hours.size(), 2U);
  EXPECT_EQ(hours[1].at("url"), json::value(whole + "/12-uur"));
  EXPECT_EQ(hours[1].at("ended"), true);

  auto next = load(whole + "/12-uur");
  ASSERT_EQ(next.status, 200U);
  EXPECT_TRUE(next.data.at("tracks").as_array().empty());
  EXPECT_NEAR(next.data.at("recording").at("durationSeconds").to_number<double>(), 30.0, 0.1);

  // An hour outside the broadcast, or not an hour, is not found.
  EXPECT_EQ(load(whole + "/13-uur").status, 404U);
  EXPECT_EQ(load(whole + "/24-uur").status, 404U);
  EXPECT_EQ(load(whole + "/1-uur").status, 404U);
  EXPECT_EQ(load(whole + "/xx-uur").status, 404U);
  EXPECT_EQ(load("/uitzendingen/x/999/2026-11-21-x/11-uur").status, 404U);
  // Broadcast 10's second hour ended, but only its first 40 s were recorded: they play, and the
  // rest of the hour is a gap (the Gemist list leaves such an hour out; it is not whole).
  auto partial = load("/uitzendingen/de-middagshow/10/2026-11-21-x/12-uur");
  ASSERT_EQ(partial.status, 200U);
  EXPECT_EQ(partial.data.at("recording").at("available"), true);
  ASSERT_EQ(partial.data.at("recording").at("gaps").as_array().size(), 1U);
  EXPECT_NEAR(partial.data.at("recording").at("gaps").at(0).at("offsetSeconds").to_number<double>(), 40.0, 1.0);
  std::filesystem::remove(hour_file(noon));
  auto unrecorded = load("/uitzendingen/de-middagshow/10/2026-11-21-x/12-uur");
  ASSERT_EQ(unrecorded.status, 200U);
  EXPECT_EQ(unrecorded.data.at("recording").at("available"), false);
}

TEST_P(RecordingApiTest, AnHourPlaysItsOwnRangeOfTheRecording) {
  auto response = get("/api/play/broadcast/20/" + std::to_string(noon));
  ASSERT_EQ(response.status, 200U) << response.payload();
  auto play = json::parse(response.payload());
  EXPECT_EQ(play.at("mid"), json::value("broadcast-20-" + std::to_string(noon)));
  EXPECT_NEAR(play.at("durationSeconds").to_number<double>(), 30.0, 0.1);
  const std::string url(play.at("streamUrl").as_string());
  EXPECT_TRUE(url.starts_with("/recordings/broadcast/20/" + std::to_string(noon) + ".mp3?expires=")) << url;

  // The hour's bytes are the start of the hour file after noon, up to 30 s.
  auto found = library_->find("radio2", noon, noon + 30);
  ASSERT_TRUE(found);
  ASSERT_EQ(found->slices.size(), 1U);
  const auto expected = test::file_bytes(hour_file(noon)).substr(0, found->slices[0].length);
  auto served = get(url);
  ASSERT_EQ(served.status, 200U);
  const auto bytes = received(served);
  EXPECT_TRUE(bytes == expected) << bytes.size() << " bytes, expected " << expected.size();
  auto part = get(url, {{"Range", "bytes=1000-1999"}});
  ASSERT_EQ(part.status, 206U);
  EXPECT_TRUE(received(part) == expected.substr(1000, 1000));

  const auto file = dir_ / "hour.mp3";
  std::ofstream(file, std::ios::binary) << bytes;
  const auto command =
      "ffprobe -v error -show_entries format=duration -of csv=p=0 " + file.string() + " > " + (dir_ / "d.txt").string();
  ASSERT_EQ(std::system(command.c_str()), 0);
  double seconds = 0;
  std::ifstream(dir_ / "d.txt") >> seconds;
  EXPECT_NEAR(seconds, 30.0, 0.1);

  // The first hour starts with the broadcast, 30 s before noon; a signature of one hour is not another's.
  EXPECT_EQ(get("/api/play/broadcast/20/" + std::to_string(noon - 30)).status, 200U);
  auto other = url;
  other.replace(other.find(std::to_string(noon) + ".mp3"), std::to_string(noon).size(), std::to_string(noon - 30));
  EXPECT_EQ(get(other).status, 403U);
  auto whole = url;
  whole.replace(whole.find("/20/" + std::to_string(noon) + ".mp3"), 4 + std::to_string(noon).size() + 4, "/20.mp3");
  EXPECT_EQ(get(whole).status, 403U);
}

TEST_P(RecordingApiTest, AnHoursAudioRedirectsToItsSignedRecording) {
  // The plain <audio> element of the server-rendered hour page follows this redirect.
  auto redirect = get("/api/play/broadcast/20/" + std::to_string(noon) + "/audio");
  ASSERT_EQ(redirect.status, 302U) << redirect.payload();
  EXPECT_EQ(redirect.header("Cache-Control"), "no-store");
  const std::string location(redirect.header("Location"));
  EXPECT_TRUE(location.starts_with("/recordings/broadcast/20/" + std::to_string(noon) + ".mp3?expires=")) << location;
  auto served = get(location);
  ASSERT_EQ(served.status, 200U);
  EXPECT_EQ(received(served),
            test::file_bytes(hour_file(noon)).substr(0, library_->find("radio2", noon, noon + 30)->size));
  // What the play API refuses, the redirect refuses alike, as JSON.
  EXPECT_EQ(get("/api/play/broadcast/20/" + std::to_string(noon + 5) + "/audio").status, 404U);
  EXPECT_EQ(get("/api/play/broadcast/21/" + std::to_string(now_ - 10) + "/audio").status, 404U);
  auto bad = get("/api/play/broadcast/20/abc/audio");
  EXPECT_EQ(bad.status, 400U);
  EXPECT_EQ(json::parse(bad.payload()).at("error").at("code"), "bad_parameter");
}

TEST_P(RecordingApiTest, HoursThatAreNoHourOfTheBroadcastOrUnfinishedAreRefused) {
  auto inside = get("/api/play/broadcast/20/" + std::to_string(noon + 5));
  EXPECT_EQ(inside.status, 404U);
  EXPECT_EQ(json::parse(inside.payload()).at("error").at("code"), "not_found");
  auto running = get("/api/play/broadcast/21/" + std::to_string(now_ - 10));
  EXPECT_EQ(running.status, 404U);
  EXPECT_EQ(json::parse(running.payload()).at("error").at("code"), "not_recorded");
  // Broadcast 10's second hour holds 40 s: it plays, with the rest of the hour as a gap.
  EXPECT_EQ(get("/api/play/broadcast/10/" + std::to_string(noon)).status, 200U);
  EXPECT_EQ(get("/api/play/broadcast/999/" + std::to_string(noon)).status, 404U);
  EXPECT_EQ(get("/api/play/broadcast/20/abc").status, 400U);
  EXPECT_EQ(get("/api/play/broadcast/0/" + std::to_string(noon)).status, 400U);
  EXPECT_EQ(get("/recordings/broadcast/20/abc.mp3").status, 404U);
  EXPECT_EQ(get("/recordings/broadcast/x/" + std::to_string(noon) + ".mp3").status, 404U);
  EXPECT_EQ(get("/recordings/broadcast/20/" + std::to_string(noon) + ".mp3").status, 403U);
}

INSTANTIATE_TEST_SUITE_P(Store, RecordingApiTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);
INSTANTIATE_TEST_SUITE_P(Store, BroadcastPagesTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::recording
