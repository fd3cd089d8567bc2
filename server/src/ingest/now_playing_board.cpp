#include "ingest/now_playing_board.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <condition_variable>

namespace ether::ingest {
namespace {

// Items that ended this long ago are forgotten; a chunk's instant is never older than the
// origin's start-up backlog (15 s).
constexpr std::int64_t kKeptSeconds = 120;

// A source's items end where it left, also while the store still holds their hold.
void end_source_items(std::vector<BoardItem>& items, std::int64_t left) {
  for (auto& item : items) {
    if (item.from_source && item.starts_at < left && item.ends_at > left) item.ends_at = left;
  }
}

bool same_items(const std::vector<BoardItem>& a, const std::vector<BoardItem>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const BoardItem& x, const BoardItem& y) {
    return x.id == y.id && x.starts_at == y.starts_at && x.ends_at == y.ends_at;
  });
}

}  // namespace

std::string stream_title_of(const BoardItem& item) {
  if (item.kind == ItemKind::song) {
    return item.artist.empty() ? item.title : item.title.empty() ? item.artist : item.artist + " - " + item.title;
  }
  if (!item.title.empty()) return item.title;
  switch (item.kind) {
    case ItemKind::ad:
      return "Reclame";
    case ItemKind::news:
      return "Nieuws";
    case ItemKind::jingle:
      return "Jingle";
    default:
      return "Gesproken woord";
  }
}

NowPlayingBoard::NowPlayingBoard(store::Database& db, Clock clock) : db_(db), clock_(std::move(clock)) {}

NowPlayingBoard::~NowPlayingBoard() { stop(); }

void NowPlayingBoard::put(const std::string& channel, const BoardItem& item) {
  std::lock_guard lock(mutex_);
  auto& items = items_[channel];
  std::erase_if(items, [&item](const BoardItem& known) { return known.starts_at == item.starts_at; });
  for (auto& known : items) {
    if (known.starts_at < item.starts_at && known.ends_at > item.starts_at) known.ends_at = item.starts_at;
  }
  items.push_back(item);
  std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.starts_at < b.starts_at; });
}

void NowPlayingBoard::source_off_air(const std::string& channel, std::int64_t at) {
  std::lock_guard lock(mutex_);
  source_left_[channel] = at;
  if (auto it = items_.find(channel); it != items_.end()) end_source_items(it->second, at);
}

std::optional<std::string> NowPlayingBoard::stream_title(std::string_view channel, std::int64_t at_ms) const {
  std::lock_guard lock(mutex_);
  auto it = items_.find(channel);
  if (it == items_.end()) return std::nullopt;
  for (auto item = it->second.rbegin(); item != it->second.rend(); ++item) {
    if (item->starts_at * 1000 > at_ms) continue;
    if (item->ends_at * 1000 > at_ms) return stream_title_of(*item);
    break;
  }
  return std::nullopt;
}

std::vector<std::string> NowPlayingBoard::reload() {
  const auto now = clock_();
  const long long since = now - kKeptSeconds;
  std::map<std::string, std::vector<BoardItem>, std::less<>> fresh;
  {
    auto lease = db_.lease();
    std::string channel;
    std::string kind;
    BoardItem row;
    long long id = 0;
    long long starts = 0;
    long long ends = 0;
    int from_source = 0;
    soci::statement st =
        (lease->prepare << "SELECT channel_slug, id, kind, artist, title, starts_at, ends_at, from_source FROM "
                           "nowplaying_items WHERE ends_at > :since ORDER BY channel_slug, starts_at",
         soci::into(channel), soci::into(id), soci::into(kind), soci::into(row.artist), soci::into(row.title),
         soci::into(starts), soci::into(ends), soci::into(from_source), soci::use(since));
    st.execute();
    while (st.fetch()) {
      row.id = id;
      row.kind = parse_kind(kind).value_or(ItemKind::song);
      row.starts_at = starts;
      row.ends_at = ends;
      row.from_source = from_source != 0;
      fresh[channel].push_back(row);
    }
  }
  std::vector<std::string> changed;
  std::lock_guard lock(mutex_);
  // The store's own rows are compared too: an item already ended here in memory (its source left)
  // looks the same once the store ends it as well, but the info document, which reads the store,
  // must be built again then.
  auto stored = fresh;
  for (const auto& [channel, items] : stored) {
    auto it = stored_.find(channel);
    if (it == stored_.end() || !same_items(it->second, items)) changed.push_back(channel);
  }
  stored_ = std::move(stored);
  std::erase_if(source_left_, [since](const auto& left) { return left.second < since; });
  for (const auto& [channel, left] : source_left_) {
    if (auto it = fresh.find(channel); it != fresh.end()) end_source_items(it->second, left);
  }
  for (const auto& [channel, items] : fresh) {
    auto it = items_.find(channel);
    if ((it == items_.end() || !same_items(it->second, items)) &&
        std::find(changed.begin(), changed.end(), channel) == changed.end()) {
      changed.push_back(channel);
    }
  }
  for (const auto& [channel, items] : items_) {
    if (!items.empty() && !fresh.contains(channel)) changed.push_back(channel);
  }
  items_ = std::move(fresh);
  return changed;
}

void NowPlayingBoard::start(std::function<void(const std::string& channel)> changed) {
  if (thread_.joinable()) return;
  thread_ = std::jthread([this, changed = std::move(changed)](const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    bool failing = false;
    while (!stop.stop_requested()) {
      try {
        for (const auto& channel : reload()) changed(channel);
        failing = false;
      } catch (const std::exception& error) {
        if (!failing) spdlog::warn("now-playing: cannot read the external items (retrying): {}", error.what());
        failing = true;
      }
      std::unique_lock lock(mutex);
      wake.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; });
    }
  });
}

void NowPlayingBoard::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
}

}  // namespace ether::ingest
