// The broadcast logger against real MP3 frames (ffmpeg encodes the demo's live format: 64 kbit/s
// stereo 44.1 kHz) and real files: hourly roll-over at the UTC hour, whole frames, time alignment,
// crash recovery, retention and the backfill; ffmpeg decodes what it wrote. A full disk is a real
// one: a small tmpfs mounted as a channel's directory (the tests run as root).

#include "recording/broadcast_logger.hpp"

#include <gtest/gtest.h>
#include <sched.h>
#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/spdlog.h>
#include <sys/mount.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <system_error>
#include <thread>

#include "recording/hour_files.hpp"
#include "stream/mp3_frames.hpp"
#include "support/file_bytes.hpp"
#include "support/test_paths.hpp"

namespace ether::recording {
namespace {

// 2026-11-21 11:00:00 UTC, an hour boundary.
constexpr std::int64_t kHour = 1'795'258'800'000;
// The fixture's format: 64 kbit/s is 8,000 bytes a second, in frames of 208 or 209 bytes (26 ms).
constexpr double kBytesPerSecond = 8000.0;
constexpr double kFrameBytes = 209.0;

// Byte strings compared without printing megabytes of audio: sizes and the first difference.
testing::AssertionResult same_bytes(const std::string& a, const std::string& b) {
  if (a == b) return testing::AssertionSuccess();
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return testing::AssertionFailure() << "sizes " << a.size() << " and " << b.size() << ", first difference at " << i;
}

// Without root (CI runs as root), a user and mount namespace of this process's own may mount a
// tmpfs, where the kernel allows unprivileged user namespaces. The test process is single-threaded
// until the logger starts, as unshare requires.
bool enter_own_namespaces() {
  const auto uid = ::getuid();
  const auto gid = ::getgid();
  if (uid == 0 || ::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return false;
  std::ofstream("/proc/self/setgroups") << "deny";
  std::ofstream("/proc/self/uid_map") << "0 " << uid << " 1";
  std::ofstream("/proc/self/gid_map") << "0 " << gid << " 1";
  return true;
}

// A tmpfs of `size` mounted on `dir` for the life of the object: a disk that really fills up.
class SmallDisk {
 public:
  SmallDisk(std::filesystem::path dir, const std::string& size) : dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_);
    const auto options = "size=" + size;
    if (::mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) == 0) return;
    error_ = std::generic_category().message(errno);
    if (enter_own_namespaces() && ::mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) == 0) error_.clear();
  }
  ~SmallDisk() {
    if (error_.empty()) ::umount2(dir_.c_str(), MNT_DETACH);
  }
  SmallDisk(const SmallDisk&) = delete;
  SmallDisk& operator=(const SmallDisk&) = delete;
  /// Empty when mounted, else why not.
  [[nodiscard]] const std::string& error() const { return error_; }

 private:
  std::filesystem::path dir_;
  std::string error_;
};

// Fills the file system of `file` to the last byte; returns the bytes written.
std::uint64_t fill_disk(const std::filesystem::path& file) {
  std::FILE* out = std::fopen(file.c_str(), "wb");
  if (out == nullptr) return 0;
  std::setvbuf(out, nullptr, _IONBF, 0);
  const std::string block(4096, 'x');
  std::uint64_t written = 0;
  for (std::size_t n = 0; (n = std::fwrite(block.data(), 1, block.size(), out)) > 0;) {
    written += n;
    if (n < block.size()) break;
  }
  // A page of slack may remain below the block size: byte by byte to the end.
  while (std::fwrite("x", 1, 1, out) == 1) ++written;
  std::fclose(out);
  return written;
}

// The log lines spdlog writes while the object lives.
class CapturedLog {
 public:
  CapturedLog()
      : previous_(spdlog::default_logger()), sink_(std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(10'000)) {
    auto logger = std::make_shared<spdlog::logger>("captured", sink_);
    logger->set_level(spdlog::level::info);
    spdlog::set_default_logger(logger);
  }
  ~CapturedLog() { spdlog::set_default_logger(previous_); }
  CapturedLog(const CapturedLog&) = delete;
  CapturedLog& operator=(const CapturedLog&) = delete;
  [[nodiscard]] std::vector<std::string> lines_with(std::string_view text) const {
    std::vector<std::string> found;
    for (auto& line : sink_->last_formatted()) {
      if (line.find(text) != std::string::npos) found.push_back(line);
    }
    return found;
  }

 private:
  std::shared_ptr<spdlog::logger> previous_;
  std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> sink_;
};

// Polls `done` every 20 ms for at most `seconds` (a deadline against a hang, not a speed claim).
bool eventually(const std::function<bool()>& done, int seconds = 30) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

std::uint64_t size_of(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  return ec ? 0 : size;
}

class BroadcastLoggerTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("broadcast_logger-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "media" / "songs");
    const auto command =
        "ffmpeg -v error -y -f lavfi -i sine=frequency=440:duration=3 -ar 44100 -ac 2 -c:a "
        "libmp3lame -b:a 64k " +
        (dir_ / "media" / "songs" / "a.mp3").string();
    ASSERT_EQ(std::system(command.c_str()), 0);
    // A 3-second song over and over, as the play log would say.
    schedule_ = [](const std::string&, std::int64_t at) -> std::optional<stream::ScheduledAudio> {
      const auto start = at - ((at % 3000) + 3000) % 3000;
      return stream::ScheduledAudio{"songs/a.mp3", start, start + 3000, "Artiest - A"};
    };
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::unique_ptr<BroadcastLogger> logger(int backfill_hours = 0, int days = 2) {
    return std::make_unique<BroadcastLogger>(LoggerOptions{dir_ / "recordings", days, backfill_hours},
                                             std::vector<std::string>{"radio2"}, schedule_, (dir_ / "media").string());
  }

  // What the live origin's clock sends from `from_ms` to `until_ms`, chunk by chunk.
  struct Sent {
    std::int64_t start_ms;
    std::string bytes;
  };
  std::vector<Sent> clock_output(std::int64_t from_ms, std::int64_t until_ms) {
    stream::FramedFileCache files((dir_ / "media").string());
    stream::BroadcastRing ring(1 << 20);
    stream::ChannelClock clock([this](std::int64_t at) { return schedule_("radio2", at); }, files, ring);
    std::vector<Sent> sent;
    clock.set_chunk_sink([&](std::int64_t start, std::string_view bytes) {
      sent.push_back({start, std::string(bytes)});
    });
    clock.advance_to(until_ms, until_ms - from_ms);
    return sent;
  }

  // The frames of `sent` that start at or after `from_ms`, concatenated.
  static std::string frames_from(const std::vector<Sent>& sent, std::int64_t from_ms, std::int64_t until_ms) {
    std::string out;
    for (const auto& chunk : sent) {
      std::int64_t at_us = chunk.start_ms * 1000;
      for (const auto& frame : stream::split_mp3_frames(chunk.bytes)) {
        if (at_us / 1000 >= from_ms && at_us / 1000 < until_ms) out.append(chunk.bytes, frame.offset, frame.length);
        at_us += frame.duration_us;
      }
    }
    return out;
  }

  double decoded_seconds(const std::filesystem::path& file) {
    const auto out = dir_ / "probe.txt";
    const auto errors = dir_ / "errors.txt";
    const auto command = "ffprobe -v error -show_entries format=duration -of csv=p=0 " + file.string() + " > " +
                         out.string() + " && ffmpeg -v error -xerror -i " + file.string() + " -f null - 2> " +
                         errors.string();
    EXPECT_EQ(std::system(command.c_str()), 0);
    EXPECT_EQ(test::file_bytes(errors), "");
    double seconds = 0;
    std::ifstream(out) >> seconds;
    return seconds;
  }

  std::filesystem::path file(std::int64_t hour_ms, std::string_view channel = "radio2") const {
    return hour_file_path(dir_ / "recordings", channel, hour_of(hour_ms));
  }

  // radio2's directory is a 512 KiB disk (131 s of audio), radio3's the ordinary one. The logger's
  // thread runs on a clock the test moves as it hands over the live chunks of both channels: 20 s
  // recorded, the disk filled, 30 s while it is full, space freed, and 20 s more.
  void full_disk_then_freed(int backfill_hours);

  std::filesystem::path dir_;
  stream::ChannelSchedule schedule_;
};

void BroadcastLoggerTest::full_disk_then_freed(int backfill_hours) {
  const auto root = dir_ / "recordings";
  // Room for the 70 s this test records (560 KB at 64 kbit/s) once the filler is gone, and no more.
  SmallDisk disk(root / "radio2", "1024k");
  ASSERT_EQ(disk.error(), "") << "mounting a tmpfs needs root (as in CI) or unprivileged user namespaces";
  CapturedLog log_lines;

  const auto begin = kHour + 10'000;
  std::atomic<std::int64_t> now{begin};
  LoggerOptions options{root, 2, backfill_hours};
  options.clock = [&now] { return now.load(); };
  BroadcastLogger log(options, {"radio2", "radio3"}, schedule_, (dir_ / "media").string());
  log.set_backfill_ranges(
      [](const std::string&, std::int64_t) { return std::vector<std::pair<std::int64_t, std::int64_t>>{}; });
  log.start(begin);

  const auto sent = clock_output(kHour, kHour + 90'000);
  std::size_t next = 0;
  // The origin's chunks up to `until_ms` for both channels, each handed over as the clock passes
  // its end, with a pause now and then so that the logger's thread takes them in many batches.
  const auto play_until = [&](std::int64_t until_ms) {
    for (; next < sent.size() && sent[next].start_ms < until_ms; ++next) {
      if (sent[next].start_ms < begin - 5000) continue;
      now = next + 1 < sent.size() ? sent[next + 1].start_ms : until_ms;
      log.submit("radio2", sent[next].start_ms, sent[next].bytes);
      log.submit("radio3", sent[next].start_ms, sent[next].bytes);
      if (next % 5 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  };
  // Whether a channel's hour file holds what it sent up to `until_ms`: with the backfill exactly
  // the origin's frames from the hour on, without it silence before the first live chunk.
  const auto holds_until = [&](std::string_view channel, std::int64_t until_ms) {
    const auto bytes = test::file_bytes(file(kHour, channel));
    if (backfill_hours > 0) return bytes == frames_from(sent, kHour, until_ms);
    return bytes.ends_with(frames_from(sent, until_ms - 5000, until_ms));
  };

  // The logger has taken every chunk handed over when radio3 (handed over last) holds them all.
  const auto caught_up = [&] { return eventually([&] { return holds_until("radio3", now.load()); }); };

  play_until(kHour + 20'000);
  ASSERT_TRUE(caught_up());
  ASSERT_TRUE(holds_until("radio2", now.load()));

  const auto filled = fill_disk(root / "radio2" / "filler");
  ASSERT_GT(filled, 100'000u);
  play_until(kHour + 50'000);
  // radio2 stops without a crash and says so, once; radio3 records on.
  ASSERT_TRUE(caught_up());
  ASSERT_TRUE(eventually([&] { return !log.failing_channels().empty(); }));
  const auto failing = log.failing_channels();
  ASSERT_EQ(failing.size(), 1u);
  EXPECT_EQ(failing[0].channel, "radio2");
  EXPECT_NE(failing[0].error.find("No space left on device"), std::string::npos) << failing[0].error;
  EXPECT_GE(failing[0].since_ms, kHour + 20'000);
  // What radio2 holds is whole frames, all of them the origin's: a failed write was cut back.
  const auto stuck = test::file_bytes(file(kHour, "radio2"));
  EXPECT_EQ(whole_frames(stuck).end, stuck.size());
  EXPECT_LT(stuck.size(), frames_from(sent, kHour, kHour + 50'000).size() - 20 * kBytesPerSecond);
  if (backfill_hours > 0) EXPECT_TRUE(frames_from(sent, kHour, kHour + 50'000).starts_with(stuck));
  // 30 s of a full disk, chunks every 100 ms and retries with backoff: one line.
  EXPECT_EQ(log_lines.lines_with("radio2").size(), 1u);
  EXPECT_TRUE(log_lines.lines_with("radio3").empty());

  std::filesystem::remove(root / "radio2" / "filler");
  const auto freed_at = now.load();
  std::optional<std::int64_t> resumed_at;
  while (now < kHour + 70'000) {
    play_until(now + 1000);
    ASSERT_TRUE(caught_up());
    if (!resumed_at && log.failing_channels().empty()) resumed_at = now.load();
  }
  ASSERT_TRUE(eventually([&] { return log.failing_channels().empty(); }));
  ASSERT_TRUE(resumed_at);
  // Within the longest backoff (8 s), a second of chunks and a second of this loop.
  EXPECT_LE(*resumed_at - freed_at, 10'000);
  const auto until = now.load();
  ASSERT_TRUE(eventually([&] { return holds_until("radio2", until); }));
  log.stop();
  EXPECT_EQ(log_lines.lines_with("radio2 records again").size(), 1u);
  EXPECT_EQ(log_lines.lines_with("radio2").size(), 2u);

  for (std::string_view channel : {"radio2", "radio3"}) {
    SCOPED_TRACE(std::string(channel));
    const auto bytes = test::file_bytes(file(kHour, channel));
    EXPECT_EQ(whole_frames(bytes).end, bytes.size());
    // Continuous and time-aligned across the gap: bytes proportional to time.
    const auto seconds = static_cast<double>(until - kHour) / 1000.0;
    EXPECT_NEAR(static_cast<double>(bytes.size()), seconds * kBytesPerSecond, 3 * kFrameBytes);
    EXPECT_NEAR(decoded_seconds(file(kHour, channel)), seconds, 0.1);
    if (backfill_hours > 0) {
      // The gap holds exactly the frames the origin sent meanwhile, rebuilt from the schedule.
      EXPECT_TRUE(same_bytes(bytes, frames_from(sent, kHour, until)));
    }
  }
  if (backfill_hours == 0) {
    // Silence where the disk was full, the origin's frames again after it.
    const auto bytes = test::file_bytes(file(kHour, "radio2"));
    EXPECT_TRUE(bytes.ends_with(frames_from(sent, *resumed_at, until)));
    EXPECT_FALSE(bytes.ends_with(frames_from(sent, kHour + 20'000, until)));
  }
}

TEST(HourFiles, NamesAreUtcHours) {
  EXPECT_EQ(hour_file_stem(hour_of(kHour)), "2026-11-21T11");
  EXPECT_EQ(hour_file_stem(hour_of(kHour - 1)), "2026-11-21T10");
  EXPECT_EQ(parse_hour_file_name("2026-11-21T11.mp3"), hour_of(kHour));
  EXPECT_FALSE(parse_hour_file_name("2026-11-21T24.mp3"));
  EXPECT_FALSE(parse_hour_file_name("2026-02-30T10.mp3"));
  EXPECT_FALSE(parse_hour_file_name("2026-11-21T11.mp3.tmp"));
  EXPECT_FALSE(parse_hour_file_name("notes.txt"));
}

TEST_F(BroadcastLoggerTest, FormatIsReadFromTheFrames) {
  const auto bytes = test::file_bytes(dir_ / "media" / "songs" / "a.mp3");
  const auto frames = stream::split_mp3_frames(bytes);
  ASSERT_FALSE(frames.empty());
  auto format = frame_format(std::string_view(bytes).substr(frames[0].offset));
  ASSERT_TRUE(format);
  EXPECT_EQ(format->sample_rate, 44100);
  EXPECT_EQ(format->samples_per_frame, 1152);
  EXPECT_EQ(format->bitrate_kbps, 64);
  EXPECT_DOUBLE_EQ(format->bytes_per_second(), kBytesPerSecond);
  const auto silent = silent_frame_like(std::string_view(bytes).substr(frames[0].offset));
  EXPECT_EQ(whole_frames(silent).count, 1);
}

TEST_F(BroadcastLoggerTest, RollsOverAtTheUtcHourWithTheExactFramesAndWholeFrames) {
  const auto sent = clock_output(kHour - 5000, kHour + 5000);
  auto log = logger();
  for (const auto& chunk : sent) log->write_chunk("radio2", chunk.start_ms, chunk.bytes);
  log->close_files();

  const auto before = test::file_bytes(file(kHour - 1));
  const auto after = test::file_bytes(file(kHour));
  // The new hour holds exactly the frames that started after the hour, as the origin sent them.
  EXPECT_TRUE(same_bytes(after, frames_from(sent, kHour, kHour + 10'000)));
  EXPECT_EQ(whole_frames(after).end, after.size());
  EXPECT_EQ(whole_frames(before).end, before.size());
  // The earlier hour is time-aligned: silence from its start, then the 5 seconds that were sent.
  EXPECT_NEAR(static_cast<double>(before.size()), 3600.0 * kBytesPerSecond, 3 * kFrameBytes);
  EXPECT_TRUE(before.ends_with(frames_from(sent, kHour - 5000, kHour)));
  EXPECT_NEAR(decoded_seconds(file(kHour)), 5.0, 0.1);
}

TEST_F(BroadcastLoggerTest, AReopenedFileIsCutToWholeFramesAndContinues) {
  const auto sent = clock_output(kHour, kHour + 4000);
  {
    auto log = logger();
    for (const auto& chunk : sent) {
      if (chunk.start_ms < kHour + 2000) log->write_chunk("radio2", chunk.start_ms, chunk.bytes);
    }
  }
  const auto whole = test::file_bytes(file(kHour)).size();
  {
    // A crash in the middle of a write: half a frame at the end.
    std::ofstream out(file(kHour), std::ios::binary | std::ios::app);
    out << sent.back().bytes.substr(0, 50);
  }
  auto log = logger();
  for (const auto& chunk : sent) log->write_chunk("radio2", chunk.start_ms, chunk.bytes);
  log->close_files();
  const auto bytes = test::file_bytes(file(kHour));
  EXPECT_GT(bytes.size(), whole);
  EXPECT_EQ(whole_frames(bytes).end, bytes.size());
  // Nothing twice: the chunks already written were skipped by their time.
  EXPECT_TRUE(same_bytes(bytes, frames_from(sent, kHour, kHour + 10'000)));
  EXPECT_NEAR(decoded_seconds(file(kHour)), 4.0, 0.1);
}

TEST_F(BroadcastLoggerTest, RetentionPrunesOldHoursOnly) {
  auto log = logger(0, 2);
  const auto root = dir_ / "recordings" / "radio2";
  std::filesystem::create_directories(root);
  const auto now = kHour + 600'000;
  for (int hours_ago : {0, 1, 47, 48, 49, 72}) std::ofstream(file(now - hours_ago * kHourMs)) << "x";
  std::ofstream(root / "notes.txt") << "keep";
  EXPECT_EQ(log->prune(now), 2);
  for (int hours_ago : {0, 1, 47, 48}) EXPECT_TRUE(std::filesystem::exists(file(now - hours_ago * kHourMs)));
  for (int hours_ago : {49, 72}) EXPECT_FALSE(std::filesystem::exists(file(now - hours_ago * kHourMs)));
  EXPECT_TRUE(std::filesystem::exists(root / "notes.txt"));
}

TEST_F(BroadcastLoggerTest, BackfillReconstructsTheFramesTheOriginWouldHaveSent) {
  const auto now = kHour + 10'000;
  auto log = logger(1);
  EXPECT_GT(log->backfill(now), 0);
  log->close_files();
  // The previous hour whole, the current one up to now. The encoder's padding keeps the bytes
  // proportional to time within a fraction of a second an hour.
  const auto previous = test::file_bytes(file(kHour - 1));
  EXPECT_NEAR(static_cast<double>(previous.size()), 3600.0 * kBytesPerSecond, 0.5 * kBytesPerSecond);
  const auto sent = clock_output(kHour - kHourMs, now);
  EXPECT_TRUE(same_bytes(previous, frames_from(sent, kHour - kHourMs, kHour)));
  EXPECT_TRUE(same_bytes(test::file_bytes(file(kHour)), frames_from(sent, kHour, kHour + kHourMs)));
  EXPECT_NEAR(decoded_seconds(file(kHour)), 10.0, 0.1);
  // A second start finds the hours recorded and adds nothing.
  EXPECT_EQ(logger(1)->backfill(now), 0);
  EXPECT_EQ(logger(0)->backfill(now + kHourMs), 0);
}

TEST_F(BroadcastLoggerTest, LiveChunksAfterTheBackfillContinueSeamlessly) {
  const auto start = kHour + 20'000;
  auto log = logger(1);
  log->backfill(start);
  // The origin starts 15 seconds behind its start time: those chunks overlap what was rebuilt.
  const auto sent = clock_output(kHour - kHourMs, start + 5000);
  for (const auto& chunk : sent) {
    if (chunk.start_ms >= start - 15'000) log->write_chunk("radio2", chunk.start_ms, chunk.bytes);
  }
  log->close_files();
  EXPECT_TRUE(same_bytes(test::file_bytes(file(kHour)), frames_from(sent, kHour, kHour + kHourMs)));
}

TEST_F(BroadcastLoggerTest, BackfillRebuildsTheWholeHoursOfTheRangesItIsGivenAndTheCurrentHour) {
  const auto now = kHour + 3 * kHourMs + 5000;
  auto log = logger(2);
  // An older broadcast of 40 s around an hour, and one too long for the backfill, are offered.
  log->set_backfill_ranges([](const std::string&, std::int64_t) {
    return std::vector<std::pair<std::int64_t, std::int64_t>>{{kHour - 20'000, kHour + 20'000},
                                                              {kHour - 5 * kHourMs, kHour}};
  });
  EXPECT_GT(log->backfill(now), 0);
  log->close_files();
  const auto sent = clock_output(kHour - kHourMs, kHour + kHourMs);
  // The broadcast's two hours, whole: what the origin sent from the first hour's start to the
  // second one's end, not silence up to where the broadcast began (which a listener going back to
  // the hour's start would hear) nor a file that ends where it ended.
  EXPECT_TRUE(same_bytes(test::file_bytes(file(kHour - 1)), frames_from(sent, kHour - kHourMs, kHour)));
  EXPECT_TRUE(same_bytes(test::file_bytes(file(kHour)), frames_from(sent, kHour, kHour + kHourMs)));
  // Nothing of the five-hour range; the current hour up to now.
  EXPECT_FALSE(std::filesystem::exists(file(kHour - 2 * kHourMs)));
  EXPECT_NEAR(static_cast<double>(std::filesystem::file_size(file(now))), 5.0 * kBytesPerSecond, 2 * kFrameBytes);
}

TEST_F(BroadcastLoggerTest, AFullDiskStopsOneChannelUntilSpaceIsFreedThenTheGapIsRebuilt) { full_disk_then_freed(1); }

TEST_F(BroadcastLoggerTest, AFullDiskStopsOneChannelUntilSpaceIsFreedThenTheGapIsSilence) { full_disk_then_freed(0); }

TEST_F(BroadcastLoggerTest, AFailedWriteLeavesWholeFramesAndTheNextWriteReopens) {
  // A directory where the hour file should be: the writes throw rather than lose audio silently,
  // and once the file is back the next write reopens it and continues from its last frame.
  const auto sent = clock_output(kHour, kHour + 3000);
  auto log = logger();
  for (const auto& chunk : sent) {
    if (chunk.start_ms < kHour + 1000) log->write_chunk("radio2", chunk.start_ms, chunk.bytes);
  }
  log->close_files();
  std::filesystem::rename(file(kHour), dir_ / "moved.mp3");
  std::filesystem::create_directory(file(kHour));
  bool threw = false;
  for (const auto& chunk : sent) {
    if (chunk.start_ms < kHour + 1000 || chunk.start_ms >= kHour + 2000) continue;
    try {
      log->write_chunk("radio2", chunk.start_ms, chunk.bytes);
    } catch (const std::runtime_error&) {
      threw = true;
    }
  }
  EXPECT_TRUE(threw);
  std::filesystem::remove(file(kHour));
  std::filesystem::rename(dir_ / "moved.mp3", file(kHour));
  for (const auto& chunk : sent) log->write_chunk("radio2", chunk.start_ms, chunk.bytes);
  log->close_files();
  EXPECT_TRUE(same_bytes(test::file_bytes(file(kHour)), frames_from(sent, kHour, kHour + 3000)));
}

}  // namespace
}  // namespace ether::recording
