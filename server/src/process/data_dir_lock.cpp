#include "process/data_dir_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace ether::process {

DataDirLock::DataDirLock(const std::filesystem::path& data_dir) {
  std::error_code error;
  std::filesystem::create_directories(data_dir, error);
  const auto file = data_dir / "ether.lock";
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error("cannot open the lock file " + file.string() + ": " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    std::string holder(32, '\0');
    const auto n = ::pread(fd_, holder.data(), holder.size(), 0);
    holder.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == '\0')) holder.pop_back();
    ::close(fd_);
    fd_ = -1;
    if (why == EWOULDBLOCK) {
      throw DataDirBusy("the data dir " + data_dir.string() + " is in use by another ether-server" +
                        (holder.empty() ? "" : " (pid " + holder + ")") + "; one data dir serves one process");
    }
    throw std::runtime_error("cannot lock " + file.string() + ": " + std::strerror(why));
  }
  // The holder's pid, for the message of a second process; the lock holds without it.
  const auto pid = std::to_string(::getpid()) + "\n";
  [[maybe_unused]] const bool written =
      ::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
}

DataDirLock::~DataDirLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace ether::process
