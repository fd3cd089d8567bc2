#include "player/live_info_service.hpp"

#include <gtest/gtest.h>

#include <atomic>

#include "domain/time.hpp"
#include "player/info_events.hpp"
#include "player/miniplayer_info.hpp"
#include "support/live_store.hpp"
#include "support/loopback_stream.hpp"

namespace ether::player {
namespace {

class LiveInfoServiceTest : public testing::Test {
 protected:
  void SetUp() override {
    db_ = open_test_store("live_info_service");
    seed_live_store(*db_);
  }
  std::unique_ptr<store::Database> db_;
  std::atomic<long long> now_{noon};
  LiveInfoService::Clock clock_ = [this] { return now_.load(); };
};

TEST_F(LiveInfoServiceTest, ServesTheSameEntryUntilTheDocumentChanges) {
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

TEST_F(LiveInfoServiceTest, UnknownChannelIsNull) {
  LiveInfoService service(*db_, clock_);
  EXPECT_EQ(service.get("onbekend"), nullptr);
}

TEST_F(LiveInfoServiceTest, EventStreamSendsTheDocumentThenEachChange) {
  LiveInfoService service(*db_, clock_);
  InfoEventsOptions options;
  options.check = std::chrono::milliseconds(20);
  LoopbackStream stream(std::make_shared<InfoEvents>(service, "radio2", options));
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

TEST_F(LiveInfoServiceTest, EventStreamSendsHeartbeatsWhileNothingChanges) {
  LiveInfoService service(*db_, clock_);
  InfoEventsOptions options;
  options.check = std::chrono::milliseconds(20);
  options.heartbeat = std::chrono::seconds(1);
  LoopbackStream stream(std::make_shared<InfoEvents>(service, "radio2", options));
  stream.read_until("\n\n");
  stream.read_until("\n\n");
  EXPECT_EQ(stream.read_until("\n\n"), ": heartbeat\n\n");
}

}  // namespace
}  // namespace ether::player
