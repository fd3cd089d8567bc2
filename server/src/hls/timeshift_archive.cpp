#include "hls/timeshift_archive.hpp"

#include <algorithm>
#include <fstream>
#include <system_error>

#include "hls/packed_audio.hpp"
#include "hls/segment_grid.hpp"

namespace ether::hls {

namespace {

bool valid_channel(std::string_view channel) {
  return !channel.empty() && channel.front() != '.' && channel.find('/') == std::string_view::npos &&
         channel.find('\0') == std::string_view::npos;
}

// Frames [first, end) of digital silence laid out as the logger lays out an hour (frame k at byte
// floor(k * frame bytes)), for a segment whose hour the disk does not hold.
std::string silent_frames(const recording::FrameFormat& format, const std::string& like, std::int64_t first,
                          std::int64_t end) {
  const auto plain = recording::silent_frame_like(like);
  const auto padded = recording::silent_frame_like(like, true);
  std::string out;
  for (auto k = first; k < end; ++k) {
    const auto size = format.frame_byte(k + 1) - format.frame_byte(k);
    out += size > plain.size() ? padded : plain;
  }
  return out;
}

// Bytes [first, end) of a file; shorter when the file is.
std::string read_range(const std::filesystem::path& path, std::uint64_t first, std::uint64_t end) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(static_cast<std::size_t>(end > first ? end - first : 0), '\0');
  in.seekg(static_cast<std::streamoff>(first));
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return bytes;
}

}  // namespace

TimeshiftArchive::TimeshiftArchive(ArchiveOptions options) : options_(std::move(options)) {}

std::shared_ptr<const HourIndex> TimeshiftArchive::index(std::string_view channel, std::int64_t hour,
                                                         std::int64_t now_ms) const {
  const std::lock_guard lock(index_mutex_);
  Key key{std::string(channel), hour};
  auto it = indexes_.find(key);
  if (it == indexes_.end()) {
    auto made = std::make_shared<HourIndex>(recording::hour_file_path(options_.root, channel, hour));
    if (!made->refresh()) return nullptr;
    // Hours that have left every window are forgotten as new ones come.
    const auto oldest = recording::hour_of(now_ms) - options_.window_hours - 48;
    std::erase_if(indexes_, [oldest](const auto& entry) { return entry.first.second < oldest; });
    it = indexes_.emplace(std::move(key), std::move(made)).first;
    return it->second;
  }
  // A copy once the file grew, so that a reader of the old one never sees it change.
  if (std::error_code ec; std::filesystem::file_size(it->second->file(), ec) > it->second->end() && !ec) {
    auto grown = std::make_shared<HourIndex>(*it->second);
    if (grown->refresh()) it->second = std::move(grown);
  }
  return it->second;
}

std::optional<Window> TimeshiftArchive::window(std::string_view channel, std::int64_t now_ms,
                                               std::optional<std::int64_t> reach_back_s) const {
  if (!valid_channel(channel)) return std::nullopt;
  // The live edge lies in the newest hour file: the current hour's, or just after the turn of the
  // hour (before the logger's first frame of it) the previous one.
  const auto now_hour = recording::hour_of(now_ms);
  std::optional<Window> window;
  for (auto hour = now_hour; hour >= now_hour - 1 && !window; --hour) {
    const auto found = index(channel, hour, now_ms);
    if (!found || !found->format()) continue;
    Window made{0, hour * 3600, *found->format()};
    // A closed hour is played whole; what its file lacks is played as silence.
    const bool closed = now_ms >= (hour + 1) * recording::kHourMs + options_.finish_grace_ms;
    made.edge_s = closed ? (hour + 1) * 3600 : hour * 3600 + found->whole_segments() * kSegmentSeconds;
    window = made;
  }
  if (!window) return std::nullopt;
  const auto length_start_s = segment_containing(now_ms - options_.window_hours * recording::kHourMs);
  auto start_s = length_start_s;
  if (reach_back_s && *reach_back_s < start_s) start_s = segment_containing(*reach_back_s * 1000);
  // Not before the oldest hour file still on the disk (the logger prunes older ones).
  for (auto hour = recording::hour_of(start_s * 1000); hour * 3600 < window->edge_s; ++hour) {
    if (recording::look_at_hour_file(options_.root, channel, hour).format) {
      window->start_s = std::max(start_s, hour * 3600);
      break;
    }
    window->start_s = (hour + 1) * 3600;
  }
  if (window->start_s >= window->edge_s) return std::nullopt;
  window->start_moves = window->start_s == length_start_s;
  return window;
}

std::vector<PlaylistEntry> TimeshiftArchive::entries(const Window& window, std::int64_t from_s, std::int64_t until_s) {
  std::vector<PlaylistEntry> entries;
  for (auto start = std::max(segment_containing(from_s * 1000), window.start_s);
       start < until_s && start + kSegmentSeconds <= window.edge_s; start += kSegmentSeconds) {
    const auto span = segment_span(window.format, start);
    entries.push_back({start, span.first_sample_ms, span.duration_seconds});
  }
  return entries;
}

std::shared_ptr<const Segment> TimeshiftArchive::cached(std::string_view channel, std::int64_t start_s) const {
  const std::lock_guard lock(cache_mutex_);
  auto it = cache_.find(Key{std::string(channel), start_s});
  if (it == cache_.end()) return nullptr;
  recent_.splice(recent_.begin(), recent_, it->second.place);
  return it->second.segment;
}

std::shared_ptr<const Segment> TimeshiftArchive::segment(std::string_view channel, const Window& window,
                                                         std::int64_t start_s) const {
  if (!valid_channel(channel) || !is_segment_start(start_s) || start_s < window.start_s ||
      start_s + kSegmentSeconds > window.edge_s) {
    return nullptr;
  }
  if (auto found = cached(channel, start_s)) return found;
  const auto hour = recording::hour_of(start_s * 1000);
  const auto n = (start_s - hour * 3600) / kSegmentSeconds;
  const auto hour_index = index(channel, hour, window.edge_s * 1000);
  const auto& format = hour_index && hour_index->format() ? *hour_index->format() : window.format;
  const auto span = segment_span(format, start_s);
  auto segment = std::make_shared<Segment>();
  segment->bytes = timestamp_tag(span.pts_90khz);
  std::string audio;
  std::int64_t frames = 0;
  const auto path = recording::hour_file_path(options_.root, channel, hour);
  if (const auto bytes = hour_index ? hour_index->segment_bytes(n) : std::nullopt) {
    audio = read_range(path, bytes->first, bytes->second);
    frames = span.end_frame - span.first_frame;
    if (audio.size() != bytes->second - bytes->first) return nullptr;
  } else if (const auto first = hour_index ? hour_index->segment_start(n) : std::nullopt) {
    // A closed hour whose file ends inside this segment (the recorder was away): its frames,
    audio = read_range(path, *first, hour_index->end());
    frames = hour_index->frames() - span.first_frame;
  }
  // The hour's last slot may stay empty: the origin's frame that falls around the turn of the hour
  // may start just after it, in the next file. Such an hour is whole.
  const bool last_of_closed_hour = n == 3600 / kSegmentSeconds - 1 && window.edge_s >= (hour + 1) * 3600;
  const auto wanted = span.end_frame - span.first_frame - (last_of_closed_hour ? 1 : 0);
  if (frames < wanted) {
    // and silence for the rest, as a recording's gaps are played (recording/recordings.hpp). The
    // logger may still rebuild them, so such a segment is not whole.
    segment->whole = false;
    std::string like = audio.substr(0, std::min<std::size_t>(audio.size(), 4));
    if (like.size() < 4)
      like = recording::look_at_hour_file(options_.root, channel, recording::hour_of((window.edge_s - 1) * 1000)).head;
    if (!like.empty()) audio += silent_frames(format, like, span.first_frame + frames, span.end_frame);
  }
  segment->bytes += audio;
  std::shared_ptr<const Segment> result = std::move(segment);
  if (result->whole) remember(Key{std::string(channel), start_s}, result);
  return result;
}

void TimeshiftArchive::remember(Key key, const std::shared_ptr<const Segment>& segment) const {
  const std::lock_guard lock(cache_mutex_);
  if (cache_.contains(key)) return;
  recent_.push_front(key);
  cache_.emplace(std::move(key), Cached{segment, recent_.begin()});
  cached_bytes_ += segment->bytes.size();
  while (cached_bytes_ > options_.cache_bytes && !recent_.empty()) {
    auto it = cache_.find(recent_.back());
    cached_bytes_ -= it->second.segment->bytes.size();
    cache_.erase(it);
    recent_.pop_back();
  }
}

}  // namespace ether::hls
