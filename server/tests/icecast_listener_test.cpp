#include "stream/icecast_listener.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <array>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "support/loopback_stream.hpp"

#include "stream/icy_metadata.hpp"

namespace ether::stream {
namespace {

TEST(IcecastListener, NewListenerGetsTheBurstAtOnce) {
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  for (int i = 0; i < 100; ++i) ring->append(std::string(4096, static_cast<char>('a' + i % 26)), "A - B");
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, ListenerOptions{}));
  auto data = harness.read_exactly(64 * 1024);
  EXPECT_EQ(data.front(), static_cast<char>('a' + (100 - 16) % 26)) << "starts 16 chunks of 4 KiB before the head";
  EXPECT_EQ(data.back(), static_cast<char>('a' + 99 % 26));
}

TEST(IcecastListener, AnAdoptedListenerSendsOnItsOwnAndLetsGoOfItsHoldWhenClosed) {
  asio::io_context io;
  asio::ip::tcp::acceptor acceptor(io, {asio::ip::make_address("127.0.0.1"), 0});
  asio::ip::tcp::socket client(io);
  asio::ip::tcp::socket server_side(io);
  client.connect(acceptor.local_endpoint());
  acceptor.accept(server_side);
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  ring->append(std::string(100, 'x'), "A - B");
  ListenerOptions options;
  options.coalescing.min_bytes = 1;
  std::atomic<bool> released = false;
  auto listener = std::make_shared<IcecastListener>(ring, options);
  ASSERT_TRUE(listener->adopt(server_side, std::shared_ptr<void>(nullptr, [&released](void*) { released = true; })));
  std::weak_ptr<IcecastListener> weak = listener;
  listener.reset();  // the listener keeps itself while it runs: nobody else holds it
  // Between writes the listener waits on the ring alone: nothing else keeps io.run() going.
  auto work = asio::make_work_guard(io);
  std::thread thread([&io] { io.run(); });

  std::string data(100, '\0');
  asio::read(client, asio::buffer(data));
  EXPECT_EQ(data, std::string(100, 'x'));
  ring->append(std::string(50, 'y'), "A - B");
  data.assign(50, '\0');
  asio::read(client, asio::buffer(data));
  EXPECT_EQ(data, std::string(50, 'y'));
  EXPECT_FALSE(released) << "the hold is kept while the listener runs";

  std::promise<void> closed;
  asio::post(io, [&weak, &closed] {
    if (auto running = weak.lock()) running->close();
    closed.set_value();
  });
  closed.get_future().wait();
  char byte = 0;
  boost::system::error_code ec;
  client.read_some(asio::buffer(&byte, 1), ec);
  EXPECT_TRUE(ec == asio::error::eof || ec == asio::error::connection_reset) << ec.message();
  EXPECT_TRUE(released) << "close() lets go of the hold";
  EXPECT_TRUE(weak.expired()) << "nothing keeps a closed listener";
  io.stop();
  thread.join();
}

TEST(IcecastListener, FollowsTheRingAsItGrows) {
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  ring->append(std::string(100, 'x'), "A - B");
  ListenerOptions options;
  options.coalescing.min_bytes = 1;  // every append is due at once
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));
  EXPECT_EQ(harness.read_exactly(100), std::string(100, 'x'));
  ring->append(std::string(50, 'y'), "A - B");
  EXPECT_EQ(harness.read_exactly(50), std::string(50, 'y'));
}

TEST(IcecastListener, InterleavesIcyMetadataEveryMetaintBytesAndOnlyOnChange) {
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  ring->append(std::string(300, 'a'), "Artiest - Een");
  ring->append(std::string(300, 'b'), "Artiest - Twee");
  ListenerOptions options;
  options.metaint = 256;
  options.coalescing.min_bytes = 1;
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));
  // 256 audio bytes, the first title, 256 audio, the second title (the byte at 512 is from chunk 2).
  EXPECT_EQ(harness.read_exactly(256), std::string(256, 'a'));
  auto first = icy_metadata_block("Artiest - Een");
  EXPECT_EQ(harness.read_exactly(first.size()), first);
  EXPECT_EQ(harness.read_exactly(256), std::string(44, 'a') + std::string(212, 'b'));
  auto second = icy_metadata_block("Artiest - Twee");
  EXPECT_EQ(harness.read_exactly(second.size()), second);
  ring->append(std::string(300, 'c'), "Artiest - Twee");
  EXPECT_EQ(harness.read_exactly(256), std::string(88, 'b') + std::string(168, 'c'));
  EXPECT_EQ(harness.read_exactly(1), std::string(1, '\0')) << "unchanged title: the empty block";
}

// The bytes of a stream at `position`: recognisable, so a byte out of place shows.
std::string stream_bytes(std::uint64_t position, std::size_t length) {
  std::string bytes(length, '\0');
  for (std::size_t i = 0; i < length; ++i) bytes[i] = static_cast<char>('a' + (position + i) * 7 % 26);
  return bytes;
}

TEST(IcecastListener, CoalescedWritesKeepTheBurstIcyBlocksEveryMetaintAndFollowARealTimeFeed) {
  // As in the live origin: a ring holding some history, fed at real-time pace (128 kbit/s in
  // chunks of 100 ms) by another thread that also wakes the listeners due by time every tick.
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  constexpr std::size_t kChunk = 1600;
  constexpr std::size_t kMetaint = 4000;
  std::vector<std::pair<std::string, std::string>> stream;  // every chunk ever appended, with its title
  for (int i = 0; i < 60; ++i) {
    stream.emplace_back(stream_bytes(stream.size() * kChunk, kChunk), i < 50 ? "Artiest - Een" : "Artiest - Twee");
    ring->append(stream.back().first, stream.back().second);
  }
  const auto burst_start = ring->burst_start(64 * 1024);
  ASSERT_GT(burst_start, 0U);
  ListenerOptions options;  // the default coalescing: 8 KiB or 500 ms
  options.metaint = kMetaint;
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));

  for (int i = 60; i < 80; ++i) {
    stream.emplace_back(stream_bytes(stream.size() * kChunk, kChunk), i < 70 ? "Artiest - Twee" : "Artiest - Drie");
  }

  // What the listener must have sent: from the burst's start, a block after every metaint audio
  // bytes naming the title of the byte it follows when that changed.
  std::string expected;
  std::string last_title;
  std::uint64_t position = 0;
  for (const auto& [bytes, title] : stream) {
    for (char c : bytes) {
      if (position++ < burst_start) continue;
      expected += c;
      if ((position - burst_start) % kMetaint != 0) continue;
      expected += title == last_title ? std::string(icy_empty_block) : icy_metadata_block(title);
      last_title = title;
    }
  }
  // The client reads while the feeder appends the rest of the stream at real-time pace.
  auto received = std::async(std::launch::async, [&] { return harness.read_exactly(expected.size()); });
  std::thread feeder([&] {
    for (int tick = 0; tick < 30; ++tick) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (tick < 20) ring->append(stream[60 + tick].first, stream[60 + tick].second);
      ring->wake_due();
    }
  });
  feeder.join();
  // Everything arrives, the last chunk too (due by time alone); a deadline proves it does not hang.
  if (received.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
    boost::system::error_code ignored;
    harness.client().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    FAIL() << "the listener did not send every byte of the feed";
  }
  const auto wire = received.get();
  EXPECT_EQ(wire.substr(0, 64 * 1024), expected.substr(0, 64 * 1024)) << "the burst";
  EXPECT_EQ(wire, expected);
}

// Process CPU time; the listener's io thread is the only one working while the test sleeps.
std::chrono::microseconds cpu_time() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return std::chrono::seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         std::chrono::microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

TEST(IcecastListener, AListenerWhoseSocketIsFullWaitsForItWithoutSpinningAndCarriesOn) {
  // More than the loopback socket's buffers hold, all of it in the burst: the listener's socket fills.
  constexpr std::size_t kChunk = 64 * 1024;
  constexpr std::size_t kChunks = 512;
  auto ring = std::make_shared<BroadcastRing>(kChunk * kChunks);
  std::string expected;
  for (std::size_t i = 0; i < kChunks; ++i) {
    std::string chunk(kChunk, static_cast<char>('a' + i % 26));
    expected += chunk;
    ring->append(std::move(chunk), "t");
  }
  ListenerOptions options;
  options.burst_bytes = expected.size();
  // 32 MB that all went on air at once is no stream: how far behind it is, is not this test's
  // question, and the kernel's own send buffer lets the test read it back quickly.
  options.lag.max_lag = std::chrono::hours(1);
  options.send_buffer_bytes = 0;
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // it writes until the socket is full
  const auto before = cpu_time();
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const auto spent = cpu_time() - before;
  // Waiting on the ring instead of the socket re-woke it at once: a full core for the whole wait.
  EXPECT_LT(spent, std::chrono::milliseconds(200)) << "the listener spun while its socket was full";
  EXPECT_FALSE(harness.finished()) << "a listener that is merely slow is not dropped";
  EXPECT_EQ(harness.read_exactly(expected.size()), expected) << "it carries on where the socket stopped";
}

TEST(IcecastListener, ListenerThatStopsReadingIsDroppedWithoutHoldingTheRing) {
  auto ring = std::make_shared<BroadcastRing>(256 * 1024);
  ListenerOptions options;
  options.coalescing.max_delay = std::chrono::milliseconds(2);
  options.write_timeout = std::chrono::seconds(1);
  ring->append(std::string(1024, 'x'), "t");
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));
  // Never read: kernel buffers fill, the ring moves on far beyond its capacity.
  for (int i = 0; i < 2000 && !harness.finished(); ++i) {
    ring->append(std::string(16 * 1024, 'x'), "t");
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  for (int i = 0; i < 300 && !harness.finished(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(harness.finished());
}

// Appends `bytes_per_second` in chunks every 50 ms, as the live origin does, until `done` or `limit`.
template <typename Done>
void feed_in_real_time(BroadcastRing& ring, std::size_t bytes_per_second, std::chrono::seconds limit, Done done) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (!done() && std::chrono::steady_clock::now() < until) {
    ring.append(std::string(bytes_per_second / 20, 'x'), "t");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

TEST(IcecastListener, AListenerThatStopsReadingIsDroppedOnceTooFarBehindLongBeforeItsWriteTimeout) {
  auto ring = std::make_shared<BroadcastRing>(64 << 20);  // it never falls out of the ring here
  ring->append(std::string(1024, 'x'), "t");
  ListenerOptions options;
  options.send_buffer_bytes = 4096;
  options.lag.max_lag = std::chrono::seconds(1);
  options.write_timeout = std::chrono::seconds(60);
  auto listener = std::make_shared<IcecastListener>(ring, options);
  LoopbackStream harness(listener);
  const auto started = std::chrono::steady_clock::now();
  feed_in_real_time(*ring, 64 * 1024, std::chrono::seconds(20), [&harness] { return harness.finished(); });
  const auto took = std::chrono::steady_clock::now() - started;
  ASSERT_TRUE(harness.finished()) << "a listener that reads nothing is dropped at its lag limit";
  // The socket's buffers (a few tens of KiB) take under a second of this stream, then 1 s of lag.
  EXPECT_LT(took, std::chrono::seconds(10));
  // What reached the client's buffer, then a reset: the kernel dropped what it could not send.
  std::array<char, 65536> buffer{};
  std::size_t received = 0;
  boost::system::error_code ec;
  while (!ec) received += harness.client().read_some(asio::buffer(buffer), ec);
  EXPECT_EQ(ec, asio::error::connection_reset) << ec.message();
  EXPECT_GT(received, 0U);
  EXPECT_GE(listener->bytes_sent(), received) << "counted what the socket took";
}

TEST(IcecastListener, AListenerThatReadsSlowerThanTheStreamIsDroppedThoughItsWritesGoOn) {
  // It reads a little every tenth of a second, so its socket takes more every few seconds (when
  // the client's kernel opens its window again) and the write timeout, 10 s without any progress,
  // never fires; only how far behind the live edge it is tells.
  auto ring = std::make_shared<BroadcastRing>(64 << 20);
  ring->append(std::string(1024, 'x'), "t");
  ListenerOptions options;
  options.send_buffer_bytes = 4096;
  options.lag.max_lag = std::chrono::seconds(2);
  options.write_timeout = std::chrono::seconds(10);
  auto listener = std::make_shared<IcecastListener>(ring, options);
  LoopbackStream harness(listener);
  std::atomic<std::size_t> read_bytes = 0;
  std::thread reader([&harness, &read_bytes] {
    std::array<char, 2048> buffer{};
    boost::system::error_code ec;
    while (!ec) {
      read_bytes += harness.client().read_some(asio::buffer(buffer), ec);  // 20 KiB/s: a third of the stream
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  const auto started = std::chrono::steady_clock::now();
  feed_in_real_time(*ring, 64 * 1024, std::chrono::seconds(30), [&harness] { return harness.finished(); });
  const auto took = std::chrono::steady_clock::now() - started;
  reader.join();
  ASSERT_TRUE(harness.finished()) << "a listener that reads at a third of the stream's rate is dropped";
  EXPECT_GT(took, std::chrono::milliseconds(1900)) << "not before it is 2 s behind";
  EXPECT_LT(took, std::chrono::seconds(20));
  EXPECT_GT(read_bytes.load(), 32U * 1024) << "its writes went on meanwhile";
  EXPECT_GE(listener->bytes_sent(), read_bytes.load()) << "everything read was counted as sent";
}

}  // namespace
}  // namespace ether::stream
