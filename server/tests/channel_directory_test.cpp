// The channel list a stream start reads: from memory, refreshed in the background, never waiting for
// a store that hangs once the list has been read.

#include "store/channel_directory.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <optional>
#include <thread>

#include "store_test_support.hpp"

namespace ether::store {
namespace {

using namespace std::chrono_literals;

void add_channel(Database& db, const std::string& slug, const std::string& name) {
  auto lease = db.lease();
  *lease << "INSERT INTO channels (slug, name) VALUES (:s, :n)", soci::use(slug), soci::use(name);
}

/// Asks until the answer is there (the background refresh runs at most once a second, the first read
/// is retried every second) or 5 s passed.
std::optional<ChannelListing> find_soon(ChannelDirectory& channels, const std::string& slug) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < deadline) {
    try {
      if (auto found = channels.find(slug)) return found;
    } catch (const StoreUnavailable&) {  // not read yet: asked again below
    }
    std::this_thread::sleep_for(100ms);
  }
  return std::nullopt;
}

TEST(ChannelDirectory, FindsTheStoredChannelsAndANewOneSoonAfterItIsAskedFor) {
  testing_support::TempStore store;
  add_channel(store.db(), "radio2", "Radio 2");
  ChannelDirectory channels(store.db(), 3600s);
  ASSERT_TRUE(channels.await_first_read(5000ms));
  auto found = channels.find("radio2");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "Radio 2");
  EXPECT_FALSE(channels.find("radio9"));

  add_channel(store.db(), "radio9", "Radio 9");
  auto added = find_soon(channels, "radio9");
  ASSERT_TRUE(added);
  EXPECT_EQ(added->name, "Radio 9");
}

TEST(ChannelDirectory, AnEditIsSeenAtOnceAfterInvalidate) {
  testing_support::TempStore store;
  add_channel(store.db(), "radio2", "Radio 2");
  ChannelDirectory channels(store.db(), 3600s);
  ASSERT_TRUE(channels.await_first_read(5000ms));
  ASSERT_EQ(channels.find("radio2")->stream_url, "");
  {
    auto lease = store.db().lease();
    *lease << "UPDATE channels SET stream_url = 'https://stream.example/r2.mp3' WHERE slug = 'radio2'";
  }
  EXPECT_EQ(channels.find("radio2")->stream_url, "") << "the list in memory is kept until it is refreshed";
  channels.invalidate();
  EXPECT_EQ(channels.find("radio2")->stream_url, "https://stream.example/r2.mp3");
}

TEST(ChannelDirectory, AnswersFromMemoryWhileTheStoreIsBusy) {
  testing_support::TempStore store;
  add_channel(store.db(), "radio2", "Radio 2");
  auto db = Database::open(store.url(), 1);
  ChannelDirectory channels(*db, 1s);
  ASSERT_TRUE(channels.await_first_read(5000ms));
  ASSERT_TRUE(channels.find("radio2"));
  {
    // The pool's only session is held, as by a store that does not answer: a refresh waits for it,
    // a find must not.
    auto held = db->lease();
    std::this_thread::sleep_for(1500ms);  // a refresh is due and waiting for the session
    auto finding = std::async(std::launch::async, [&] {
      return std::make_pair(channels.find("radio2").has_value(), channels.find("unknown").has_value());
    });
    ASSERT_EQ(finding.wait_for(500ms), std::future_status::ready) << "a find waited for the store";
    EXPECT_EQ(finding.get(), std::make_pair(true, false));
  }
}

TEST(ChannelDirectory, BeforeTheFirstReadAStoreThatIsAwayIsSaidToBe) {
  testing_support::TempStore store;
  auto db = Database::open(store.url(), 1);
  std::optional<Database::Lease> held;
  held.emplace(*db);
  ChannelDirectory channels(*db, 15s);
  auto finding = std::async(std::launch::async, [&] {
    try {
      channels.find("radio2");
    } catch (const StoreUnavailable&) {
      return true;
    }
    return false;
  });
  ASSERT_EQ(finding.wait_for(500ms), std::future_status::ready) << "a find waited for the first read";
  EXPECT_TRUE(finding.get()) << "said to be unavailable";
  EXPECT_FALSE(channels.await_first_read(200ms));
  held.reset();
  add_channel(*db, "radio2", "Radio 2");
  EXPECT_TRUE(find_soon(channels, "radio2"));
}

}  // namespace
}  // namespace ether::store
