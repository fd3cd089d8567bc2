#include "visual/segmenter.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "process/child_process.hpp"

namespace ether::visual {
namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

Segmenter::Segmenter(std::shared_ptr<const stream::BroadcastRing> ring, SegmenterSpec spec, const std::string& name,
                     std::size_t burst_bytes, int bytes_per_second)
    : ring_(std::move(ring)), spec_(std::move(spec)), burst_bytes_(burst_bytes) {
  std::filesystem::remove_all(spec_.dir);
  std::filesystem::create_directories(spec_.dir);
  position_ = ring_->burst_start(burst_bytes);
  const auto behind = static_cast<std::int64_t>(ring_->head() - position_) / std::max(1, bytes_per_second);
  spec_.clock_origin = unix_now() - behind;
  write_text(kNameFile, name);
  write_text(kShowFile, "");
  write_text(kSongFile, "");

  const auto args = segmenter_arguments(spec_);
  // The segments' clock labels are Amsterdam time.
  auto child =
      process::spawn_child(process::ChildSpec{.argv = args,
                                              .env = {"TZ=Europe/Amsterdam", "PATH=/usr/local/bin:/usr/bin:/bin"},
                                              .pipe_stdin = true,
                                              .log = spec_.dir / "ffmpeg.log"});
  pid_ = child.pid;
  input_ = child.release_stdin();
  ::fcntl(input_, F_SETFL, ::fcntl(input_, F_GETFL) | O_NONBLOCK);
}

Segmenter::~Segmenter() { stop(std::chrono::milliseconds(500)); }

bool Segmenter::feed() {
  if (input_ < 0) return false;
  while (true) {
    if (pending_offset_ >= pending_.size()) {
      auto read = ring_->read_from(position_, 16);
      if (read.fell_behind) {
        // ffmpeg did not keep up for longer than the ring holds: continue a burst before the head.
        position_ = ring_->burst_start(burst_bytes_);
        read = ring_->read_from(position_, 16);
      }
      if (read.chunks.empty()) return true;
      pending_.clear();
      pending_offset_ = 0;
      for (const auto& chunk : read.chunks) {
        const auto skip = position_ > chunk->start ? static_cast<std::size_t>(position_ - chunk->start) : 0;
        if (skip < chunk->bytes.size()) pending_.append(chunk->bytes, skip);
        position_ = chunk->end();
        if (!chunk->title.empty() && chunk->title != song_) {
          song_ = chunk->title;
          write_text(kSongFile, "Nu: " + song_);
        }
      }
    }
    const auto n = ::write(input_, pending_.data() + pending_offset_, pending_.size() - pending_offset_);
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) return true;
      return false;  // EPIPE: ffmpeg has gone
    }
    pending_offset_ += static_cast<std::size_t>(n);
  }
}

void Segmenter::set_show(const std::string& text) {
  if (text == show_) return;
  show_ = text;
  write_text(kShowFile, text);
}

void Segmenter::write_text(const char* file, const std::string& text) {
  // ffmpeg rereads the file every frame: it must never see a half-written one.
  const auto target = spec_.dir / file;
  const auto temporary = spec_.dir / (std::string(file) + ".tmp");
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
  }
  std::error_code ignored;
  std::filesystem::rename(temporary, target, ignored);
}

bool Segmenter::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done == 0) return true;
  pid_ = -1;
  return false;
}

void Segmenter::stop(std::chrono::milliseconds grace) {
  if (input_ >= 0) {
    ::close(input_);
    input_ = -1;
  }
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + grace;
    while (running() && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
  }
  std::error_code ignored;
  std::filesystem::remove_all(spec_.dir, ignored);
}

}  // namespace ether::visual
