// The Icecast source input end to end: the real server, ffmpeg as the source client (its
// icecast:// output, as a station would use it) and a listener on the same channel. The listener's
// audio is decoded by ffmpeg and searched for the studio's 1 kHz tone window by window.

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <numbers>
#include <optional>
#include <thread>
#include <vector>

#include "admin/password.hpp"
#include "ingest/presenter_logins.hpp"
#include "store/database.hpp"
#include "stream/mp3_frames.hpp"
#include "support/file_bytes.hpp"
#include "support/postgres_database.hpp"
#include "support/raw_socket.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {
namespace json = boost::json;
using test::run_command;
using test::ServerProcess;
using Clock = std::chrono::steady_clock;

constexpr int kRate = 44100;  // the demo channels' output: MPEG-1 Layer III, 44.1 kHz, joint stereo, 64 kbit/s
constexpr int kBytesPerSecond = 8000;
const std::string kPassword = "studio-radio2-secret";
const std::string kSharedPassword = "every-channel-secret";

// The share of a window's energy at `frequency` (Goertzel): about 1 for a pure tone, small for music.
double tone_share(const std::vector<float>& samples, std::size_t from, std::size_t count, double frequency) {
  const double coefficient = 2 * std::cos(2 * std::numbers::pi * frequency / kRate);
  double s1 = 0;
  double s2 = 0;
  double energy = 0;
  for (std::size_t i = from; i < from + count; ++i) {
    const double s0 = samples[i] + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
    energy += double{samples[i]} * samples[i];
  }
  const double power = s1 * s1 + s2 * s2 - coefficient * s1 * s2;
  return energy <= 0 ? 0 : power / (energy * static_cast<double>(count) / 2);
}

double rms(const std::vector<float>& samples, std::size_t from, std::size_t count) {
  double energy = 0;
  for (std::size_t i = from; i < from + count; ++i) energy += double{samples[i]} * samples[i];
  return std::sqrt(energy / static_cast<double>(count));
}

// A listener of /live/{channel}.mp3 that keeps every byte with the moment it arrived.
class Listener {
 public:
  // `icy`: asks for ICY metadata (as ffmpeg -icy 1 does); read it with read_icy(raw()).
  Listener(std::uint16_t port, const std::string& target, bool icy = false) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      throw std::runtime_error("cannot connect");
    }
    const std::string request =
        "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (icy ? "Icy-MetaData: 1\r\n" : "") + "\r\n";
    ::send(fd_, request.data(), request.size(), MSG_NOSIGNAL);
    thread_ = std::thread([this] { read_loop(); });
  }
  ~Listener() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    ::close(fd_);
  }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  void stop() {
    stop_ = true;
    thread_.join();
  }
  // The body (after the head) received so far, cut to whole frames.
  [[nodiscard]] std::string audio() const {
    const std::lock_guard lock(mutex_);
    const auto end = bytes_.find("\r\n\r\n");
    const std::string body = end == std::string::npos ? "" : bytes_.substr(end + 4);
    const auto frames = stream::split_mp3_frames(body);
    return frames.empty() ? ""
                          : body.substr(frames.front().offset,
                                        frames.back().offset + frames.back().length - frames.front().offset);
  }
  // The whole response so far, head included.
  [[nodiscard]] std::string raw() const {
    const std::lock_guard lock(mutex_);
    return bytes_;
  }
  [[nodiscard]] std::size_t head_size() const {
    const std::lock_guard lock(mutex_);
    return bytes_.find("\r\n\r\n") + 4;
  }
  // When the byte at `offset` of the whole response arrived.
  [[nodiscard]] Clock::time_point arrival(std::size_t offset) const {
    const std::lock_guard lock(mutex_);
    for (const auto& [end, at] : arrivals_) {
      if (end > offset) return at;
    }
    return arrivals_.empty() ? Clock::now() : arrivals_.back().second;
  }
  [[nodiscard]] bool closed() const { return closed_; }

 private:
  void read_loop() {
    char chunk[8192];
    while (!stop_) {
      pollfd watched{fd_, POLLIN, 0};
      if (::poll(&watched, 1, 100) <= 0) continue;
      const auto n = ::recv(fd_, chunk, sizeof chunk, 0);
      if (n <= 0) {
        closed_ = true;
        return;
      }
      const std::lock_guard lock(mutex_);
      bytes_.append(chunk, static_cast<std::size_t>(n));
      arrivals_.emplace_back(bytes_.size(), Clock::now());
    }
  }

  int fd_ = -1;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> closed_{false};
  mutable std::mutex mutex_;  // bytes_ and arrivals_ are read while the reader appends
  std::string bytes_;
  std::vector<std::pair<std::size_t, Clock::time_point>> arrivals_;
};

std::uint16_t port_of(const ServerProcess& server) {
  const auto url = server.base_url();
  return static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1)));
}

std::string stream_target(const ServerProcess& server, const std::string& channel) {
  auto play = json::parse(server.get("/api/player/" + channel + "/token").body);
  return "/live/" + channel + ".mp3?token=" + std::string(play.at("playerToken").as_string());
}

// Decodes `mp3` to mono samples at the channel's rate; `errors` gets what ffmpeg -v error said.
std::vector<float> decode(const ServerProcess& server, const std::string& mp3, std::string& errors) {
  const auto in = server.dir() / "listener.mp3";
  const auto out = server.dir() / "listener.f32";
  const auto log = server.dir() / "decode-errors.txt";
  std::ofstream(in, std::ios::binary) << mp3;
  const auto command = "ffmpeg -hide_banner -nostdin -v error -y -i " + in.string() + " -f f32le -ac 1 -ar " +
                       std::to_string(kRate) + " " + out.string() + " 2> " + log.string();
  EXPECT_EQ(std::system(command.c_str()), 0);
  errors = test::file_bytes(log);
  const std::string raw = test::file_bytes(out);
  std::vector<float> samples(raw.size() / sizeof(float));
  std::memcpy(samples.data(), raw.data(), samples.size() * sizeof(float));
  return samples;
}

struct ToneRun {
  std::size_t runs = 0;      // separate stretches of tone
  double start_seconds = 0;  // of the (first) stretch, in the decoded audio
  double length_seconds = 0;
  double before_rms = 0;  // of the audio before it (the playout)
  double after_rms = 0;   // and after it
  double before_seconds = 0;
  double after_seconds = 0;
};

// Windows of 0.25 s: tone where most of the energy is at 1 kHz.
ToneRun find_tone(const std::vector<float>& samples) {
  constexpr std::size_t kWindow = kRate / 4;
  ToneRun found;
  std::vector<bool> tone;
  for (std::size_t from = 0; from + kWindow <= samples.size(); from += kWindow) {
    tone.push_back(rms(samples, from, kWindow) > 0.01 && tone_share(samples, from, kWindow, 1000) > 0.8);
  }
  std::size_t first = tone.size();
  std::size_t last = 0;
  for (std::size_t i = 0; i < tone.size(); ++i) {
    if (tone[i] && (i == 0 || !tone[i - 1])) ++found.runs;
    if (tone[i]) {
      first = std::min(first, i);
      last = i;
    }
  }
  if (found.runs == 0) return found;
  found.start_seconds = static_cast<double>(first) / 4;
  found.length_seconds = static_cast<double>(last + 1 - first) / 4;
  const auto tone_start = first * kWindow;
  const auto tone_end = (last + 1) * kWindow;
  if (tone_start > 0) found.before_rms = rms(samples, 0, tone_start);
  if (tone_end < samples.size()) found.after_rms = rms(samples, tone_end, samples.size() - tone_end);
  found.before_seconds = static_cast<double>(tone_start) / kRate;
  found.after_seconds = static_cast<double>(samples.size() - tone_end) / kRate;
  return found;
}

// Sends `seconds` of a 1 kHz tone to `server` with ffmpeg's icecast output; returns its exit code.
int send_tone(const ServerProcess& server, const std::string& channel, const std::string& password,
              const std::string& encoding, double seconds, const std::string& user = "source") {
  const auto url = "icecast://" + user + ":" + password + "@127.0.0.1:" + std::to_string(port_of(server)) + "/live/" +
                   channel + ".mp3";
  const auto command =
      "ffmpeg -hide_banner -nostdin -v error -re -f lavfi -i sine=frequency=1000:duration=" + std::to_string(seconds) +
      " " + encoding + " -ice_name 'Studio Ether' " + url + " > " + (server.dir() / "source.log").string() + " 2>&1";
  return std::system(command.c_str());
}

// A listener of `listen_on` hears the playout, then `seconds` of the tone sent to `source_to` with
// `encoding`, then the playout again, with no decode error and without being dropped.
void expect_tone_between_playout(const ServerProcess& source_to, const ServerProcess& listen_on,
                                 const std::string& channel, const std::string& password, const std::string& encoding,
                                 double seconds, const std::string& user = "source") {
  Listener listener(port_of(listen_on), stream_target(listen_on, channel));
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const auto sent_at = Clock::now();
  // On a failure, ffmpeg's own words and the server's (its log and its transcoder's), since CI keeps
  // only what a test printed.
  EXPECT_EQ(send_tone(source_to, channel, password, encoding, seconds, user), 0)
      << run_command("cat " + (source_to.dir() / "source.log").string()) << "\nserver log:\n"
      << run_command("tail -n 30 " + (source_to.dir() / "server.log").string()) << "\ntranscoder log:\n"
      << run_command("tail -n 30 " + (source_to.dir() / "data" / ("source-" + channel + ".log")).string() + " 2>&1");
  // The playout after the tone: listen on until 2 s of it have come. Transcoded Ogg arrives latest
  // (the client's Ogg pages, then ffmpeg's), and on a loaded machine the tone can reach the
  // listener seconds late; the deadline only guards against hanging.
  std::string errors;
  std::vector<float> samples;
  ToneRun tone;
  const auto deadline = Clock::now() + std::chrono::seconds(20);
  do {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    samples = decode(listen_on, listener.audio(), errors);
    tone = find_tone(samples);
  } while ((tone.runs == 0 || tone.after_seconds < 2.0) && Clock::now() < deadline);
  listener.stop();
  EXPECT_FALSE(listener.closed()) << "the listener stays connected through both switches";
  EXPECT_EQ(errors, "") << "no decode errors at the switches";
  ASSERT_EQ(tone.runs, 1u) << "one stretch of tone";
  EXPECT_GE(tone.length_seconds, seconds - 0.75);
  EXPECT_LE(tone.length_seconds, seconds + 0.5);
  EXPECT_GE(tone.before_seconds, 2.0) << "the playout before the studio";
  EXPECT_GE(tone.after_seconds, 1.5) << "and after it";
  EXPECT_GT(tone.before_rms, 0.01);
  EXPECT_GT(tone.after_rms, 0.01);
  // When the tone's first byte reached the listener (the stream is 64 kbit/s CBR).
  const auto offset = listener.head_size() + static_cast<std::size_t>(tone.start_seconds * kBytesPerSecond);
  const auto heard_after = std::chrono::duration<double>(listener.arrival(offset) - sent_at).count();
  // ffmpeg's own start-up is in this figure; LatencyFromTheFirstBytes measures from the bytes.
  std::printf("[          ] tone heard %.2f s after ffmpeg was started, %.2f s of %.2f s\n", heard_after,
              tone.length_seconds, seconds);
}

// What a listener that asked for ICY metadata received: the audio, and each title the stream
// changed to with the audio offset it follows.
struct IcyReceived {
  std::string audio;
  std::vector<std::pair<std::size_t, std::string>> titles;
};

IcyReceived read_icy(const std::string& raw) {
  IcyReceived out;
  const auto head_end = raw.find("\r\n\r\n");
  const auto metaint_at = raw.find("icy-metaint: ");
  if (head_end == std::string::npos || metaint_at == std::string::npos || metaint_at > head_end) return out;
  const auto metaint = static_cast<std::size_t>(std::stoul(raw.substr(metaint_at + 13)));
  std::size_t at = head_end + 4;
  while (at < raw.size()) {
    const auto audio = std::min(metaint, raw.size() - at);
    out.audio.append(raw, at, audio);
    at += audio;
    if (audio < metaint || at >= raw.size()) break;
    const auto length = static_cast<std::size_t>(static_cast<unsigned char>(raw[at])) * 16;
    if (at + 1 + length > raw.size()) break;
    const std::string block = raw.substr(at + 1, length);
    at += 1 + length;
    constexpr std::string_view key = "StreamTitle='";
    if (const auto from = block.find(key); from != std::string::npos) {
      const auto to = block.find("';", from);
      out.titles.emplace_back(out.audio.size(), block.substr(from + key.size(), to - from - key.size()));
    }
  }
  return out;
}

std::string first_song(const json::value& document) {
  const auto& plays = document.at("data").at("radioTrackPlays").at("data").as_array();
  if (plays.empty()) return "";
  return std::string(plays[0].at("artist").as_string()) + " - " + std::string(plays[0].at("song").as_string());
}

// Polls `server`'s info document of radio2 until `done` holds or `seconds` pass.
template <class Done>
json::value await_info(const ServerProcess& server, Done done, int seconds) {
  const auto deadline = Clock::now() + std::chrono::seconds(seconds);
  auto document = json::parse(server.get("/api/miniplayer/info?channel=radio2").body);
  while (!done(document) && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    document = json::parse(server.get("/api/miniplayer/info?channel=radio2").body);
  }
  return document;
}

// Issue 29: a studio on air names its song with Icecast's metadata call; when it disconnects, the
// song ends with it. `listen_on`'s info document names the playout's song again within 2 s, its
// ICY title from the first metadata block after the studio's audio, and the play log closes the
// studio's play at the disconnect and logs the playout's song from there.
void studio_song_ends_with_the_studio(const ServerProcess& source_to, const ServerProcess& listen_on,
                                      const std::string& database_url, const std::string& password) {
  const std::string studio = "Studio Artiest - Studio Lied";
  Listener listener(port_of(listen_on), stream_target(listen_on, "radio2"), true);
  Clock::time_point left_at;
  long long left_after = 0;  // unix seconds, once ffmpeg has closed the connection and exited
  std::thread source([&] {
    const auto url =
        "icecast://source:" + password + "@127.0.0.1:" + std::to_string(port_of(source_to)) + "/live/radio2.mp3";
    const auto command =
        "ffmpeg -hide_banner -nostdin -v error -re -f lavfi -i sine=frequency=1000:duration=8 -ar 44100 -ac 2 "
        "-c:a libmp3lame -b:a 64k -f mp3 -content_type audio/mpeg -ice_name 'Studio Ether' " +
        url + " > " + (source_to.dir() / "studio.log").string() + " 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0);
    left_at = Clock::now();
    left_after =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  });
  // On air (here or relayed): the stream's title is the source's name.
  const auto on_air_by = Clock::now() + std::chrono::seconds(15);
  const auto named_on_air = [&listener] {
    const auto titles = read_icy(listener.raw()).titles;
    return std::any_of(titles.begin(), titles.end(), [](const auto& title) { return title.second == "Studio Ether"; });
  };
  while (!named_on_air() && Clock::now() < on_air_by) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_TRUE(named_on_air()) << "the studio is on air";
  EXPECT_EQ(source_to
                .get("/admin/metadata?mount=/live/radio2.mp3&mode=updinfo&song=Studio%20Artiest%20-%20Studio%20Lied",
                     "-u source:" + password)
                .status,
            200);
  const auto named = await_info(
      listen_on, [&](const json::value& d) { return first_song(d) == studio; }, 10);
  EXPECT_EQ(first_song(named), studio) << "the studio's song is shown while it is on air";
  source.join();

  const auto shown = await_info(
      listen_on,
      [&](const json::value& d) {
        const auto song = first_song(d);
        return !song.empty() && song != studio;
      },
      10);
  const double shown_after = std::chrono::duration<double>(Clock::now() - left_at).count();
  const auto playout_song = first_song(shown);
  EXPECT_NE(playout_song, studio);
  EXPECT_LE(shown_after, 2.0) << "the playout's song within 2 s of the disconnect: " << json::serialize(shown)
                              << "\nthe source's instance: "
                              << source_to.get("/api/miniplayer/info?channel=radio2").body;
  std::printf("[          ] the playout's song shown %.2f s after the studio left\n", shown_after);

  // The play log: the studio's play ends at the disconnect; the playout's song is logged from there.
  auto db = store::Database::open(database_url, 1);
  auto lease = db->lease();
  long long studio_ends = 0;
  *lease << "SELECT tp.ends_at FROM track_plays tp JOIN songs s ON s.id = tp.song_id WHERE tp.channel_slug = "
            "'radio2' AND s.title = 'Studio Lied' ORDER BY tp.starts_at DESC LIMIT 1",
      soci::into(studio_ends);
  EXPECT_GE(studio_ends, left_after - 2);
  EXPECT_LE(studio_ends, left_after);
  long long resumed = 0;
  *lease << "SELECT COUNT(*) FROM track_plays WHERE channel_slug = 'radio2' AND source = 'playout' AND starts_at = :e",
      soci::into(resumed), soci::use(studio_ends);
  EXPECT_EQ(resumed, 1) << "the song on air when the studio left is logged from then";
  std::vector<std::string> playout_titles;
  {
    std::string artist;
    std::string title;
    const long long soon = studio_ends + 20;
    soci::statement st =
        (lease->prepare << "SELECT s.artist, s.title FROM track_plays tp JOIN songs s ON s.id = tp.song_id WHERE "
                           "tp.channel_slug = 'radio2' AND tp.source = 'playout' AND tp.ends_at > :e AND "
                           "tp.starts_at <= :s ORDER BY tp.starts_at",
         soci::into(artist), soci::into(title), soci::use(studio_ends), soci::use(soon));
    st.execute();
    while (st.fetch()) playout_titles.push_back(artist.append(" - ").append(title));
  }
  EXPECT_NE(std::find(playout_titles.begin(), playout_titles.end(), playout_song), playout_titles.end())
      << playout_song;

  // The stream: the studio's title while it was on air; from the first metadata block after its
  // audio (one block per 2 s of audio), the playout's song.
  std::string errors;
  ToneRun tone;
  IcyReceived got;
  const auto heard_by = Clock::now() + std::chrono::seconds(20);
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    got = read_icy(listener.raw());
    tone = find_tone(decode(listen_on, got.audio, errors));
  } while ((tone.runs == 0 || tone.after_seconds < 4.0) && Clock::now() < heard_by);
  ASSERT_EQ(tone.runs, 1u) << "the studio's tone, once";
  const auto studio_audio_end = static_cast<std::size_t>((tone.start_seconds + tone.length_seconds) * kBytesPerSecond);
  constexpr std::size_t kMetaint = 16000;
  std::string in_effect;
  std::string after_studio;
  bool studio_named = false;
  std::string changes;
  for (const auto& [offset, title] : got.titles) {
    changes += std::to_string(offset) + " " + title + "\n";
    if (title == studio) studio_named = true;
    // Within a quarter second (the tone's windows) of a block boundary past the studio's audio.
    if (offset <= studio_audio_end + kMetaint + kBytesPerSecond / 4) in_effect = title;
    if (offset > studio_audio_end + kMetaint + kBytesPerSecond / 4) after_studio += title + "\n";
  }
  EXPECT_TRUE(studio_named) << changes;
  EXPECT_NE(std::find(playout_titles.begin(), playout_titles.end(), in_effect), playout_titles.end())
      << "title one block after the studio's audio (" << studio_audio_end << "): " << in_effect << "\n"
      << changes;
  EXPECT_EQ(after_studio.find(studio), std::string::npos) << changes;
}

class LiveSourceTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    station = new ServerProcess(
        "live_source", {"ETHER_SOURCE_PASSWORD=" + kSharedPassword, "ETHER_SOURCE_PASSWORDS=radio2=" + kPassword,
                        "ETHER_SOURCE_LIMIT=2", "ETHER_SOURCE_TIMEOUT_SECONDS=2"});
  }
  static void TearDownTestSuite() {
    delete station;
    station = nullptr;
  }
  static std::uint16_t port() { return port_of(*station); }
  static int send_tone(const std::string& channel, const std::string& password, const std::string& encoding,
                       double seconds) {
    return ether::send_tone(*station, channel, password, encoding, seconds);
  }
  static void expect_tone_between_playout(const std::string& channel, const std::string& encoding, double seconds) {
    ether::expect_tone_between_playout(*station, *station, channel, channel == "radio2" ? kPassword : kSharedPassword,
                                       encoding, seconds);
  }

  static ServerProcess* station;
};

ServerProcess* LiveSourceTest::station = nullptr;

TEST_F(LiveSourceTest, FfmpegSourceIsHeardBetweenThePlayoutTranscoded) {
  // ffmpeg's defaults (44.1 kHz, 128 kbit/s) differ from the channel's format: transcoded.
  expect_tone_between_playout("radio2", "-c:a libmp3lame -b:a 128k -f mp3 -content_type audio/mpeg", 4);
  // The recorder writes what goes out: the last minute of the hour file holds the tone too.
  std::this_thread::sleep_for(std::chrono::seconds(2));
  // An hour file per hour: a tone around the top of the hour is split over the last two.
  const auto hours = station->dir() / "data" / "recordings" / "radio2";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(hours)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  const auto& newest = files.back();
  std::string recorded;
  for (auto file = files.size() > 1 ? files.end() - 2 : files.begin(); file != files.end(); ++file) {
    recorded += test::file_bytes(*file);
  }
  const auto tail =
      recorded.substr(recorded.size() > 20 * kBytesPerSecond ? recorded.size() - 20 * kBytesPerSecond : 0);
  const auto frames = stream::split_mp3_frames(tail);
  ASSERT_FALSE(frames.empty());
  std::string errors;
  const auto tone = find_tone(decode(*station, tail.substr(frames.front().offset), errors));
  EXPECT_EQ(tone.runs, 1u) << newest;
  EXPECT_GE(tone.length_seconds, 3.25);
}

// On a server of its own: the fixture's other tests leave their sources' audio and titles in the
// stream's burst.
TEST(LiveSourceTitle, StudioSongEndsWithTheStudio) {
  const ServerProcess station("live_source_title", {"ETHER_SOURCE_PASSWORD=" + kSharedPassword});
  studio_song_ends_with_the_studio(station, station, test::sqlite_url_of(station), kSharedPassword);
}

TEST_F(LiveSourceTest, FfmpegSourceOfTheChannelsFormatPassesThrough) {
  expect_tone_between_playout("radio4", "-ar 44100 -ac 2 -c:a libmp3lame -b:a 64k -f mp3 -content_type audio/mpeg", 3);
  EXPECT_FALSE(std::filesystem::exists(station->dir() / "data" / "source-radio4.log")) << "no transcoder ran";
}

TEST_F(LiveSourceTest, AacSourceIsTranscoded) {
  expect_tone_between_playout("3fm", "-c:a aac -b:a 96k -f adts -content_type audio/aac", 3);
}

TEST_F(LiveSourceTest, OggOpusSourceIsTranscoded) {
  expect_tone_between_playout("radio1", "-c:a libopus -b:a 64k -f ogg -content_type application/ogg", 3);
}

TEST_F(LiveSourceTest, WrongPasswordGets401WithTheIcecastChallenge) {
  const auto mp3 = (station->dir() / "tiny.mp3").string();
  ASSERT_EQ(std::system(("ffmpeg -v error -y -f lavfi -i sine=duration=1 -ar 44100 -ac 2 -b:a 64k " + mp3).c_str()), 0);
  const auto url = station->base_url() + "/live/radio2.mp3";
  auto answer =
      station->get("/live/radio2.mp3", "-X PUT -u source:wrong -H 'Content-Type: audio/mpeg' --data-binary @" + mp3);
  EXPECT_EQ(answer.status, 401);
  EXPECT_NE(answer.headers.find("WWW-Authenticate: Basic realm=\"Icecast2 Server\""), std::string::npos)
      << answer.headers;
  // The shared password is not radio2's: radio2 has its own.
  EXPECT_EQ(station
                ->get("/live/radio2.mp3",
                      "-X PUT -u source:" + kSharedPassword + " -H 'Content-Type: audio/mpeg' --data-binary @" + mp3)
                .status,
            401);
  EXPECT_EQ(station
                ->get("/live/radio2.mp3",
                      "-X PUT -u admin:" + kPassword + " -H 'Content-Type: audio/mpeg' --data-binary @" + mp3)
                .status,
            401);
  EXPECT_EQ(station->get("/live/radio2.mp3", "-X PUT -H 'Content-Type: audio/mpeg' --data-binary @" + mp3).status, 401);
  // ffmpeg with a wrong password does not get on air either.
  EXPECT_NE(send_tone("radio2", "wrong", "-f mp3 -content_type audio/mpeg", 1), 0);
}

TEST_F(LiveSourceTest, BadRequestsGetIcecastsAnswers) {
  const auto login = "-u source:" + kPassword;
  // A PUT without Content-Type: 400; a type we cannot take: 415; an unknown mount: 404.
  EXPECT_EQ(station->get("/live/radio2.mp3", "-X PUT " + login + " -H 'Content-Type:' --data-binary abc").status, 400);
  auto unsupported = station->get("/live/radio2.mp3", "-X PUT " + login + " -H 'Content-Type: video/mp4' -d abc");
  EXPECT_EQ(unsupported.status, 415);
  EXPECT_EQ(json::parse(unsupported.body).at("error").at("code"), "unsupported_media_type");
  EXPECT_EQ(
      station->get("/live/radio9.mp3", "-X PUT -u source:" + kSharedPassword + " -H 'Content-Type: audio/mpeg' -d abc")
          .status,
      404);
  // Listeners' GET is unchanged: still a token required.
  EXPECT_EQ(station->get("/live/radio2.mp3").status, 403);
}

// Source password guessing is throttled per address (and per mount): after 10 failures from one
// address even the right password is refused unchecked, with 429 and Retry-After, on the mount and
// on Icecast's metadata call; another address still gets in; every failure is logged with its address.
TEST(SourceLoginThrottle, ManyWrongPasswordsFromOneAddressAreThrottled) {
  const ServerProcess station("source_throttle", {"ETHER_SOURCE_PASSWORDS=radio2=" + kPassword});
  const std::string put = "-X PUT -H 'Content-Type: audio/mpeg' -d abc ";
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(station.get("/live/radio2.mp3", put + "-u source:guess" + std::to_string(i)).status, 401) << i;
  }
  const auto throttled = station.get("/live/radio2.mp3", put + "-u source:" + kPassword);
  EXPECT_EQ(throttled.status, 429) << throttled.body;
  EXPECT_NE(throttled.headers.find("Retry-After: "), std::string::npos) << throttled.headers;
  EXPECT_EQ(json::parse(throttled.body).at("error").at("code"), "too_many_attempts");
  const std::string metadata = "/admin/metadata?mount=/live/radio2.mp3&mode=updinfo&song=Artiest%20-%20Titel";
  auto answer = station.get(metadata, "-u source:" + kPassword);
  EXPECT_EQ(answer.status, 429) << answer.body;
  EXPECT_NE(answer.headers.find("Retry-After: "), std::string::npos) << answer.headers;
  // Another address (the loopback net is all ours) is not throttled by this one's failures.
  answer = station.get(metadata, "--interface 127.0.0.2 -u source:" + kPassword);
  EXPECT_EQ(answer.status, 200) << answer.body;
  const auto log = run_command("cat '" + (station.dir() / "server.log").string() + "'");
  EXPECT_NE(log.find("failed source login for radio2 from 127.0.0.1"), std::string::npos) << log;
}

// A guess spread over many addresses never keeps the studio off the air (issue 47): ten wrong
// passwords from each of five addresses lock those addresses and put the mount's shared count at
// its limit; while it is there, a new address gets one wrong try before it is locked, and the right
// password still gets in from any address that has not guessed.
TEST(SourceLoginThrottle, GuessesFromManyAddressesNeverLockOutTheRightPassword) {
  const ServerProcess station("source_spread_guess", {"ETHER_SOURCE_PASSWORDS=radio2=" + kPassword});
  const std::string metadata = "/admin/metadata?mount=/live/radio2.mp3&mode=updinfo&song=Artiest%20-%20Titel";
  for (int a = 2; a <= 6; ++a) {
    const std::string from = "--interface 127.0.0." + std::to_string(a) + " ";
    for (int i = 0; i < 10; ++i) {
      // The 50th wrong password on the mount reaches the shared limit: from then on a wrong one is
      // answered as a slow-down (429), and locks its address.
      const int expected = a == 6 && i == 9 ? 429 : 401;
      std::string guess = from;
      guess.append("-u source:guess").append(std::to_string(i));
      EXPECT_EQ(station.get(metadata, guess).status, expected) << a << " " << i;
    }
    std::string right = from;
    right.append("-u source:").append(kPassword);
    EXPECT_EQ(station.get(metadata, right).status, 429) << a;
  }
  const auto slowed = station.get(metadata, "--interface 127.0.0.8 -u source:guess");
  EXPECT_EQ(slowed.status, 429) << slowed.body;
  EXPECT_NE(slowed.headers.find("Retry-After: "), std::string::npos) << slowed.headers;
  EXPECT_EQ(station.get(metadata, "--interface 127.0.0.8 -u source:" + kPassword).status, 429);
  EXPECT_EQ(station.get(metadata, "--interface 127.0.0.9 -u source:" + kPassword).status, 200);
  EXPECT_EQ(station.get(metadata, "--interface 127.0.0.1 -u source:" + kPassword).status, 200);
}

// A source password shorter than 16 characters stops the server at start, with one line.
TEST(SourceLoginThrottle, ShortSourcePasswordStopsTheServerWithOneLine) {
  const auto dir = std::filesystem::temp_directory_path() / ("ether-short-source-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto output = run_command("env ETHER_DATA_DIR='" + dir.string() +
                                  "' PORT=0 ETHER_BIND=127.0.0.1 ETHER_SOURCE_PASSWORD=hackme " + ETHER_SERVER_BINARY +
                                  " 2>&1; echo \"exit=$?\"");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(output,
            "ether-server: ETHER_SOURCE_PASSWORD: a source password must be at least 16 characters (openssl rand "
            "-hex 16 makes one)\nexit=2\n");
}

// A source connected by hand: the head, then MP3 frames of the channel's format as asked.
class RawSource {
 public:
  RawSource(std::uint16_t port, const std::string& channel, const std::string& password, const std::string& method,
            bool expect_continue)
      : socket_(port) {
    const auto credentials = "source:" + password;
    const auto encoded = run_command("printf '%s' '" + credentials + "' | base64 -w0");
    std::string head = method + " /live/" + channel + ".mp3 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic " +
                       encoded + "\r\nContent-Type: audio/mpeg\r\nice-name: Handmatig\r\nice-public: 0\r\n";
    if (expect_continue) head += "Expect: 100-continue\r\n";
    socket_.send(head + "\r\n");
  }
  test::RawOutcome answer() { return socket_.read_head(std::chrono::seconds(10)); }
  bool send(const std::string& bytes) { return socket_.send(bytes); }
  bool closed_within(std::chrono::milliseconds deadline) { return socket_.wait_closed(deadline); }

 private:
  test::RawSocket socket_;
};

TEST_F(LiveSourceTest, SecondSourceGets409AndTheLimitGives503) {
  const auto station_port = port();
  const auto mp3 = (station->dir() / "second.mp3").string();
  ASSERT_EQ(std::system(("ffmpeg -v error -y -f lavfi -i sine=duration=1 -ar 44100 -ac 2 -b:a 64k " + mp3).c_str()), 0);
  const std::string bytes = test::file_bytes(mp3);

  RawSource first(station_port, "radio2", kPassword, "PUT", true);
  auto answer = first.answer();
  ASSERT_EQ(answer.kind, test::RawOutcome::Kind::answered);
  EXPECT_EQ(answer.status, 100u) << "Expect: 100-continue is answered first";
  answer = first.answer();
  ASSERT_EQ(answer.kind, test::RawOutcome::Kind::answered);
  EXPECT_EQ(answer.status, 200u) << answer.head;
  ASSERT_TRUE(first.send(bytes));

  RawSource second(station_port, "radio2", kPassword, "SOURCE", false);
  EXPECT_EQ(second.answer().status, 409u);

  // The legacy SOURCE method, on another channel: the second source of the limit of two.
  RawSource other(station_port, "soulenjazz", kSharedPassword, "SOURCE", false);
  EXPECT_EQ(other.answer().status, 200u);
  RawSource third(station_port, "kx", kSharedPassword, "PUT", false);
  EXPECT_EQ(third.answer().status, 503u);
}

// Listeners hear the studio within 2 s of its first bytes: a source paced by hand (so that no
// client start-up is counted) sends 3 s of tone in the channel's format, passed through; the
// listener notes when the tone arrives. (A transcoded source adds its ffmpeg child's start-up,
// which a loaded machine stretches without bound: bench/source-cpu and the report give figures.)
TEST_F(LiveSourceTest, ListenersHearTheStudioWithinTwoSecondsOfItsFirstBytes) {
  for (const auto& [channel, encoding] : {std::pair<std::string, std::string>{"radio4", "-ar 44100 -ac 2 -b:a 64k"}}) {
    const auto mp3 = (station->dir() / ("paced-" + channel + ".mp3")).string();
    std::string command = "ffmpeg -v error -y -f lavfi -i sine=frequency=1000:duration=3 -c:a libmp3lame ";
    command += encoding;
    command += " ";
    command += mp3;
    ASSERT_EQ(std::system(command.c_str()), 0);
    const std::string bytes = test::file_bytes(mp3);
    Listener listener(port(), stream_target(*station, channel));
    std::this_thread::sleep_for(std::chrono::seconds(2));
    RawSource source(port(), channel, kSharedPassword, "PUT", false);
    ASSERT_EQ(source.answer().status, 200u);
    const auto first_bytes = Clock::now();
    const auto per_slice = bytes.size() / 30;  // 3 s in slices of 100 ms
    for (std::size_t sent = 0; sent < bytes.size(); sent += per_slice) {
      ASSERT_TRUE(source.send(bytes.substr(sent, per_slice)));
      std::this_thread::sleep_until(first_bytes + std::chrono::milliseconds(100 * (sent / per_slice + 1)));
    }
    std::this_thread::sleep_for(std::chrono::seconds(3));
    listener.stop();
    std::string errors;
    const auto tone = find_tone(decode(*station, listener.audio(), errors));
    ASSERT_EQ(tone.runs, 1u) << channel;
    const auto offset = listener.head_size() + static_cast<std::size_t>(tone.start_seconds * kBytesPerSecond);
    const auto heard_after = std::chrono::duration<double>(listener.arrival(offset) - first_bytes).count();
    std::printf("[          ] %s: tone heard %.2f s after its first bytes\n", channel.c_str(), heard_after);
    EXPECT_LT(heard_after, 2.0) << channel;
  }
}

TEST_F(LiveSourceTest, StalledSourceIsDroppedAfterTheTimeout) {
  const auto station_port = port();
  const auto mp3 = (station->dir() / "stall.mp3").string();
  ASSERT_EQ(std::system(("ffmpeg -v error -y -f lavfi -i sine=duration=1 -ar 44100 -ac 2 -b:a 64k " + mp3).c_str()), 0);
  const std::string bytes = test::file_bytes(mp3);
  // The previous test's sources may still be timing out: wait for the mount to be free.
  std::optional<RawSource> source;
  for (int attempt = 0; attempt < 50; ++attempt) {
    source.emplace(station_port, "radio5", kSharedPassword, "PUT", false);
    if (source->answer().status == 200u) break;
    source.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_TRUE(source);
  ASSERT_TRUE(source->send(bytes));
  // Then nothing: the server drops it after ETHER_SOURCE_TIMEOUT_SECONDS=2 (well before 8 s).
  const auto silent_since = Clock::now();
  EXPECT_TRUE(source->closed_within(std::chrono::seconds(8)));
  EXPECT_GE(Clock::now() - silent_since, std::chrono::milliseconds(1500));
  // And the mount is free again.
  RawSource next(station_port, "radio5", kSharedPassword, "PUT", false);
  EXPECT_EQ(next.answer().status, 200u);
}

// ---- presenters' own source logins ----

const std::string kPresenterPassword = "eigen-studio-wachtwoord";
// Channels with a live mount (the demo station's own).
constexpr const char* kMountChannels = "('radio1', 'radio2', '3fm', 'radio4', 'radio5', 'kx', 'soulenjazz')";

struct SchedulePresenters {
  long long on_air = 0;  // a presenter whose programme is on air now, for a minute more at least
  std::string on_air_channel;
  std::string other_channel;  // a channel of none of their programmes
  long long off_air = 0;      // a presenter with no broadcast on air from now until a minute ahead
  std::string off_air_channel;
};

// From the station's materialised schedule, or nullopt when no programme has a minute left (at
// the top of the hour every programme ends at once).
std::optional<SchedulePresenters> schedule_presenters(store::Database& db) {
  const long long now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  const long long until = now + 60;
  SchedulePresenters found;
  auto lease = db.lease();
  *lease << "SELECT pp.presenter_id, b.channel_slug FROM broadcasts b "
            "JOIN programme_presenters pp ON pp.programme_id = b.programme_id "
            "JOIN programmes pr ON pr.id = b.programme_id "
            "WHERE b.starts_at <= :n AND b.ends_at > :u AND pr.channel_slug = b.channel_slug AND b.channel_slug IN " +
                std::string(kMountChannels) + " ORDER BY b.channel_slug, pp.presenter_id LIMIT 1",
      soci::use(now), soci::use(until), soci::into(found.on_air), soci::into(found.on_air_channel);
  if (!lease->got_data()) return std::nullopt;
  *lease << "SELECT slug FROM channels WHERE slug IN " + std::string(kMountChannels) +
                " AND slug NOT IN (SELECT pr.channel_slug FROM programmes pr JOIN programme_presenters pp "
                "ON pp.programme_id = pr.id WHERE pp.presenter_id = :p) ORDER BY slug LIMIT 1",
      soci::use(found.on_air), soci::into(found.other_channel);
  if (!lease->got_data()) return std::nullopt;
  *lease << "SELECT pp.presenter_id, pr.channel_slug FROM programme_presenters pp "
            "JOIN programmes pr ON pr.id = pp.programme_id WHERE pr.channel_slug IN " +
                std::string(kMountChannels) +
                " AND NOT EXISTS (SELECT 1 FROM broadcasts b JOIN programme_presenters q "
                "ON q.programme_id = b.programme_id WHERE q.presenter_id = pp.presenter_id AND b.starts_at < :u "
                "AND b.ends_at > :n) ORDER BY pr.channel_slug, pp.presenter_id LIMIT 1",
      soci::use(until), soci::use(now), soci::into(found.off_air), soci::into(found.off_air_channel);
  if (!lease->got_data()) return std::nullopt;
  return found;
}

// What a beheerder sets in the admin (ingest/source_login_api.hpp), written to the station's store.
void set_presenter_login(store::Database& db, long long presenter, const std::string& username, bool only_in_slots) {
  auto lease = db.lease();
  ingest::PresenterLoginRepository(*lease).save(
      presenter, username, admin::hash_password(kPresenterPassword, admin::kMinimumCost), only_in_slots, 0);
}

TEST_F(LiveSourceTest, PresentersGoOnAirWithTheirOwnLoginOnTheirProgrammesChannelsAndInTheirSlots) {
  auto db = store::Database::open("sqlite:" + (station->dir() / "data" / "ether.db").string(), 1);
  std::optional<SchedulePresenters> found;
  for (int attempt = 0; attempt < 30 && !found; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::seconds(5));
    found = schedule_presenters(*db);
  }
  ASSERT_TRUE(found) << "the demo schedule has a programme on air and presenters off air";
  set_presenter_login(*db, found->on_air, "presentator.a", false);
  set_presenter_login(*db, found->off_air, "presentator-b", true);

  // Accepted on the channel of their programme: the studio is heard between the playout.
  ether::expect_tone_between_playout(*station, *station, found->on_air_channel, kPresenterPassword,
                                     "-c:a libmp3lame -b:a 128k -f mp3 -content_type audio/mpeg", 3, "presentator.a");

  const auto mp3 = (station->dir() / "presenter.mp3").string();
  ASSERT_EQ(std::system(("ffmpeg -v error -y -f lavfi -i sine=duration=1 -ar 22050 -ac 1 -b:a 32k " + mp3).c_str()), 0);
  // A source of a second of audio; one sent just before on the mount may still be ending (409).
  auto put = [&](const std::string& channel, const std::string& user, const std::string& password) {
    std::string options = "-X PUT -u ";
    options += user;
    options += ":";
    options += password;
    options += " -H 'Content-Type: audio/mpeg' --data-binary @";
    options += mp3;
    test::ServerProcess::Answer answer;
    for (int attempt = 0; attempt < 20; ++attempt) {
      answer = station->get("/live/" + channel + ".mp3", options);
      if (answer.status != 409) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    return answer;
  };
  // Refused on a channel of none of their programmes, with Icecast's challenge.
  auto elsewhere = put(found->other_channel, "presentator.a", kPresenterPassword);
  EXPECT_EQ(elsewhere.status, 401) << found->other_channel;
  EXPECT_NE(elsewhere.headers.find("WWW-Authenticate: Basic realm=\"Icecast2 Server\""), std::string::npos);
  EXPECT_NE(ether::send_tone(*station, found->other_channel, kPresenterPassword, "-f mp3 -content_type audio/mpeg", 1,
                             "presentator.a"),
            0);
  // A wrong password, an unknown presenter, and the channel password under a presenter's name.
  EXPECT_EQ(put(found->on_air_channel, "presentator.a", "verkeerd-wachtwoord").status, 401);
  EXPECT_EQ(put(found->on_air_channel, "presentator.z", kPresenterPassword).status, 401);
  EXPECT_EQ(put(found->on_air_channel, "presentator.a", kSharedPassword).status, 401);
  EXPECT_NE(ether::send_tone(*station, found->on_air_channel, "verkeerd-wachtwoord", "-f mp3 -content_type audio/mpeg",
                             1, "presentator.a"),
            0);

  // Icecast's metadata call takes the same login, on the same channels.
  const std::string song = "&mode=updinfo&song=Studio%20Ether%20-%20Eigen%20login";
  EXPECT_EQ(station
                ->get("/admin/metadata?mount=/live/" + found->on_air_channel + ".mp3" + song,
                      "-u presentator.a:" + kPresenterPassword)
                .status,
            200);
  EXPECT_EQ(station
                ->get("/admin/metadata?mount=/live/" + found->other_channel + ".mp3" + song,
                      "-u presentator.a:" + kPresenterPassword)
                .status,
            401);

  // Only in their slots: refused while none of their programmes is on air, accepted without the flag.
  EXPECT_EQ(put(found->off_air_channel, "presentator-b", kPresenterPassword).status, 401) << found->off_air_channel;
  set_presenter_login(*db, found->off_air, "presentator-b", false);
  EXPECT_EQ(put(found->off_air_channel, "presentator-b", kPresenterPassword).status, 200) << found->off_air_channel;
  // And with the flag, accepted during their programme's broadcast.
  set_presenter_login(*db, found->on_air, "presentator.a", true);
  EXPECT_EQ(put(found->on_air_channel, "presentator.a", kPresenterPassword).status, 200);
}

// Two instances on one PostgreSQL database: a source on A is heard by B's listeners (B relays the
// channel from A, found through the store), and B refuses a second source for the mount.
// The environment of instance `name` ("a", "b") of a test `label` on `database`.
std::vector<std::string> instance_env(const test::FreshPostgresDatabase& database, const std::string& label,
                                      const std::string& name) {
  return std::vector<std::string>{
      "DATABASE_URL=" + database.url(), "ETHER_SOURCE_PASSWORD=" + kSharedPassword, "ETHER_LOG_LEVEL=info",
      // In the instance's own directory, which goes with it.
      "ETHER_RECORDINGS_DIR=" + (std::filesystem::path(ETHER_TEST_TMP) /
                                 (label + "-" + name + "-" + std::to_string(::getpid())) / "recordings")
                                    .string()};
}

void source_on_one_instance_is_heard_on_another() {
  test::FreshPostgresDatabase database("live_source");
  ServerProcess a("live_source-a", instance_env(database, "live_source", "a"));
  ServerProcess b("live_source-b", instance_env(database, "live_source", "b"));
  // A listener of B with ICY metadata: 64 KiB of burst (16 s) at once, then 16 s live.
  std::string icy_log;
  std::thread icy_listener([&] {
    icy_log = run_command("ffmpeg -hide_banner -nostdin -loglevel debug -icy 1 -i '" + b.base_url() +
                          stream_target(b, "radio2") + "' -t 32 -f null - 2>&1");
  });
  std::thread check_mount([&] {
    // While A's source is on air (and B relays it), B answers a second source with 409.
    std::this_thread::sleep_for(std::chrono::seconds(6));
    auto answer = b.get("/live/radio2.mp3",
                        "-X PUT -u source:" + kSharedPassword + " -H 'Content-Type: audio/mpeg' --data-binary abc");
    EXPECT_EQ(answer.status, 409) << answer.body;
    // The studio's encoder tells A what plays; B's listeners read it too. (Until then the title
    // is the source's name, for longer than the 4 s between two ICY metadata blocks.)
    std::this_thread::sleep_for(std::chrono::seconds(3));
    EXPECT_EQ(a.get("/admin/metadata?mount=/live/radio2.mp3&mode=updinfo&song=Doe%20Maar%20-%20Smoorverliefd",
                    "-u source:" + kSharedPassword)
                  .status,
              200);
  });
  // 12 s of tone: the encoder's title comes 9 s after the listener starts, and must still be on
  // air when B's relay has read it from the store (A writes it at its next heartbeat, B reads it at
  // its next tick); with 8 s the source left about 2 s after the title, too soon on a loaded machine.
  expect_tone_between_playout(a, b, "radio2", kSharedPassword,
                              "-c:a libmp3lame -b:a 128k -f mp3 -content_type audio/mpeg", 12);
  check_mount.join();
  icy_listener.join();
  // The source's name until the encoder's first title, then that title: as A's own listeners hear.
  const auto tail = icy_log.substr(icy_log.size() > 4000 ? icy_log.size() - 4000 : 0);
  EXPECT_NE(icy_log.find("StreamTitle: Studio Ether"), std::string::npos) << tail;
  EXPECT_NE(icy_log.find("StreamTitle: Doe Maar - Smoorverliefd"), std::string::npos) << tail;
  const std::string text = test::file_bytes(b.dir() / "server.log");
  EXPECT_NE(text.find("relaying radio2 from " + a.base_url()), std::string::npos) << text;
}

// Issue 29 on an instance that relays the studio from another: B's info document and ICY title.
void studio_song_ends_with_the_studio_on_a_relaying_instance() {
  test::FreshPostgresDatabase database("live_source_title");
  ServerProcess a("live_source_title-a", instance_env(database, "live_source_title", "a"));
  ServerProcess b("live_source_title-b", instance_env(database, "live_source_title", "b"));
  studio_song_ends_with_the_studio(a, b, database.url(), kSharedPassword);
}

const bool registered = test::register_postgres_tests(
    "LiveSourceInstances", __FILE__,
    {{"SourceOnOneInstanceIsHeardOnAnother", source_on_one_instance_is_heard_on_another},
     {"StudioSongEndsWithTheStudioOnARelayingInstance", studio_song_ends_with_the_studio_on_a_relaying_instance}});

}  // namespace
}  // namespace ether
