#pragma once
// Sends the server's own errors to Sentry (ETHER_SENTRY_DSN) on one background thread. report()
// never blocks: it drops the event when the bounded queue is full or the rate limit is spent.
// One reporter may be installed process-wide so that the HTTP server, the playout and the live
// origin report through report_error() without knowing whether reporting is on.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "reporting/envelope.hpp"

namespace ether::reporting {

struct ReporterOptions {
  std::size_t queue_capacity = 64;               // events waiting to be sent; more are dropped
  std::size_t max_per_minute = 30;               // events sent per rolling minute; more are dropped
  std::chrono::milliseconds send_timeout{5000};  // per envelope
};

class Reporter {
 public:
  Reporter(Dsn dsn, EventContext context, ReporterOptions options = {});
  ~Reporter();  // sends what is queued (each within send_timeout), then stops
  Reporter(const Reporter&) = delete;
  Reporter& operator=(const Reporter&) = delete;

  /// Queues `event`; false when it was dropped (queue full, rate limit spent, stopping).
  bool report(const ErrorEvent& event);

  /// Envelopes delivered (2xx answer) and dropped (queue, rate limit, failed send) so far.
  [[nodiscard]] std::uint64_t sent() const;
  [[nodiscard]] std::uint64_t dropped() const;

  /// Waits until the queue is empty and nothing is being sent, at most `timeout`. For tests and shutdown.
  bool flush(std::chrono::milliseconds timeout);

 private:
  void run();
  bool send(const std::string& envelope);

  Dsn dsn_;
  EventContext context_;
  ReporterOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::string> queue_;
  std::deque<std::chrono::steady_clock::time_point> recent_;
  bool busy_ = false;
  bool stopping_ = false;
  std::uint64_t sent_ = 0;
  std::uint64_t dropped_ = 0;
  std::thread thread_;
};

/// Installs the process-wide reporter (or none with nullptr); the caller keeps it alive until
/// it installs nullptr again.
void install(Reporter* reporter);

/// Reports through the installed reporter; does nothing when none is installed. Never throws.
void report_error(std::string_view logger, std::string_view exception_type, std::string_view message,
                  std::string_view level = "error") noexcept;

/// This machine's host name (the events' server_name).
std::string host_name();

/// report_error for a caught exception: its demangled type, `context` and what().
void report_exception(std::string_view logger, const std::exception& error, std::string_view context = {}) noexcept;

/// The demangled name of an exception's dynamic type ("std::runtime_error").
std::string exception_type_name(const std::exception& error);

}  // namespace ether::reporting
