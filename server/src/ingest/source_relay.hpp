#pragma once
// Live sources across instances on one database: the instance that holds a channel's source says
// so in the store (store::LiveSourceRepository, a heartbeat every tick), and every other instance
// relays the channel from it (as an Icecast relay from its master): it pulls the holder's
// /internal/relay/{channel}.mp3 (the source's frames as that instance sends them, authenticated
// with a stream token of the shared secret) into its own origin's LiveFeed, so its listeners and
// its recorder hear the studio too. A holder that dies stops its heartbeat; its row goes stale.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "http/message.hpp"
#include "ingest/source_hub.hpp"
#include "store/database.hpp"
#include "stream/live_origin.hpp"
#include "stream/stream_token.hpp"

namespace ether::ingest {

struct SourceRelayOptions {
  std::chrono::milliseconds tick{250};        // heartbeat and discovery: a relay starts within ~2 ticks
  std::chrono::seconds stale{5};              // a row without heartbeat this long is ignored
  std::chrono::seconds token_lifetime{3600};  // of the relay request's token
  // A relay starts where the source went on air, at most this much audio back: the relaying
  // instance's feed takes up to 3 s at once without dropping frames.
  std::chrono::milliseconds relay_burst{2000};
};

/// Where a relay of a channel's ring starts: where the source went on air (`on_air_at`, a chunk
/// boundary), so that the relaying instance's listeners hear the source's beginning, but not before
/// `burst_start`; the head while the clock has not played the source yet.
[[nodiscard]] std::uint64_t relay_start(std::optional<std::uint64_t> on_air_at, std::uint64_t burst_start,
                                        std::uint64_t head);

class SourceRelay {
 public:
  SourceRelay(store::Database& db, stream::LiveOrigin& origin, SourceHub& hub, stream::TokenSigner signer,
              SourceRelayOptions options);
  ~SourceRelay();  // stop()
  SourceRelay(const SourceRelay&) = delete;
  SourceRelay& operator=(const SourceRelay&) = delete;

  /// Starts the thread that heartbeats this instance's sources and starts and stops relays;
  /// `instance_url` is how the other instances reach this one (ETHER_INSTANCE_URL).
  void start(std::string instance_url);
  /// Stops the thread and every relay, and forgets this instance's rows.
  void stop();

  /// GET /internal/relay/{channel}.mp3?token=: the channel's output from now on, while its source
  /// is on air here (403 for a bad token, 404 when no source is on air here). From memory.
  [[nodiscard]] http::Response relay_stream(const http::Request& request, const std::string& file) const;
  /// True while this instance relays `channel` from another (its mount is taken: 409 here).
  [[nodiscard]] bool relaying(std::string_view channel) const;
  /// Told, on the relay's thread, when the holder ended a relay of `channel`: its source went off
  /// air. Must not block. Set before start().
  void set_on_source_left(std::function<void(const std::string& channel)> listener) {
    on_source_left_ = std::move(listener);
  }
  /// This instance's id in the store.
  [[nodiscard]] const std::string& instance_id() const { return instance_id_; }

  class Client;

 private:
  void tick();

  store::Database& db_;
  stream::LiveOrigin& origin_;
  SourceHub& hub_;
  stream::TokenSigner signer_;
  SourceRelayOptions options_;
  std::string instance_id_;
  std::string instance_url_;       // set by start(), before the thread
  std::set<std::string> claimed_;  // channels this instance has said it holds (tick thread only)
  mutable std::mutex mutex_;
  std::map<std::string, std::unique_ptr<Client>, std::less<>> clients_;
  std::function<void(const std::string&)> on_source_left_;
  std::jthread thread_;
};

}  // namespace ether::ingest
