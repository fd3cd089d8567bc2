#pragma once
// Shared helpers of the HTTP-layer tests: temporary directories, a small web/dist and a fake
// PageSource that answers like the real loader does (status, route, title, canonical, data).

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

#include "http/message.hpp"
#include "pages/page_result.hpp"
#include "support/test_paths.hpp"

namespace ether::test {

/// A directory under ETHER_TEST_TMP removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::random_device random;
    path_ = std::filesystem::path(ETHER_TEST_TMP) / ("http-" + std::to_string(random()) + std::to_string(random()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

inline const char* kIndexHtml =
    "<!doctype html><html lang=\"nl\"><head><meta charset=\"utf-8\"><title>Ether</title>"
    "<!--ether-head--><script type=\"module\" src=\"/assets/app-abc123.js\"></script></head>"
    "<body><div id=\"root\"></div><!--ether-data--></body></html>";

/// A JavaScript file large enough to be compressed.
inline std::string sample_script() {
  std::string script;
  for (int i = 0; i < 200; ++i)
    script += "export const value" + std::to_string(i) + " = 'Ether radio " + std::to_string(i) + "';\n";
  return script;
}

/// Writes index.html, /assets/app-abc123.js, /favicon.svg and a small /robots.txt into `dir`.
inline void write_web_dist(const std::filesystem::path& dir) {
  write_file(dir / "index.html", kIndexHtml);
  write_file(dir / "assets" / "app-abc123.js", sample_script());
  write_file(dir / "favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>");
  write_file(dir / "robots.txt", "User-agent: *\nAllow: /\n");
}

/// Answers "/" (home), "/gids" (channel parameter, default radio2), "/slow" (waits until released),
/// "/explode" (throws, to prove the server's 500) and 404 for anything else.
class FakePageSource : public pages::PageSource {
 public:
  pages::PageResult load(std::string_view path, const http::QueryParams& query) override {
    ++loads;
    pages::PageResult result;
    if (path == "/") {
      result.route = "home";
      result.title = "Ether";
      result.description = "Luister live naar Ether Radio 2";
      result.canonical_path = "/";
      result.data["greeting"] = "hallo";
      std::string intro;
      for (int i = 0; i < 40; ++i) intro += "Ether speelt de beste muziek, dag en nacht. ";
      result.data["intro"] = intro;
      return result;
    }
    if (path == "/gids") {
      auto channel = query.find("channel");
      std::string slug = channel == query.end() ? "radio2" : channel->second;
      result.route = "gids";
      result.title = "Gids - Ether";
      result.description = "De programmagids van " + slug;
      result.canonical_path = slug == "radio2" ? "/gids" : "/gids?channel=" + slug;
      result.params["channel"] = slug;
      return result;
    }
    if (path == "/slow") {
      slow_entered = true;
      slow_inside.fetch_add(1);
      auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (!slow_release && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      result.route = "home";
      result.title = "Langzaam - Ether";
      result.canonical_path = "/slow";
      return result;
    }
    if (path == "/overzicht/preview/7") {
      result.route = "overzicht";
      result.title = "Voorbeeld: Concept - Ether";
      result.canonical_path = "/overzicht/preview/7";
      result.preview = true;
      return result;
    }
    if (path == "/explode") throw std::runtime_error("the fake page source exploded");
    result.status = 404;
    result.route = "not-found";
    result.title = "Pagina niet gevonden - Ether";
    result.description = "Deze pagina bestaat niet.";
    result.canonical_path = std::string(path);
    result.data["path"] = path;
    return result;
  }

  boost::json::object site_config() override {
    return {{"name", "Ether"},
            {"baseUrl", "http://localhost:8080"},
            {"siteCode", "ether"},
            {"defaultChannel", "radio2"},
            {"channels", boost::json::array{}}};
  }

  boost::json::array maintenance_notifications() override {
    if (maintenance_fails) throw std::runtime_error("the fake store is away");
    return maintenance;
  }

  boost::json::array maintenance;  // what maintenance_notifications() answers
  bool maintenance_fails = false;
  std::atomic<int> loads{0};
  std::atomic<bool> slow_entered{false};
  std::atomic<int> slow_inside{0};  // how many /slow requests have begun
  std::atomic<bool> slow_release{false};
};

/// A GET request for `target` with optional headers.
inline http::Request get(std::string_view target,
                         std::initializer_list<std::pair<std::string, std::string>> headers = {},
                         std::string method = "GET") {
  http::Request request;
  request.method = std::move(method);
  if (!http::parse_target(target, request)) throw std::invalid_argument("bad test target");
  for (const auto& [name, value] : headers) request.headers[name] = value;
  return request;
}

}  // namespace ether::test
