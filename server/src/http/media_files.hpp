#pragma once
// Files under the media directory (media/demo) served at /media/<path>: Content-Type by extension,
// ETag and Last-Modified, 304, single byte ranges. Paths never leave the directory.

#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "http/message.hpp"

namespace ether::http {

/// A media directory with an in-memory cache of the files read so far.
class MediaFiles {
 public:
  /// `cache_limit` bounds the bytes kept in memory; larger sets are read from disk per request.
  explicit MediaFiles(std::filesystem::path root, std::size_t cache_limit = std::size_t{512} << 20);

  /// The answer for GET/HEAD of `relative` (the part after "/media/", decoded): 200/206/304/416,
  /// 400 for a path that tries to leave the directory, 404 for anything not a regular file.
  [[nodiscard]] Response serve(const Request& request, std::string_view relative) const;

  [[nodiscard]] const std::filesystem::path& root() const { return root_; }

 private:
  struct Entry {
    std::shared_ptr<const std::string> bytes;
    std::string etag;
    std::time_t last_modified = 0;
    std::uintmax_t size = 0;
    std::filesystem::file_time_type write_time;
  };
  std::filesystem::path root_;
  std::size_t cache_limit_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::shared_ptr<const Entry>> cache_;
  mutable std::size_t cached_bytes_ = 0;
};

}  // namespace ether::http
