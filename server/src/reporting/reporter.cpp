#include "reporting/reporter.hpp"

#include <curl/curl.h>
#include <cxxabi.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <typeinfo>
#include <utility>

#include "curl/curl_global.hpp"

namespace ether::reporting {

namespace {

std::atomic<Reporter*> g_reporter{nullptr};

std::size_t discard_body(char* /*data*/, std::size_t size, std::size_t count, void* /*user*/) { return size * count; }

}  // namespace

Reporter::Reporter(Dsn dsn, EventContext context, ReporterOptions options)
    : dsn_(std::move(dsn)), context_(std::move(context)), options_(options) {
  curl::ensure_global_init();
  thread_ = std::thread([this] { run(); });
}

Reporter::~Reporter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool Reporter::report(const ErrorEvent& event) {
  const auto now = std::chrono::steady_clock::now();
  std::string envelope = build_envelope(dsn_, event, context_, new_event_id(), std::chrono::system_clock::now());
  {
    std::lock_guard lock(mutex_);
    while (!recent_.empty() && now - recent_.front() > std::chrono::minutes(1)) recent_.pop_front();
    if (stopping_ || queue_.size() >= options_.queue_capacity || recent_.size() >= options_.max_per_minute) {
      ++dropped_;
      return false;
    }
    recent_.push_back(now);
    queue_.push_back(std::move(envelope));
  }
  wake_.notify_one();
  return true;
}

std::uint64_t Reporter::sent() const {
  std::lock_guard lock(mutex_);
  return sent_;
}

std::uint64_t Reporter::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

bool Reporter::flush(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return idle_.wait_for(lock, timeout, [this] { return queue_.empty() && !busy_; });
}

void Reporter::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) break;  // stopping with nothing left
    std::string envelope = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    const bool ok = send(envelope);
    lock.lock();
    busy_ = false;
    if (ok) {
      ++sent_;
    } else {
      ++dropped_;
    }
    if (queue_.empty()) idle_.notify_all();
  }
  idle_.notify_all();
}

bool Reporter::send(const std::string& envelope) {
  CURL* curl = curl_easy_init();
  if (curl == nullptr) return false;
  const std::string url = dsn_.envelope_url();
  const std::string auth = "X-Sentry-Auth: Sentry sentry_version=7, sentry_client=ether-server/" +
                           (context_.release.empty() ? std::string("0") : context_.release) +
                           ", sentry_key=" + dsn_.public_key;
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/x-sentry-envelope");
  headers = curl_slist_append(headers, auth.c_str());
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, envelope.data());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(envelope.size()));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.send_timeout.count()));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard_body);
  const CURLcode result = curl_easy_perform(curl);
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  if (result != CURLE_OK || status < 200 || status >= 300) {
    spdlog::warn("reporting: envelope not delivered to {}: {} status={}", dsn_.origin(), curl_easy_strerror(result),
                 status);
    return false;
  }
  return true;
}

void install(Reporter* reporter) { g_reporter.store(reporter); }

void report_error(std::string_view logger, std::string_view exception_type, std::string_view message,
                  std::string_view level) noexcept {
  Reporter* reporter = g_reporter.load();
  if (reporter == nullptr) return;
  try {
    reporter->report(
        ErrorEvent{std::string(level), std::string(message), std::string(exception_type), std::string(logger)});
  } catch (...) {
    // Reporting must never make an error worse; a lost report is acceptable.
    return;
  }
}

std::string host_name() {
  std::array<char, 256> name{};
  if (gethostname(name.data(), name.size() - 1) != 0) return "ether-server";
  return name.data();
}

std::string exception_type_name(const std::exception& error) {
  const char* mangled = typeid(error).name();
  int status = 0;
  char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string name = (status == 0 && demangled != nullptr) ? demangled : mangled;
  std::free(demangled);  // NOLINT(cppcoreguidelines-no-malloc): __cxa_demangle allocates with malloc
  return name;
}

void report_exception(std::string_view logger, const std::exception& error, std::string_view context) noexcept {
  try {
    std::string message = context.empty() ? std::string(error.what()) : std::string(context) + ": " + error.what();
    report_error(logger, exception_type_name(error), message);
  } catch (...) {
    return;
  }
}

}  // namespace ether::reporting
