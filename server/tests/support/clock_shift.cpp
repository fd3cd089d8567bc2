// A wall clock moved by ETHER_TEST_CLOCK_SHIFT_MS milliseconds, preloaded (LD_PRELOAD) into a real
// ether-server under test, so that a test can put the end of an hour seconds away: clock_gettime's
// wall clocks, gettimeofday and time. The monotonic clocks are left as they are.
//
// A deadline on the wall clock that a program hands the kernel (pthread_cond_timedwait's default)
// is not moved back: the kernel reads its own clock. jemalloc's background threads sleep so, on a
// deadline from gettimeofday, and with the clock moved back every deadline had passed: they spun,
// 20 s of CPU in a 38 s test. A server started with this library runs without them
// (MALLOC_CONF=background_thread:false).
//
// Debian's libfaketime does the same for any program, but cannot start this one: its first
// clock_gettime looks the real function up with dlsym, which allocates, and jemalloc, starting on
// that allocation, reads the clock again (libfaketime: "Cannot recover from unexpected recursive
// calls"). This one asks the kernel directly, allocates nothing and needs no start.

#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <ctime>

namespace {

constexpr std::int64_t kNanosPerSecond = 1'000'000'000;

// Read once; getenv and strtoll neither allocate nor read a clock.
std::int64_t shift_ns() {
  static const std::int64_t shift = [] {
    const char* text = std::getenv("ETHER_TEST_CLOCK_SHIFT_MS");
    return text == nullptr ? 0 : std::strtoll(text, nullptr, 10) * 1'000'000;
  }();
  return shift;
}

bool is_wall_clock(clockid_t clock) {
  return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE || clock == CLOCK_TAI ||
         clock == CLOCK_REALTIME_ALARM;
}

int kernel_clock(clockid_t clock, timespec* at) { return static_cast<int>(::syscall(SYS_clock_gettime, clock, at)); }

void shift(timespec& at) {
  const std::int64_t nanos = (static_cast<std::int64_t>(at.tv_sec) * kNanosPerSecond) + at.tv_nsec + shift_ns();
  at.tv_sec = static_cast<time_t>(nanos / kNanosPerSecond);
  at.tv_nsec = static_cast<long>(nanos % kNanosPerSecond);
}

}  // namespace

// NOLINTBEGIN(readability-inconsistent-declaration-parameter-name): the C library's own signatures
extern "C" int clock_gettime(clockid_t clock, timespec* at) noexcept {
  if (kernel_clock(clock, at) != 0) return -1;
  if (is_wall_clock(clock)) shift(*at);
  return 0;
}

extern "C" int gettimeofday(timeval* at, void* /*zone*/) noexcept {
  timespec now{};
  if (clock_gettime(CLOCK_REALTIME, &now) != 0) return -1;
  if (at != nullptr) {
    at->tv_sec = now.tv_sec;
    at->tv_usec = now.tv_nsec / 1000;
  }
  return 0;
}

extern "C" time_t time(time_t* at) noexcept {
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  if (at != nullptr) *at = now.tv_sec;
  return now.tv_sec;
}
// NOLINTEND(readability-inconsistent-declaration-parameter-name)
