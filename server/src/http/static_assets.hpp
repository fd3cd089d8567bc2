#pragma once
// The built web app (web/dist) held in memory: every file with a strong ETag, its Content-Type and,
// for compressible types, precompressed brotli and gzip copies chosen by Accept-Encoding.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "http/message.hpp"

namespace ether::http {

/// One file of the web app with its encodings.
struct StaticFile {
  std::string content_type;
  std::string cache_control;  // immutable for /assets/ (hashed names), no-cache otherwise
  std::shared_ptr<const std::string> identity;
  std::shared_ptr<const std::string> brotli;  // null when not worth it
  std::shared_ptr<const std::string> gzip;    // null when not worth it
  std::string etag;                           // of the identity bytes
  std::string brotli_etag;
  std::string gzip_etag;
};

/// Compressed copies of a file made ahead (by the web build), each used only when it decodes to
/// exactly the file's bytes.
struct Precompressed {
  std::optional<std::string> brotli;
  std::optional<std::string> gzip;
};

/// The encodings a client accepts, by the q-values of Accept-Encoding.
enum class Encoding { identity, gzip, brotli };

/// The best of the available encodings for an Accept-Encoding value: the highest q wins, ties go to
/// brotli, then gzip, then identity; q=0 excludes a coding.
Encoding choose_encoding(std::string_view accept_encoding, bool has_brotli, bool has_gzip);

/// The files of one directory, loaded once.
class StaticAssets {
 public:
  StaticAssets() = default;

  /// Loads every regular file under `dir` (index.html is left to the HTML shell). "x.br" and "x.gz"
  /// beside a file "x" are its compressed copies from the build, not files of their own, and spare
  /// the start its compression (brotli at quality 11 took 7 s of CPU for the app's 3 MB). Throws
  /// std::runtime_error when `dir` exists but cannot be read; a missing dir gives no files.
  static StaticAssets load(const std::filesystem::path& dir);

  /// Adds one file at a URL path ("/assets/app-1a2b.js"), compressing it where `copies` offers no
  /// sound copy. Returns how many of the copies it used.
  std::size_t add(std::string url_path, std::string bytes, Precompressed copies = {});

  /// The file at a decoded URL path, or null.
  [[nodiscard]] const StaticFile* find(std::string_view url_path) const;

  /// The answer for a GET/HEAD of a file (200/206/304/416), or nullopt when there is no such file.
  [[nodiscard]] std::optional<Response> serve(const Request& request) const;

  [[nodiscard]] std::size_t size() const { return files_.size(); }

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
  };
  std::unordered_map<std::string, StaticFile, Hash, std::equal_to<>> files_;
};

/// gzip (zlib, `level` 1-9) and brotli (`quality` 0-11) of a whole body.
std::string gzip_compress(std::string_view bytes, int level = 9);
std::string brotli_compress(std::string_view bytes, int quality = 11);

/// The bytes a whole gzip or brotli body decodes to, or nullopt when it is not one whole body or
/// decodes to more than `max_size` bytes.
std::optional<std::string> gzip_decompress(std::string_view compressed, std::size_t max_size);
std::optional<std::string> brotli_decompress(std::string_view compressed, std::size_t max_size);

/// Compresses a dynamic response (HTML, JSON, text of at least 1 KiB in `body`) with the best
/// encoding the request accepts, quickly (brotli 5, gzip 6): sets Content-Encoding, adds
/// Accept-Encoding to Vary, gives the ETag an encoding suffix and answers 304 when If-None-Match
/// holds that tag. Shared, streamed and already encoded bodies are left alone.
void compress_response(const Request& request, Response& response);

}  // namespace ether::http
