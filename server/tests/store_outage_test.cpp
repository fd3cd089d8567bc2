// Fault tests: the server lives through its PostgreSQL going away. Each test starts a PostgreSQL
// of its own (which it stops and starts again) and a real ether-server on it, on free ports, so
// they may run beside each other and beside the other PostgreSQL tests.
//
// Like store_postgresql_test, they exist only when ETHER_TEST_DATABASE_URL is set (PostgreSQL is
// installed for the tests); with ETHER_REQUIRE_POSTGRES=1 and no URL, one failing test says so.

#include <gtest/gtest.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/database.hpp"
#include "stream/icy_metadata.hpp"
#include "support/icy_listener.hpp"
#include "support/postgres_database.hpp"
#include "support/private_postgres.hpp"
#include "support/raw_socket.hpp"
#include "support/server_process.hpp"

namespace ether {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;
using test::eventually;
using test::IcyListener;
using test::port_of;
using test::PrivatePostgres;
using test::ServerProcess;
using test::stream_path;
using Steady = std::chrono::steady_clock;

long long unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// After a restart of PostgreSQL (every connection of the pool is closed), the first page load
// succeeds and /readyz is ready again by itself; during a longer stop, /readyz answers 503 at
// once (from memory) and pages fail fast instead of hanging.
void restart_recovers() {
  PrivatePostgres postgres("restart");
  ServerProcess server("store_restart", {"DATABASE_URL=" + postgres.url()});
  ASSERT_EQ(server.get("/api/page?path=/").status, 200);

  // A restart between two health checks: the pooled sessions are stale, the monitor may not
  // have noticed. The first page after it still loads.
  postgres.stop();
  postgres.resume();
  ASSERT_TRUE(eventually([&] { return server.get("/readyz").status == 200; }, std::chrono::seconds(10)));
  EXPECT_EQ(server.get("/api/page?path=/").status, 200) << "the first page after a restart";

  // A stop of some seconds: readiness follows, without waiting on the store.
  postgres.stop();
  EXPECT_TRUE(eventually([&] { return server.get("/readyz").status == 503; }, std::chrono::seconds(5)));
  const auto started = Steady::now();
  const auto readyz = server.get("/readyz");
  EXPECT_EQ(readyz.status, 503);
  EXPECT_LT(Steady::now() - started, std::chrono::seconds(2)) << "readiness must not wait for the store";
  // Each target is new: a page's JSON asked before may still be answered from memory for some
  // seconds (http::ResponseCache serves it while a rebuild fails), one never asked must be built.
  for (int i = 0; i < 3; ++i) {
    EXPECT_GE(server.get("/api/page?path=/&outage=" + std::to_string(i)).status, 500) << "the store is down";
  }
  postgres.resume();
  EXPECT_TRUE(eventually([&] { return server.get("/readyz").status == 200; }, std::chrono::seconds(10)))
      << "readiness comes back by itself";
  EXPECT_EQ(server.get("/api/page?path=/").status, 200) << "the first page after the store came back";
}

struct Play {
  long long starts_at = 0;
  long long ends_at = 0;
  std::string title;  // as the stream names it: "Artist - Title"
};

std::vector<Play> plays_between(store::Database& db, const std::string& channel, long long from, long long until) {
  std::vector<Play> plays;
  Play play;
  std::string artist;
  std::string title;
  auto session = db.lease();
  soci::statement st =
      (session->prepare << "SELECT t.starts_at, t.ends_at, s.artist, s.title FROM track_plays t JOIN songs s ON s.id "
                           "= t.song_id WHERE t.channel_slug = :c AND t.ends_at > :f AND t.starts_at <= :u ORDER BY "
                           "t.starts_at",
       soci::use(channel), soci::use(from), soci::use(until), soci::into(play.starts_at), soci::into(play.ends_at),
       soci::into(artist), soci::into(title));
  st.execute();
  while (st.fetch()) {
    // The title as the stream sends it (quotes replaced), read back from its metadata block.
    std::string stream_title = artist;
    stream_title.append(" - ").append(title);
    const auto block = stream::icy_metadata_block(stream_title);
    const auto start = block.find("StreamTitle='") + 13;
    play.title = block.substr(start, block.find("';", start) - start);
    plays.push_back(play);
  }
  return plays;
}

// An outage of about 20 s: a listener keeps hearing the channel across a song boundary, a new
// listener with a valid token gets audio, and once the store is back the plays of the outage are
// recorded once each, back to back, and are the songs the listener heard.
void outage_keeps_audio_and_plays() {
  PrivatePostgres postgres("outage");
  ServerProcess server("store_outage", {"DATABASE_URL=" + postgres.url()});
  auto db = store::Database::open(postgres.url(), 1);

  // The channel of our own whose current song ends first: the outage will span its boundary.
  std::string channel;
  long long boundary = 0;
  {
    const long long now = unix_now();
    std::string slug;
    long long ends_at = 0;
    auto session = db->lease();
    soci::statement st = (session->prepare << "SELECT t.channel_slug, t.ends_at FROM track_plays t JOIN channels c ON "
                                              "c.slug = t.channel_slug WHERE c.stream_url IS NULL AND t.starts_at <= "
                                              ":n AND t.ends_at > :n2 AND t.ends_at >= :soon ORDER BY t.ends_at",
                          soci::use(now), soci::use(now), soci::use(now + 4), soci::into(slug), soci::into(ends_at));
    st.execute();
    if (st.fetch()) {
      channel = slug;
      boundary = ends_at;
    }
  }
  ASSERT_FALSE(channel.empty()) << "no channel of our own is playing";
  const auto path = stream_path(server, channel);
  ASSERT_FALSE(path.empty());
  IcyListener listener(port_of(server), path);
  ASSERT_EQ(listener.status(), 200);
  ASSERT_TRUE(eventually([&] { return listener.audio_bytes() > 32'000; }, std::chrono::seconds(5)));

  postgres.stop();
  const auto stopped = Steady::now();
  const long long stopped_at = unix_now();
  EXPECT_TRUE(eventually([&] { return server.get("/readyz").status == 503; }, std::chrono::seconds(5)));

  // A listener arriving during the outage: the channel and its token come from memory.
  EXPECT_EQ(server.get("/api/player/" + channel).status, 200);
  const auto new_path = stream_path(server, channel);
  ASSERT_FALSE(new_path.empty()) << "a stream start during the outage";
  {
    IcyListener newcomer(port_of(server), new_path);
    EXPECT_EQ(newcomer.status(), 200);
    EXPECT_TRUE(eventually([&] { return newcomer.audio_bytes() > 32'000; }, std::chrono::seconds(5)));
  }

  // At least 20 s, and past the boundary with a margin.
  const long long outage_until = std::max(stopped_at + 20, boundary + 4);
  while (unix_now() < outage_until) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto resumed = Steady::now();
  const long long resumed_at = unix_now();
  EXPECT_LT(listener.longest_silence(stopped, resumed), std::chrono::seconds(2))
      << "the live stream went silent during the outage";
  postgres.resume();
  EXPECT_TRUE(eventually([&] { return server.get("/readyz").status == 200; }, std::chrono::seconds(10)));

  // The playout writes the plays of the outage on its next tick.
  std::vector<Play> plays;
  EXPECT_TRUE(eventually(
      [&] {
        try {
          plays = plays_between(*db, channel, stopped_at, resumed_at);
        } catch (const std::exception&) {
          return false;  // this test's own pool may take a moment longer to see the store back
        }
        return !plays.empty() && plays.back().ends_at > resumed_at;
      },
      std::chrono::seconds(10)));
  ASSERT_FALSE(plays.empty());
  // A title reaches the listener with the next metadata block, some seconds after its song began.
  EXPECT_TRUE(eventually(
      [&] {
        const auto titles = listener.titles();
        return !titles.empty() && titles.back() == plays.back().title;
      },
      std::chrono::seconds(15)));
  listener.stop();

  ASSERT_GE(plays.size(), 2U) << "the outage spans a song boundary";
  for (std::size_t i = 1; i < plays.size(); ++i) {
    EXPECT_EQ(plays[i].starts_at, plays[i - 1].ends_at) << "plays back to back, none twice, none missing";
  }
  // What the listener heard over the outage is what was recorded, in the same order.
  const auto heard = listener.titles();
  std::vector<std::string> recorded;
  recorded.reserve(plays.size());
  for (const auto& play : plays) recorded.push_back(play.title);
  const auto first = std::find(heard.begin(), heard.end(), recorded.front());
  ASSERT_NE(first, heard.end()) << "the listener never heard " << recorded.front();
  ASSERT_GE(static_cast<std::size_t>(heard.end() - first), recorded.size());
  EXPECT_EQ(std::vector<std::string>(first, first + static_cast<std::ptrdiff_t>(recorded.size())), recorded);

  // No channel got a play twice or overlapping ones over the outage.
  long long overlaps = -1;
  {
    auto session = db->lease();
    *session << "SELECT COUNT(*) FROM track_plays a JOIN track_plays b ON a.channel_slug = b.channel_slug AND a.id <> "
                "b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at WHERE a.ends_at > :f",
        soci::use(stopped_at - 600), soci::into(overlaps);
  }
  EXPECT_EQ(overlaps, 0);
}

struct Asked {
  unsigned status = 0;  // 0: no answer within the deadline
  double ms = 0;
  std::string head;
};

Asked ask(std::uint16_t port, const std::string& target, std::chrono::milliseconds deadline) {
  const auto started = Steady::now();
  test::RawSocket socket(port);
  socket.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  const auto outcome = socket.read_head(deadline);
  Asked asked;
  asked.ms = std::chrono::duration<double, std::milli>(Steady::now() - started).count();
  if (outcome.kind == test::RawOutcome::Kind::answered) {
    asked.status = outcome.status;
    asked.head = outcome.head;
  }
  return asked;
}

std::string etag_of(const std::string& head) {
  const auto at = head.find("\r\nETag: ");
  return at == std::string::npos ? "" : head.substr(at + 8, head.find("\r\n", at + 8) - at - 8);
}

/// The channels of our own with the end of their current song, soonest first.
std::vector<std::pair<std::string, long long>> songs_ending(store::Database& db) {
  std::vector<std::pair<std::string, long long>> ending;
  const long long now = unix_now();
  std::string slug;
  long long ends_at = 0;
  auto session = db.lease();
  soci::statement st = (session->prepare << "SELECT t.channel_slug, t.ends_at FROM track_plays t JOIN channels c ON "
                                            "c.slug = t.channel_slug WHERE c.stream_url IS NULL AND t.starts_at <= :n "
                                            "AND t.ends_at > :n2 ORDER BY t.ends_at",
                        soci::use(now), soci::use(now), soci::into(slug), soci::into(ends_at));
  st.execute();
  while (st.fetch()) ending.emplace_back(slug, ends_at);
  return ending;
}

// Every process of the PostgreSQL cluster SIGSTOPped while a listener streams and players poll the
// now-playing of every channel across a song change (issue 29): the audio never stops, what is in
// memory answers at once (the info document stale, rebuilt off the I/O threads), store work gets
// its 503 within the worker deadline and, after the first timeout, at once; all recovers after
// SIGCONT.
void frozen_cluster_keeps_the_radio_playing() {
  PrivatePostgres postgres("frozen");
  const auto worker_timeout = std::chrono::milliseconds(2000);
  ServerProcess server("store_frozen", {"DATABASE_URL=" + postgres.url(), "ETHER_WORKER_TIMEOUT_MS=2000"});
  const auto port = port_of(server);
  std::vector<std::pair<std::string, long long>> ending;
  {
    auto db = store::Database::open(postgres.url(), 1);
    ending = songs_ending(*db);
  }
  ASSERT_GE(ending.size(), 2U) << "the demo has channels of our own on air";
  // The freeze spans the first song change of a channel that is at least 3 s away.
  const long long now = unix_now();
  const auto boundary = std::find_if(ending.begin(), ending.end(), [&](const auto& e) { return e.second >= now + 3; });
  ASSERT_NE(boundary, ending.end());
  const std::string channel = boundary->first;
  std::map<std::string, std::string> etags_before;
  for (const auto& [slug, ends_at] : ending) {
    const auto info = ask(port, "/api/miniplayer/info?channel=" + slug, std::chrono::seconds(10));
    ASSERT_EQ(info.status, 200U) << slug;
    etags_before[slug] = etag_of(info.head);
  }
  ASSERT_EQ(ask(port, "/api/search/radio", std::chrono::seconds(10)).status, 200U);
  const auto path = stream_path(server, channel);
  ASSERT_FALSE(path.empty());
  IcyListener listener(port, path);
  ASSERT_EQ(listener.status(), 200);
  ASSERT_TRUE(eventually([&] { return listener.audio_bytes() > 32'000; }, std::chrono::seconds(5)));

  struct Thaw {
    const PrivatePostgres& postgres;
    ~Thaw() { postgres.thaw(); }
  };
  postgres.freeze();
  const Thaw thaw_at_the_end{postgres};
  const auto frozen = Steady::now();
  const long long frozen_until = std::max(unix_now() + 10, boundary->second + 3);

  // Players poll the now-playing of every channel, four times a second in all.
  std::atomic<bool> polling{true};
  std::mutex polled_mutex;
  std::vector<Asked> polls;
  std::thread poller([&] {
    while (polling) {
      for (const auto& [slug, ends_at] : ending) {
        auto asked = ask(port, "/api/miniplayer/info?channel=" + slug, std::chrono::seconds(3));
        const std::lock_guard lock(polled_mutex);
        polls.push_back(std::move(asked));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  });

  // Store work: the first waits out the deadline, then the circuit breaker answers at once.
  const auto first = ask(port, "/api/page?path=/gids&frozen=1", worker_timeout * 3);
  EXPECT_EQ(first.status, 503U) << "store work while the store hangs";
  EXPECT_NE(first.head.find("\r\nRetry-After: "), std::string::npos) << first.head;
  for (int i = 2; i <= 4; ++i) {
    const auto next = ask(port, "/api/page?path=/nieuws&frozen=" + std::to_string(i), worker_timeout * 3);
    EXPECT_EQ(next.status, 503U);
    EXPECT_LT(next.ms, static_cast<double>(worker_timeout.count()) / 2)
        << "after the first timeout store work is refused at once";
    std::cout << "store frozen: offloaded request " << i << " answered " << next.status << " in " << next.ms << " ms\n";
  }
  // From memory, while the store hangs.
  for (const std::string target : {"/healthz", "/readyz", "/api/search/radio", "/api/search/ether"}) {
    const auto asked = ask(port, target, std::chrono::seconds(3));
    EXPECT_NE(asked.status, 0U) << target << " hung with the store";
    EXPECT_LT(asked.ms, 1000.0) << target;
    std::cout << "store frozen: " << target << " answered " << asked.status << " in " << asked.ms << " ms\n";
  }
  const auto events = ask(port, "/api/miniplayer/events?channel=" + channel, std::chrono::seconds(3));
  EXPECT_EQ(events.status, 200U) << "a new follower of the events while the store hangs";
  EXPECT_LT(events.ms, 1000.0);

  while (unix_now() < frozen_until) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  polling = false;
  poller.join();
  const auto thawed = Steady::now();
  EXPECT_LT(listener.longest_silence(frozen, thawed), std::chrono::seconds(2))
      << "the live stream went silent while the store hung";
  double slowest = 0;
  std::size_t failed = 0;
  for (const auto& poll : polls) {
    slowest = std::max(slowest, poll.ms);
    if (poll.status != 200) ++failed;
  }
  EXPECT_EQ(failed, 0U) << "of " << polls.size() << " now-playing polls while the store hung";
  EXPECT_LT(slowest, 1000.0) << "now-playing waited on the hung store";
  std::cout << "store frozen: " << polls.size() << " now-playing polls, slowest " << slowest << " ms, " << failed
            << " failed\n";

  postgres.thaw();
  EXPECT_TRUE(eventually([&] { return ask(port, "/api/page?path=/gids&thawed=1", worker_timeout * 3).status == 200; },
                         std::chrono::seconds(15)))
      << "store work comes back by itself";
  EXPECT_TRUE(eventually([&] { return ask(port, "/readyz", std::chrono::seconds(3)).status == 200; },
                         std::chrono::seconds(10)));
  // The song that changed during the freeze reaches the now-playing once the store answers.
  EXPECT_TRUE(eventually(
      [&] {
        const auto info = ask(port, "/api/miniplayer/info?channel=" + channel, std::chrono::seconds(3));
        return info.status == 200 && etag_of(info.head) != etags_before[channel];
      },
      std::chrono::seconds(10)));
}

const bool registered =
    test::register_postgres_tests("StoreOutage", __FILE__,
                                  {{"RestartRecovers", restart_recovers},
                                   {"OutageKeepsAudioAndPlays", outage_keeps_audio_and_plays},
                                   {"FrozenClusterKeepsTheRadioPlaying", frozen_cluster_keeps_the_radio_playing}});

}  // namespace
}  // namespace ether
