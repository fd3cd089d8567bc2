#include "http/media_files.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include "http/byte_response.hpp"
#include "http/json_answer.hpp"
#include "http/mime.hpp"

namespace ether::http {
namespace {

// Segments must be plain names: no "..", ".", empty segments, hidden files, backslashes or NUL.
enum class PathCheck { ok, bad, hidden };

PathCheck check_relative(std::string_view relative) {
  if (relative.empty() || relative.front() == '/') return PathCheck::bad;
  if (relative.find('\0') != std::string_view::npos || relative.find('\\') != std::string_view::npos) {
    return PathCheck::bad;
  }
  PathCheck result = PathCheck::ok;
  while (true) {
    auto slash = relative.find('/');
    std::string_view segment = relative.substr(0, slash);
    if (segment.empty() || segment == "." || segment == "..") return PathCheck::bad;
    if (segment.front() == '.') result = PathCheck::hidden;
    if (slash == std::string_view::npos) break;
    relative.remove_prefix(slash + 1);
  }
  return result;
}

std::time_t to_time_t(std::filesystem::file_time_type time) {
  auto system = std::chrono::file_clock::to_sys(time);
  return std::chrono::system_clock::to_time_t(std::chrono::floor<std::chrono::seconds>(system));
}

}  // namespace

MediaFiles::MediaFiles(std::filesystem::path root, std::size_t cache_limit)
    : root_(std::move(root)), cache_limit_(cache_limit) {
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(root_, ec);
  if (!ec) root_ = canonical;
}

Response MediaFiles::serve(const Request& request, std::string_view relative) const {
  switch (check_relative(relative)) {
    case PathCheck::bad:
      return json_error(400, "bad_path", "Dit mediapad is niet geldig.");
    case PathCheck::hidden:
      return json_error(404, "not_found", "Dit mediabestand bestaat niet.");
    case PathCheck::ok:
      break;
  }
  std::filesystem::path path = root_ / std::filesystem::path(std::string(relative));
  std::error_code ec;
  // Symlinks may not lead out of the media directory either.
  std::filesystem::path canonical = std::filesystem::canonical(path, ec);
  if (ec || !std::filesystem::is_regular_file(canonical, ec)) {
    return json_error(404, "not_found", "Dit mediabestand bestaat niet.");
  }
  auto [root_end, ignored] = std::mismatch(root_.begin(), root_.end(), canonical.begin(), canonical.end());
  if (root_end != root_.end()) return json_error(404, "not_found", "Dit mediabestand bestaat niet.");

  auto size = std::filesystem::file_size(canonical, ec);
  auto write_time = std::filesystem::last_write_time(canonical, ec);
  if (ec) return json_error(404, "not_found", "Dit mediabestand bestaat niet.");

  std::string key = canonical.string();
  std::shared_ptr<const Entry> entry;
  {
    std::lock_guard lock(mutex_);
    auto it = cache_.find(key);
    if (it != cache_.end() && it->second->size == size && it->second->write_time == write_time) entry = it->second;
  }
  if (!entry) {
    std::ifstream in(canonical, std::ios::binary);
    std::ostringstream out;
    if (!(in && out << in.rdbuf())) {
      if (size != 0) {
        spdlog::error("media: cannot read {}", canonical.string());
        return json_error(404, "not_found", "Dit mediabestand bestaat niet.");
      }
    }
    auto fresh = std::make_shared<Entry>();
    fresh->bytes = std::make_shared<const std::string>(std::move(out).str());
    fresh->size = size;
    fresh->write_time = write_time;
    fresh->last_modified = to_time_t(write_time);
    auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(write_time.time_since_epoch()).count();
    std::ostringstream tag;
    tag << '"' << std::hex << fresh->bytes->size() << '-' << nanos << '"';
    fresh->etag = tag.str();
    entry = fresh;
    std::lock_guard lock(mutex_);
    auto it = cache_.find(key);
    if (it != cache_.end()) {
      cached_bytes_ -= it->second->bytes->size();
      cache_.erase(it);
    }
    if (cached_bytes_ + entry->bytes->size() <= cache_limit_) {
      cached_bytes_ += entry->bytes->size();
      cache_.emplace(key, entry);
    }
  }

  Representation rep;
  rep.bytes = entry->bytes;
  rep.etag = entry->etag;
  rep.last_modified = entry->last_modified;
  rep.content_type = content_type_for(relative);
  Response response = respond_with(request, rep);
  response.set_header("Cache-Control", "public, max-age=3600");
  return response;
}

}  // namespace ether::http
