#include "player/live_info_service.hpp"

#include <gtest/gtest.h>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "domain/time.hpp"
#include "player/info_events.hpp"
#include "player/miniplayer_info.hpp"
#include "store/track_play_repository.hpp"
#include "support/live_store.hpp"
#include "support/loopback_stream.hpp"
#include "support/postgres_database.hpp"

namespace ether::player {
namespace {

// On both store backends (test::store_backends()).
class LiveInfoServiceTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
    db_ = open_test_store("live_info_service", GetParam());
    seed_live_store(*db_);
  }
  std::unique_ptr<store::Database> db_;
  std::atomic<long long> now_{noon};
  LiveInfoService::Clock clock_ = [this] { return now_.load(); };
};

TEST_P(LiveInfoServiceTest, ServesTheSameEntryUntilTheDocumentChanges) {
  LiveInfoService service(*db_, clock_);
  auto first = service.get("radio2");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->version, 1U);
  EXPECT_EQ(first->etag.front(), '"');
  now_ = noon + 30;
  EXPECT_EQ(service.get("radio2").get(), first.get()) << "nothing changed: not rebuilt";
  now_ = noon + 80;  // the next track play starts
  auto second = service.get("radio2");
  EXPECT_EQ(second->version, 2U);
  EXPECT_NE(second->etag, first->etag);
  EXPECT_NE(second->body.find(domain::format_api_local(noon + 80)), std::string::npos);
}

// Polls `found` every 10 ms for at most 10 s.
bool eventually(const std::function<bool()>& found) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!found()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

TEST_P(LiveInfoServiceTest, CachedOnlyAsksAndTheServicesOwnThreadBuildsAndKeepsItCurrent) {
  LiveInfoService service(*db_, clock_);
  EXPECT_EQ(service.cached("radio2"), nullptr) << "nothing built yet: cached() only asks for the build";
  std::shared_ptr<const InfoEntry> first;
  ASSERT_TRUE(eventually([&] { return (first = service.cached("radio2")) != nullptr; }));
  EXPECT_EQ(first->version, 1U);
  now_ = noon + 80;  // the next track play starts: rebuilt without anybody calling get()
  ASSERT_TRUE(eventually([&] { return service.cached("radio2")->version == 2; }));
  EXPECT_NE(service.cached("radio2")->body.find(domain::format_api_local(noon + 80)), std::string::npos);
}

TEST_P(LiveInfoServiceTest, UnknownChannelIsNull) {
  LiveInfoService service(*db_, clock_);
  EXPECT_EQ(service.get("onbekend"), nullptr);
}

TEST_P(LiveInfoServiceTest, EventStreamSendsTheDocumentThenEachChange) {
  LiveInfoService service(*db_, clock_);
  InfoPublisher publisher(service, {.check = std::chrono::milliseconds(20)});
  LoopbackStream stream(std::make_shared<InfoEvents>(publisher, "radio2"));
  EXPECT_EQ(stream.read_until("\n\n"), "retry: 5000\n\n");
  auto first = stream.read_until("\n\n");
  EXPECT_EQ(first.rfind("event: info\nid: 1\ndata: {", 0), 0U) << first;
  const auto changed_at = std::chrono::steady_clock::now();
  now_ = noon + 80;
  auto second = stream.read_until("\n\n");
  EXPECT_EQ(second.rfind("event: info\nid: 2\ndata: {", 0), 0U) << second;
  EXPECT_NE(second.find(domain::format_api_local(noon + 80)), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - changed_at, std::chrono::seconds(1));
}

TEST_P(LiveInfoServiceTest, EventStreamSendsHeartbeatsWhileNothingChanges) {
  LiveInfoService service(*db_, clock_);
  InfoPublisher publisher(service,
                          {.check = std::chrono::milliseconds(20), .wake_all = std::chrono::milliseconds(100)});
  InfoEventsOptions options;
  options.heartbeat = std::chrono::seconds(1);
  LoopbackStream stream(std::make_shared<InfoEvents>(publisher, "radio2", options));
  stream.read_until("\n\n");
  stream.read_until("\n\n");
  EXPECT_EQ(stream.read_until("\n\n"), ": heartbeat\n\n");
}

// radio2's last seeded play (from noon + 80) ends at noon + 170; the playout records the next one at
// its first tick after that, here a second later. Polled every second, the service names each song
// from the second its play is recorded.
TEST_P(LiveInfoServiceTest, EachSecondAroundATrackChangeNamesTheSongOnceItIsRecorded) {
  LiveInfoService service(*db_, clock_);
  const long long change = noon + 170;
  for (long long at = change - 5; at <= change + 5; ++at) {
    SCOPED_TRACE("at change " + std::to_string(at - change) + " s");
    now_ = at;
    if (at == change + 1) {
      auto lease = db_->lease();
      store::TrackPlayRepository(*lease).record("radio2", 2, change, change + 100, std::nullopt);
    }
    auto entry = service.get("radio2");
    ASSERT_TRUE(entry);
    EXPECT_GT(entry->valid_until, at);
    const bool adagio = entry->body.find("\"song\":\"Adagio\"") != std::string::npos;
    EXPECT_EQ(adagio, at >= change + 1) << entry->body.substr(0, 400);
    if (at == change) EXPECT_LE(entry->valid_until, at + 2) << "the next play is due: rebuilt within a second or two";
  }
}

// The clock of these tests moves with real time from `start`, whole seconds as unix_now does.
class RealTimeClock {
 public:
  explicit RealTimeClock(long long start) : start_(start) {}
  long long operator()() const {
    return start_ + std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - began_).count();
  }

 private:
  long long start_;
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
};

// The next event within `deadline`, or nullopt; a stream that stays silent is cut so no read hangs.
std::optional<std::string> next_event_within(LoopbackStream& stream, std::chrono::seconds deadline) {
  auto event = std::async(std::launch::async, [&stream] { return stream.read_until("\n\n"); });
  if (event.wait_for(deadline) == std::future_status::ready) return event.get();
  ::shutdown(stream.client().native_handle(), SHUT_RDWR);
  event.wait();
  return std::nullopt;
}

TEST_P(LiveInfoServiceTest, EventStreamDeliversAPlayRecordedAfterAGapWithinTwoSeconds) {
  const RealTimeClock clock(noon + 175);  // radio2's last play ended at noon + 170: a gap in the log
  LiveInfoService service(*db_, clock);
  InfoPublisher publisher(service);  // the server's own options
  LoopbackStream stream(std::make_shared<InfoEvents>(publisher, "radio2"));
  EXPECT_EQ(stream.read_until("\n\n"), "retry: 5000\n\n");
  auto first = stream.read_until("\n\n");
  EXPECT_EQ(first.find("Adagio"), std::string::npos);

  const long long starts = clock();
  {
    auto lease = db_->lease();
    store::TrackPlayRepository(*lease).record("radio2", 2, starts, starts + 100, std::nullopt);
  }
  std::string event;
  do {  // heartbeats may come first
    auto next = next_event_within(stream, std::chrono::seconds(3));
    ASSERT_TRUE(next) << "no update within 3 s of the play being recorded";
    event = *next;
  } while (event.starts_with(":"));
  EXPECT_EQ(event.rfind("event: info\nid: 2\n", 0), 0U) << event;
  EXPECT_NE(event.find("\"song\":\"Adagio\""), std::string::npos);
}

// An external now-playing (service.refresh) reaches every subscriber at once, long before the
// publisher's own next look, and all of them get the same version built once.
TEST_P(LiveInfoServiceTest, ARefreshReachesEverySubscriberWithoutWaitingForTheNextLook) {
  now_ = noon + 175;  // in the gap after radio2's last play: the document stays valid by the clock
  LiveInfoService service(*db_, clock_);
  InfoPublisher publisher(service, {.check = std::chrono::seconds(30)});
  LoopbackStream first(std::make_shared<InfoEvents>(publisher, "radio2"));
  LoopbackStream second(std::make_shared<InfoEvents>(publisher, "radio2"));
  for (auto* stream : {&first, &second}) {
    EXPECT_EQ(stream->read_until("\n\n"), "retry: 5000\n\n");
    EXPECT_EQ(stream->read_until("\n\n").rfind("event: info\nid: 1\n", 0), 0U);
  }
  {
    auto lease = db_->lease();
    store::TrackPlayRepository(*lease).record("radio2", 2, noon + 175, noon + 275, std::nullopt);
  }
  service.refresh("radio2");
  for (auto* stream : {&first, &second}) {
    auto event = next_event_within(*stream, std::chrono::seconds(3));
    ASSERT_TRUE(event) << "the refresh did not wake the subscriber";
    EXPECT_EQ(event->rfind("event: info\nid: 2\n", 0), 0U) << *event;
    EXPECT_NE(event->find("\"song\":\"Adagio\""), std::string::npos);
  }
}

TEST_P(LiveInfoServiceTest, APublisherFollowsAChannelOnlyWhileSomebodyListens) {
  LiveInfoService service(*db_, clock_);
  InfoPublisher publisher(service, {.check = std::chrono::milliseconds(20)});
  EXPECT_EQ(publisher.latest("radio2"), nullptr);
  {
    LoopbackStream stream(std::make_shared<InfoEvents>(publisher, "radio2"));
    stream.read_until("\n\n");
    stream.read_until("\n\n");
    ASSERT_TRUE(publisher.latest("radio2"));
    EXPECT_EQ(publisher.latest("radio2")->entry->version, 1U);
  }
  EXPECT_EQ(publisher.latest("radio2"), nullptr) << "the last subscriber left";
}

// A publisher clears its refresh listener on destruction: once set_refresh_listener(nullptr)
// returned, no refresh() may still be running the old listener, or a refresh at shutdown would
// reach a destroyed publisher.
TEST_P(LiveInfoServiceTest, ClearingTheRefreshListenerWaitsForACallInProgress) {
  LiveInfoService service(*db_, clock_);
  std::promise<void> entered;
  std::promise<void> release;
  auto released = release.get_future().share();
  service.set_refresh_listener([&entered, released] {
    entered.set_value();
    released.wait();
  });
  auto refreshing = std::async(std::launch::async, [&service] { service.refresh("radio2"); });
  entered.get_future().wait();
  auto clearing = std::async(std::launch::async, [&service] { service.set_refresh_listener(nullptr); });
  EXPECT_EQ(clearing.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout)
      << "the listener was cleared while a refresh still ran it";
  release.set_value();
  refreshing.get();
  clearing.get();
  service.refresh("radio2");  // no listener any more
}

// The store fails as when a database goes away mid-query: its table of plays is gone, then back.
class FailingStoreTest : public LiveInfoServiceTest {
 protected:
  void SetUp() override {
    LiveInfoServiceTest::SetUp();
    stream_ = std::make_shared<std::ostringstream>();
    previous_ = spdlog::default_logger();
    spdlog::set_default_logger(
        std::make_shared<spdlog::logger>("test", std::make_shared<spdlog::sinks::ostream_sink_mt>(*stream_)));
  }
  void TearDown() override { spdlog::set_default_logger(previous_); }
  void fail() {
    auto lease = db_->lease();
    *lease << "ALTER TABLE track_plays RENAME TO track_plays_away";
  }
  void recover() {
    auto lease = db_->lease();
    *lease << "ALTER TABLE track_plays_away RENAME TO track_plays";
  }
  int warnings() const {
    const auto text = stream_->str();
    int count = 0;
    for (auto at = text.find("the store fails"); at != std::string::npos; at = text.find("the store fails", at + 1)) {
      ++count;
    }
    return count;
  }
  std::shared_ptr<std::ostringstream> stream_;
  std::shared_ptr<spdlog::logger> previous_;
};

TEST_P(FailingStoreTest, ServesTheLastDocumentWhileTheStoreFailsAndAFreshOneOnceItAnswers) {
  LiveInfoService service(*db_, clock_);
  auto good = service.get("radio2");
  ASSERT_TRUE(good);
  fail();
  ASSERT_THROW(build_miniplayer_info(*db_, "radio2", noon + 80), std::exception) << "the store really fails";

  // Two minutes of failures, asked ten times a second: the last good document every time.
  for (long long at = noon + 80; at < noon + 200; ++at) {
    now_ = at;
    for (int i = 0; i < 10; ++i) ASSERT_EQ(service.get("radio2").get(), good.get()) << "at " << at - noon;
  }
  EXPECT_EQ(warnings(), 2) << "one line a minute per channel:\n" << stream_->str();

  recover();
  EXPECT_EQ(service.get("radio2").get(), good.get()) << "within the second of the last failure: not retried yet";
  now_ = noon + 200;
  auto fresh = service.get("radio2");
  ASSERT_TRUE(fresh);
  EXPECT_NE(fresh->etag, good->etag);
  EXPECT_EQ(fresh->version, good->version + 1);
  EXPECT_NE(fresh->body.find(domain::format_api_local(noon + 80)), std::string::npos);
  EXPECT_NE(stream_->str().find("the store answers again"), std::string::npos);
}

TEST_P(FailingStoreTest, ARefreshAskedForWhileTheStoreFailsIsCarriedOutOnceItAnswers) {
  LiveInfoService service(*db_, clock_);
  auto good = service.get("radio2");
  ASSERT_TRUE(good);
  ASSERT_EQ(service.get("radio2").get(), good.get()) << "unchanged and unrefreshed: served from memory";
  fail();
  service.refresh("radio2");  // an external now-playing arrived
  EXPECT_EQ(service.get("radio2").get(), good.get()) << "the rebuild failed: the last document";
  recover();
  now_ = noon + 2;  // past the retry pause, the document itself still valid
  auto rebuilt = service.get("radio2");
  ASSERT_TRUE(rebuilt);
  EXPECT_NE(rebuilt.get(), good.get()) << "the refresh was not forgotten when its rebuild failed";
  EXPECT_EQ(service.get("radio2").get(), rebuilt.get()) << "and once carried out, not repeated";
}

TEST_P(FailingStoreTest, CachedServesTheLastDocumentWhileTheStoreFailsAndNeverThrows) {
  LiveInfoService service(*db_, clock_);
  auto good = service.get("radio2");
  ASSERT_TRUE(good);
  fail();
  now_ = noon + 80;
  for (int i = 0; i < 50; ++i) {
    ASSERT_EQ(service.cached("radio2").get(), good.get()) << "the last good document while the rebuild fails";
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  recover();
  now_ = noon + 82;  // past the retry pause
  ASSERT_TRUE(eventually([&] { return service.cached("radio2")->version == good->version + 1; }))
      << "rebuilt by the service's thread once the store answers";
}

TEST_P(FailingStoreTest, WithoutALastDocumentTheFailureReachesTheCaller) {
  fail();
  LiveInfoService service(*db_, clock_);
  EXPECT_THROW(service.get("radio2"), std::exception);
  recover();
  EXPECT_TRUE(service.get("radio2"));
}

TEST_P(FailingStoreTest, TheEventStreamKeepsTheLastDocumentAndResumesAfterTheOutage) {
  LiveInfoService service(*db_, clock_);
  InfoPublisher publisher(service,
                          {.check = std::chrono::milliseconds(20), .wake_all = std::chrono::milliseconds(100)});
  InfoEventsOptions options;
  options.heartbeat = std::chrono::seconds(1);
  LoopbackStream stream(std::make_shared<InfoEvents>(publisher, "radio2", options));
  stream.read_until("\n\n");
  EXPECT_EQ(stream.read_until("\n\n").rfind("event: info\nid: 1\n", 0), 0U);
  fail();
  now_ = noon + 80;
  EXPECT_EQ(stream.read_until("\n\n"), ": heartbeat\n\n") << "the stream stays open through the outage";
  recover();
  now_ = noon + 81;
  auto event = next_event_within(stream, std::chrono::seconds(3));
  while (event && event->starts_with(":")) event = next_event_within(stream, std::chrono::seconds(3));
  ASSERT_TRUE(event) << "no update within 3 s of the store answering again";
  EXPECT_EQ(event->rfind("event: info\nid: 2\n", 0), 0U) << *event;
}

INSTANTIATE_TEST_SUITE_P(Store, LiveInfoServiceTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);
INSTANTIATE_TEST_SUITE_P(Store, FailingStoreTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::player
