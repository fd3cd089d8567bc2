#include "ingest/transcoder.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <optional>
#include <stdexcept>

#include "process/child_process.hpp"

namespace ether::ingest {
namespace {

constexpr std::size_t kMaxPending = 1024 * 1024;
constexpr auto kFinishGrace = std::chrono::seconds(3);
// The decoders of what a source may send (MP3 or MP2, AAC ADTS, Ogg Vorbis, Opus or FLAC).
constexpr std::string_view kSourceCodecs = "mp3float,mp3,mp2float,mp2,aac,aac_fixed,vorbis,libvorbis,opus,libopus,flac";

}  // namespace

std::vector<std::string> transcoder_arguments(const std::string& ffmpeg, InputFormat input,
                                              const OutputFormat& output) {
  return {ffmpeg, "-hide_banner", "-nostdin", "-loglevel", "error",
          // Decide on the input's parameters from its first frame, so the studio is on air at once:
          // 4 KiB of probing held back a quarter of a second of 128 kbit/s (bench/transcoder-latency).
          "-probesize", "32", "-analyzeduration", "10000", "-fflags", "+nobuffer",
          // A source's bytes are read as the one format it announced, decoded as audio only, and
          // can name no file or URL (before -i, where ffmpeg applies them to the input).
          "-protocol_whitelist", "pipe", "-format_whitelist", std::string(ffmpeg_demuxer(input)), "-codec_whitelist",
          std::string(kSourceCodecs), "-threads", "1", "-f", std::string(ffmpeg_demuxer(input)), "-i", "pipe:0", "-vn",
          "-map", "0:a:0", "-ac", std::to_string(output.channels), "-ar", std::to_string(output.sample_rate), "-c:a",
          "libmp3lame", "-b:a", std::to_string(output.bitrate_kbps) + "k", "-write_xing", "0", "-id3v2_version", "0",
          "-flush_packets", "1", "-f", "mp3", "pipe:1"};
}

Transcoder::Transcoder(const std::string& ffmpeg, InputFormat input, const OutputFormat& output, FrameSink sink,
                       std::function<void()> done, const std::filesystem::path& log)
    : sink_(std::move(sink)), done_(std::move(done)) {
  const auto args = transcoder_arguments(ffmpeg, input, output);
  auto child =
      process::spawn_child(process::ChildSpec{.argv = args, .pipe_stdin = true, .pipe_stdout = true, .log = log});
  pid_ = child.pid;
  input_ = child.release_stdin();
  output_ = child.release_stdout();
  ::fcntl(input_, F_SETFL, ::fcntl(input_, F_GETFL) | O_NONBLOCK);
  ::fcntl(output_, F_SETFL, ::fcntl(output_, F_GETFL) | O_NONBLOCK);
  wake_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

Transcoder::~Transcoder() {
  if (thread_.joinable()) {
    thread_.request_stop();
    wake();
    thread_.join();
  }
  if (pid_ > 0 && !exited_) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  for (int fd : {input_, output_, wake_}) {
    if (fd >= 0) ::close(fd);
  }
}

void Transcoder::wake() const {
  if (wake_ < 0) return;
  const std::uint64_t one = 1;
  [[maybe_unused]] const auto written = ::write(wake_, &one, sizeof one);
}

void Transcoder::write(std::string_view bytes) {
  {
    std::lock_guard lock(mutex_);
    if (finishing_) return;
    pending_.append(bytes);
    if (pending_.size() > kMaxPending) pending_.erase(0, pending_.size() - kMaxPending);
  }
  wake();
}

void Transcoder::finish() {
  {
    std::lock_guard lock(mutex_);
    finishing_ = true;
  }
  wake();
}

void Transcoder::run(const std::stop_token& stop) {
  Mp3StreamFramer framer;
  std::string writing;  // taken from pending_, not yet all accepted by the pipe
  std::array<char, 16384> buffer{};
  std::optional<std::chrono::steady_clock::time_point> finish_deadline;
  while (!stop.stop_requested()) {
    bool close_input = false;
    {
      std::lock_guard lock(mutex_);
      if (writing.empty()) writing.swap(pending_);
      if (finishing_ && writing.empty() && pending_.empty()) close_input = true;
      if (finishing_ && !finish_deadline) finish_deadline = std::chrono::steady_clock::now() + kFinishGrace;
    }
    if (close_input && input_ >= 0) {
      ::close(input_);
      input_ = -1;
    }
    if (finish_deadline && std::chrono::steady_clock::now() > *finish_deadline) {
      spdlog::warn("ingest: ffmpeg (pid {}) did not finish in time; killing it", pid_);
      ::kill(pid_, SIGKILL);
      break;
    }
    std::array<pollfd, 3> fds{pollfd{output_, POLLIN, 0}, pollfd{wake_, POLLIN, 0},
                              pollfd{input_, static_cast<short>(writing.empty() ? 0 : POLLOUT), 0}};
    const nfds_t count = input_ >= 0 ? 3 : 2;
    if (::poll(fds.data(), count, 200) < 0 && errno != EINTR) break;
    if ((fds[1].revents & POLLIN) != 0) {
      std::uint64_t ignored = 0;
      [[maybe_unused]] const auto n = ::read(wake_, &ignored, sizeof ignored);
    }
    if (input_ >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP)) != 0 && !writing.empty()) {
      const auto n = ::write(input_, writing.data(), writing.size());
      if (n > 0) {
        writing.erase(0, static_cast<std::size_t>(n));
      } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        writing.clear();  // EPIPE: ffmpeg gave up on its input; its output tells the rest
      }
    }
    if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      const auto n = ::read(output_, buffer.data(), buffer.size());
      if (n > 0) {
        for (auto& frame : framer.push(std::string_view(buffer.data(), static_cast<std::size_t>(n)))) {
          sink_(std::move(frame));
        }
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        for (auto& frame : framer.flush()) sink_(std::move(frame));
        break;  // ffmpeg's output ended: it has exited or is exiting
      }
    }
  }
  if (pid_ > 0) {
    // Its output has ended, so it exits at once; a stopping server does not wait for it.
    if (stop.stop_requested()) ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    exited_ = true;
  }
  if (done_) done_();
}

}  // namespace ether::ingest
