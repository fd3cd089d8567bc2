#pragma once
// Keeps the search index current: builds it from a Source the first time it is asked for, and
// afterwards rebuilds it whenever the source's fingerprint (a cheap summary of the store, e.g.
// counts and newest ids) changes. A background thread (start()) checks the fingerprint every
// `check_interval`, so rebuilding never happens on a request; a new index is built beside the old
// one and swapped in atomically. Safe with several server instances on one store: each one notices
// the others' writes through the fingerprint.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "search/index.hpp"

namespace ether::search {

/// Where the documents come from.
struct Source {
  std::function<Corpus()> corpus;
  std::function<std::string()> fingerprint;
};

class SearchService {
 public:
  explicit SearchService(Source source, std::chrono::milliseconds check_interval = std::chrono::seconds(15));
  ~SearchService();
  SearchService(const SearchService&) = delete;
  SearchService& operator=(const SearchService&) = delete;

  /// The current index; the first call builds it (store errors propagate as exceptions).
  [[nodiscard]] std::shared_ptr<const Index> index();
  /// The current index from memory, never building it: nullptr before the first build.
  [[nodiscard]] std::shared_ptr<const Index> built();

  /// Rebuilds when there is no index yet or the fingerprint changed; true when it rebuilt. A store
  /// error keeps the old index and propagates.
  bool refresh();

  /// Starts the background thread that calls refresh() every check interval (errors are logged).
  void start();
  /// Stops that thread; the destructor does too.
  void stop();

 private:
  Source source_;
  std::chrono::milliseconds check_interval_;
  std::mutex build_mutex_;  // one build at a time
  std::mutex index_mutex_;  // guards index_ and fingerprint_
  std::shared_ptr<const Index> index_;
  std::string fingerprint_;
  std::mutex stop_mutex_;
  std::condition_variable stop_signal_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ether::search
