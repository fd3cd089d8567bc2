#pragma once
// Icecast-compatible source input: a source client (BUTT, ffmpeg, Liquidsoap, Mixxx, ...) sends a
// channel's live audio with `PUT /live/{channel}.mp3` (or the legacy SOURCE method), user "source"
// and the channel's source password, or a presenter's own login (ingest/presenter_logins.hpp). While it sends, its
// audio replaces the playout in the channel's live origin (stream::LiveFeed); MP3 of the channel's own format passes
// through frame by frame, anything else is transcoded by an ffmpeg child (ingest/transcoder.hpp). Answers as Icecast:
// 401 (with WWW-Authenticate), 409 for a mount that has a source, 400 for a PUT without Content-Type, 415 for a type we
// cannot take, 503 at the source limit; a source that sends nothing for the timeout is dropped.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "admin/login_throttle.hpp"
#include "http/message.hpp"
#include "http/server.hpp"
#include "ingest/source_credentials.hpp"
#include "ingest/source_request.hpp"
#include "store/database.hpp"
#include "stream/live_origin.hpp"

namespace ether::ingest {

struct SourceHubOptions {
  std::size_t max_sources = 4;               // ETHER_SOURCE_LIMIT: sources connected at once
  std::chrono::milliseconds timeout{10000};  // ETHER_SOURCE_TIMEOUT_SECONDS: silence before a source is dropped
  std::string ffmpeg;                        // absolute path; empty: looked up in PATH
  std::filesystem::path log_dir;             // where each transcoder's ffmpeg writes its messages
};

/// The source logins' throttle (admin/login_throttle.hpp): an address (a /64 for IPv6) is locked
/// after 10 failures, for 1 minute doubling up to an hour; after 50 failures on a mount from all
/// addresses together, every further wrong password locks its address at once, while the right one
/// still gets on air.
inline constexpr admin::ThrottlePolicy kSourceThrottle{
    .account_threshold = 50, .address_threshold = 10, .account_global_threshold = 50};

/// A connected source, for logs and the admin.
struct SourceStatus {
  std::string channel;
  IceInfo ice;
  std::string remote_address;
  std::string content_type;
  bool transcoded = false;
  std::int64_t connected_at = 0;  // unix seconds
};

class SourceHub {
 public:
  SourceHub(stream::LiveOrigin& origin, SourceCredentials credentials, SourceHubOptions options);
  ~SourceHub();
  SourceHub(const SourceHub&) = delete;
  SourceHub& operator=(const SourceHub&) = delete;

  /// Answers a source's PUT or SOURCE /live/{channel}.mp3 (head only, see http::RequestBodyHandler):
  /// an error, or 200 with `body` set to the consumer of its audio. From memory, except for a
  /// presenter's login (see may_block).
  http::Response connect(const http::Request& request, std::shared_ptr<http::StreamingRequestBody>& body);

  /// Checks a presenter's login (username, password, channel): blocks (store, password hash).
  using PresenterCheck =
      std::function<bool(std::string_view channel, std::string_view user, std::string_view password)>;
  /// Counts failed logins per client address and per mount in the store (kSourceThrottle): a
  /// throttled address is refused with 429 and Retry-After before its password is looked at; the
  /// right password is never refused for other addresses' failures. Set before the server starts;
  /// from then on every login check blocks (store).
  void set_throttle(store::Database& db, std::function<std::int64_t()> now);
  /// Lets presenters' own logins send too. Set before the server starts.
  void set_presenter_check(PresenterCheck check) { presenter_check_ = std::move(check); }
  /// True when checking `request`'s login may block (a throttle is set, or a presenter's login
  /// rather than user "source"): then connect() must run on a worker thread. From memory.
  [[nodiscard]] bool may_block(const http::Request& request) const;
  /// True when `user` and `password` may send `channel`: user "source" with the channel's password
  /// (from memory), or a presenter's login (blocks). Also for Icecast's /admin/metadata. Throws
  /// store::StoreUnavailable when a presenter's login cannot be checked now.
  [[nodiscard]] bool verify_login(std::string_view channel, std::string_view user, std::string_view password) const;
  /// verify_login behind the throttle (set_throttle), for a login from `address`: a failure is
  /// counted and logged with the address. Blocks when a throttle is set. Throws as verify_login.
  [[nodiscard]] SourceLoginCheck check_login(std::string_view channel, std::string_view user, std::string_view password,
                                             const std::string& address) const;
  /// Channels whose mount is taken elsewhere (relayed from another instance): a source gets 409.
  void set_mount_taken(std::function<bool(std::string_view channel)> taken) { mount_taken_ = std::move(taken); }
  /// Told when a channel's source goes on air (true) and off air (false), e.g. for webhooks. Set
  /// before the first source connects; called on an I/O thread: must not block.
  using OnAirListener = std::function<void(const std::string& channel, bool on_air)>;
  void set_on_air_listener(OnAirListener listener) { on_air_ = std::move(listener); }
  /// The sources connected now.
  [[nodiscard]] std::vector<SourceStatus> sources() const;
  /// True while a source of `channel` is connected here.
  [[nodiscard]] bool connected(std::string_view channel) const;

  class Session;

 private:
  std::size_t reap_locked();  // forgets finished sessions; returns the number still active

  stream::LiveOrigin& origin_;
  SourceCredentials credentials_;
  PresenterCheck presenter_check_;
  store::Database* throttle_db_ = nullptr;
  std::function<std::int64_t()> now_;
  SourceHubOptions options_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Session>, std::less<>> sessions_;
  std::function<bool(std::string_view)> mount_taken_;
  OnAirListener on_air_;
};

}  // namespace ether::ingest
