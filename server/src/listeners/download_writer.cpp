#include "listeners/download_writer.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "listeners/download_counting.hpp"
#include "store/download_repository.hpp"

namespace ether::listeners {

namespace {
constexpr std::int64_t kPruneEveryMs = 3'600'000;
// A day's salt outlives its day by this much: another instance may still hold sums of the day's
// last flush interval (ETHER_LISTENER_FLUSH_SECONDS, at most an hour), and hashing them under a
// salt drawn anew would count their clients twice.
constexpr std::int64_t kSaltGraceMs = 2 * 3'600'000;
// While the store is away the sums wait in memory; past this many they are not kept (a warning
// says so) rather than let memory grow without end.
constexpr std::size_t kMaxPending = 200'000;
}  // namespace

DownloadWriter::DownloadWriter(store::Database& db, Clock clock, std::chrono::milliseconds interval, int keep_days)
    : db_(db), clock_(std::move(clock)), interval_(interval), keep_days_(keep_days) {
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

DownloadWriter::~DownloadWriter() { stop(); }

void DownloadWriter::record(std::string_view site_path, std::string_view address, std::string_view user_agent,
                            std::uint64_t body_bytes) {
  if (!adds_to_download(user_agent, body_bytes)) return;
  auto audio_path = episode_audio_path(site_path);
  if (!audio_path) return;
  Key key{std::move(*audio_path), download_day(clock_()), download_client_key(address, user_agent)};
  const std::lock_guard lock(pending_mutex_);
  auto found = pending_.find(key);
  if (found != pending_.end()) {
    found->second += body_bytes;
  } else if (pending_.size() < kMaxPending) {
    pending_.emplace(std::move(key), body_bytes);
  } else {
    spdlog::warn("downloads: too many waiting for the store; a response of {} bytes is not counted", body_bytes);
  }
}

void DownloadWriter::run(const std::stop_token& stop) {
  std::int64_t next_prune_ms = 0;
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(wait_mutex_);
      wake_.wait_for(lock, stop, interval_, [] { return false; });
    }
    if (stop.stop_requested()) return;
    flush();
    const auto now = clock_();
    if (now >= next_prune_ms && prune()) next_prune_ms = now + kPruneEveryMs;
  }
}

bool DownloadWriter::prune() {
  try {
    const auto now = clock_();
    auto lease = db_.lease();
    store::DownloadRepository repository(*lease);
    repository.delete_salts_before(download_day(now - kSaltGraceMs));
    const auto removed = repository.delete_before(download_day(now) - keep_days_);
    if (removed > 0) spdlog::info("downloads: deleted {} row(s) older than {} days", removed, keep_days_);
    return true;
  } catch (const std::exception& error) {
    spdlog::warn("downloads: old rows not deleted yet: {}", error.what());
    return false;
  }
}

bool DownloadWriter::flush() {
  const std::lock_guard flushing(flush_mutex_);
  std::map<Key, std::uint64_t> batch;
  {
    const std::lock_guard lock(pending_mutex_);
    batch.swap(pending_);
  }
  if (batch.empty()) return true;
  try {
    auto lease = db_.lease();
    store::Transaction transaction(*lease);
    store::DownloadRepository repository(*lease);
    std::map<std::string, std::optional<store::EpisodeAudio>> episodes;
    std::map<std::int64_t, std::uint64_t> thresholds;  // episode id -> a minute's bytes
    std::map<std::int64_t, std::array<unsigned char, 32>> salts;
    std::map<std::tuple<std::int64_t, std::int64_t, std::string>, std::int64_t> sums;
    for (const auto& [key, bytes] : batch) {
      const auto& [path, day, client] = key;
      auto episode = episodes.find(path);
      if (episode == episodes.end()) episode = episodes.emplace(path, repository.episode_by_audio_path(path)).first;
      if (!episode->second) continue;
      thresholds.emplace(episode->second->id,
                         download_threshold(episode->second->byte_length, episode->second->duration_ms));
      auto salt = salts.find(day);
      if (salt == salts.end()) {
        std::array<unsigned char, 32> fresh{};
        randombytes_buf(fresh.data(), fresh.size());
        salt = salts.emplace(day, repository.salt_of_day(day, fresh)).first;
        sodium_memzero(fresh.data(), fresh.size());
      }
      sums[{episode->second->id, day, download_client_hash(client, salt->second)}] += static_cast<std::int64_t>(bytes);
    }
    for (auto& [day, salt] : salts) sodium_memzero(salt.data(), salt.size());
    std::vector<store::DownloadBytes> rows;
    rows.reserve(sums.size());
    for (const auto& [key, bytes] : sums) {
      rows.push_back(
          {.episode_id = std::get<0>(key), .day = std::get<1>(key), .client = std::get<2>(key), .bytes = bytes});
    }
    const auto stored = repository.add(rows);
    std::uint64_t counted = 0;
    for (std::size_t i = 0; i < rows.size() && i < stored.size(); ++i) {
      const auto threshold = thresholds[rows[i].episode_id];
      const auto after = static_cast<std::uint64_t>(std::max<std::int64_t>(stored[i], 0));
      const auto before = after - std::min(after, static_cast<std::uint64_t>(rows[i].bytes));
      if (threshold > 0 && before < threshold && after >= threshold) ++counted;
    }
    transaction.commit();
    downloads_counted_.fetch_add(counted, std::memory_order_relaxed);
    return true;
  } catch (const std::exception& error) {
    failed_writes_.fetch_add(1, std::memory_order_relaxed);
    spdlog::warn("downloads: {} sum(s) not stored yet, kept for the next try: {}", batch.size(), error.what());
    const std::lock_guard lock(pending_mutex_);
    for (auto& [key, bytes] : batch) pending_[key] += bytes;
    return false;
  }
}

std::size_t DownloadWriter::pending() const {
  const std::lock_guard lock(pending_mutex_);
  return pending_.size();
}

void DownloadWriter::stop() {
  if (stopped_) return;
  stopped_ = true;
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
  flush();
}

}  // namespace ether::listeners
