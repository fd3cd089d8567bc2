#include "ingest/source_hub.hpp"

#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "api/json_error.hpp"
#include "http/client_group.hpp"
#include "http/request_body.hpp"
#include "ingest/mp3_stream_framer.hpp"
#include "ingest/transcoder.hpp"
#include "process/child_process.hpp"
#include "stream/icy_metadata.hpp"

namespace ether::ingest {
namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The format the channel sends now: that of the newest audio in its ring.
std::optional<OutputFormat> output_format(const stream::BroadcastRing& ring) {
  auto read = ring.read_from(ring.burst_start(4096), 1);
  if (read.chunks.empty()) return std::nullopt;
  const auto header = stream::parse_mp3_frame_header(read.chunks.front()->bytes);
  if (!header) return std::nullopt;
  return OutputFormat{header->bitrate_kbps, header->sample_rate, header->channels};
}

}  // namespace

// One source's audio on its way to the channel's feed: straight through when it is MP3 of the
// output format (decided on its first frame), through a Transcoder otherwise.
class SourceHub::Session {
 public:
  Session(std::string channel, std::shared_ptr<stream::LiveFeed> feed, InputFormat input, OutputFormat output,
          const SourceHubOptions& options, SourceStatus status)
      : channel_(std::move(channel)),
        feed_(std::move(feed)),
        input_(input),
        output_(output),
        ffmpeg_(options.ffmpeg),
        log_(options.log_dir / ("source-" + channel_ + ".log")),
        status_(std::move(status)) {
    feed_->open(stream::icy_text(status_.ice.name, 256));
    if (input_ != InputFormat::mp3) start_transcoder();
  }

  ~Session() { transcoder_.reset(); }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Called on the connection's thread for each piece of the body.
  void push(std::string_view bytes) {
    if (transcoder_) {
      transcoder_->write(bytes);
      return;
    }
    if (!decided_) undecided_.append(bytes);
    for (auto& frame : framer_.push(bytes)) take_frame(std::move(frame));
  }

  // The connection ended (the source left, stalled or the server stops).
  void end() {
    if (transcoder_) {
      transcoder_->finish();  // the feed closes when ffmpeg's last frames are out
      return;
    }
    for (auto& frame : framer_.flush()) take_frame(std::move(frame));
    if (transcoder_) {
      transcoder_->finish();
      return;
    }
    feed_->close();
    finished_ = true;
  }

  [[nodiscard]] bool finished() const { return finished_; }
  // The transcoder ended before its input did (ffmpeg could not read the source's audio).
  [[nodiscard]] bool failed() const { return transcoder_ && finished_; }
  // Read by other threads (the relay's heartbeat): only what does not change, and an atomic.
  [[nodiscard]] SourceStatus status() const {
    auto copy = status_;
    copy.transcoded = transcoded_;
    return copy;
  }
  [[nodiscard]] const std::string& channel() const { return channel_; }

 private:
  void take_frame(Mp3StreamFrame frame) {
    if (!decided_) {
      decided_ = true;
      if (!output_.matches(frame.header)) {
        spdlog::info("ingest: {} sends MP3 at {} kbit/s, {} Hz, {} channel(s); transcoding", channel_,
                     frame.header.bitrate_kbps, frame.header.sample_rate, frame.header.channels);
        start_transcoder();
        transcoder_->write(undecided_);
        undecided_.clear();
        return;
      }
      undecided_.clear();
    }
    if (transcoder_) return;  // the rest of this piece is in `undecided_`, already written
    if (!output_.matches(frame.header)) {
      ++mismatched_;  // a VBR frame of a pass-through source: listeners' decoders need one format
      return;
    }
    const auto duration = frame.duration_us();
    feed_->push(std::move(frame.bytes), duration);
  }

  void start_transcoder() {
    transcoded_ = true;
    auto feed = feed_;
    transcoder_ = std::make_unique<Transcoder>(
        ffmpeg_, input_, output_,
        [feed](Mp3StreamFrame frame) {
          const auto duration = frame.duration_us();
          feed->push(std::move(frame.bytes), duration);
        },
        [this, feed] {
          feed->close();
          finished_ = true;
        },
        log_);
  }

  std::string channel_;
  std::shared_ptr<stream::LiveFeed> feed_;
  InputFormat input_;
  OutputFormat output_;
  std::string ffmpeg_;
  std::filesystem::path log_;
  SourceStatus status_;
  Mp3StreamFramer framer_;
  bool decided_ = false;
  std::string undecided_;  // the bytes before the first frame decided pass-through or not
  std::uint64_t mismatched_ = 0;
  std::unique_ptr<Transcoder> transcoder_;
  std::atomic<bool> finished_{false};
  std::atomic<bool> transcoded_{false};
};

namespace {

// Reads a source's body into its session until it ends or stalls.
class SourceConnection final : public http::StreamingRequestBody {
 public:
  SourceConnection(std::shared_ptr<SourceHub::Session> session, std::chrono::milliseconds timeout,
                   SourceHub::OnAirListener on_air)
      : session_(std::move(session)), timeout_(timeout), on_air_(std::move(on_air)) {}
  SourceConnection(const SourceConnection&) = delete;
  SourceConnection& operator=(const SourceConnection&) = delete;
  // A connection accepted on a worker thread after its deadline had passed is dropped unread:
  // its session must end, or the mount would stay taken.
  ~SourceConnection() override {
    if (ran_) return;
    session_->end();
    spdlog::info("ingest: the source of {} is off air (accepted too late)", session_->channel());
    if (on_air_) on_air_(session_->channel(), false);
  }

  boost::asio::awaitable<void> run(http::RequestBodyStream& body) override {
    ran_ = true;
    using Status = http::RequestBodyStream::Status;
    std::string data;
    std::string_view reason = "disconnected";
    std::uint64_t received = 0;
    while (true) {
      data.clear();
      const auto status = co_await body.read_some(data, timeout_);
      if (status == Status::data) {
        received += data.size();
        session_->push(data);
        if (session_->failed()) {
          reason = "its audio could not be decoded";
          break;
        }
        continue;
      }
      if (status == Status::timeout) reason = "it sent nothing for the timeout";
      if (status == Status::error) reason = "the connection failed";
      break;
    }
    session_->end();
    spdlog::info("ingest: the source of {} is off air ({}; {} bytes received)", session_->channel(), reason, received);
    if (on_air_) on_air_(session_->channel(), false);
  }

 private:
  std::shared_ptr<SourceHub::Session> session_;
  std::chrono::milliseconds timeout_;
  SourceHub::OnAirListener on_air_;
  bool ran_ = false;
};

}  // namespace

SourceHub::SourceHub(stream::LiveOrigin& origin, SourceCredentials credentials, SourceHubOptions options)
    : origin_(origin), credentials_(std::move(credentials)), options_(std::move(options)) {
  if (options_.ffmpeg.empty()) options_.ffmpeg = process::find_program("ffmpeg");
}

SourceHub::~SourceHub() {
  std::lock_guard lock(mutex_);
  sessions_.clear();
}

std::size_t SourceHub::reap_locked() {
  std::erase_if(sessions_, [](const auto& entry) { return entry.second->finished(); });
  return sessions_.size();
}

http::Response SourceHub::connect(const http::Request& request, std::shared_ptr<http::StreamingRequestBody>& body) {
  const auto channel = mount_channel(request.path);
  const auto feed = channel ? origin_.live_feed(*channel) : nullptr;
  const auto ring = channel ? origin_.ring(*channel) : nullptr;
  if (!feed || !ring) return api::json_error(404, "not_found", "Dit mountpoint bestaat niet.");

  const auto login = parse_basic_authorization(request.header("Authorization"));
  SourceLoginCheck check;
  try {
    if (login) check = check_login(*channel, login->user, login->password, request.remote_address);
  } catch (const std::exception& error) {
    spdlog::warn("ingest: cannot check the login of a source for {}: {}", *channel, error.what());
    return api::json_error(503, "unavailable", "De server kan deze login nu niet controleren. Probeer het zo opnieuw.");
  }
  if (check.retry_after > 0) {
    auto response = api::json_error(
        429, "too_many_attempts",
        "Te veel mislukte bronlogins; probeer het opnieuw over " + std::to_string(check.retry_after) + " seconden.");
    response.set_header("Retry-After", std::to_string(check.retry_after));
    return response;
  }
  if (!check.allowed) {
    if (login && login->user == kSourceUser && !credentials_.accepts_sources(*channel)) {
      spdlog::warn("ingest: a source for {} was refused: the channel has no source password", *channel);
    }
    auto response = api::json_error(401, "unauthorized",
                                    "Authentication required: user 'source' and the source password, or a "
                                    "presenter's source login.");
    response.set_header("WWW-Authenticate", "Basic realm=\"Icecast2 Server\"");
    return response;
  }
  std::string content_type(request.header("Content-Type"));
  if (content_type.empty()) {
    // The legacy SOURCE method predates the header; its clients sent MP3.
    if (request.method != "SOURCE") return api::json_error(400, "bad_request", "Een bron stuurt een Content-Type mee.");
    content_type = "audio/mpeg";
  }
  const auto input = input_format_of(content_type);
  if (!input) {
    return api::json_error(415, "unsupported_media_type",
                           "Stuur MP3 (audio/mpeg), AAC (audio/aac) of Ogg Vorbis of Opus (application/ogg).");
  }
  const auto output = output_format(*ring);
  if (!output)
    return api::json_error(503, "unavailable", "Het kanaal is nog niet in de lucht. Probeer het zo opnieuw.");

  std::lock_guard lock(mutex_);
  const auto active = reap_locked();
  if (sessions_.contains(*channel) || (mount_taken_ && mount_taken_(*channel))) {
    return api::json_error(409, "mount_in_use", "Dit mountpoint heeft al een bron.");
  }
  if (active >= options_.max_sources) {
    return api::json_error(503, "too_many_sources", "De server neemt nu geen bronnen meer aan.");
  }
  if (*input != InputFormat::mp3 && options_.ffmpeg.empty()) {
    return api::json_error(415, "unsupported_media_type", "Deze server kan niet omzetten; stuur MP3.");
  }
  SourceStatus status{*channel,
                      read_ice_info([&request](std::string_view name) { return request.header(name); }),
                      request.remote_address,
                      content_type,
                      false,
                      unix_now()};
  std::shared_ptr<Session> session;
  try {
    session = std::make_shared<Session>(*channel, feed, *input, *output, options_, std::move(status));
  } catch (const std::exception& error) {
    spdlog::error("ingest: cannot start the transcoder of {}: {}", *channel, error.what());
    return api::json_error(503, "unavailable", "De server kan deze bron nu niet aannemen.");
  }
  sessions_[*channel] = session;
  spdlog::info("ingest: a source is on air on {} from {} ({}, login {})", *channel, request.remote_address,
               content_type, login->user);

  http::Response response;
  response.status = 200;
  response.set_header("Cache-Control", "no-store");
  body = std::make_shared<SourceConnection>(session, options_.timeout, on_air_);
  if (on_air_) on_air_(*channel, true);
  return response;
}

void SourceHub::set_throttle(store::Database& db, std::function<std::int64_t()> now) {
  throttle_db_ = &db;
  now_ = std::move(now);
}

bool SourceHub::may_block(const http::Request& request) const {
  if (throttle_db_ != nullptr) return true;
  if (!presenter_check_) return false;
  const auto login = parse_basic_authorization(request.header("Authorization"));
  return login && login->user != kSourceUser;
}

bool SourceHub::verify_login(std::string_view channel, std::string_view user, std::string_view password) const {
  if (user == kSourceUser || !presenter_check_) return credentials_.verify_source_login(channel, user, password);
  return presenter_check_(channel, user, password);
}

SourceLoginCheck SourceHub::check_login(std::string_view channel, std::string_view user, std::string_view password,
                                        const std::string& address) const {
  if (throttle_db_ == nullptr) return {.allowed = verify_login(channel, user, password)};
  // Keys of their own, apart from the admin login's: a studio's failures do not lock an editor out.
  const admin::LoginKeys keys{
      .own = {{"source-address:" + http::client_group(address), kSourceThrottle.address_threshold}},
      .shared = {"source-mount:" + std::string(channel), kSourceThrottle.account_global_threshold},
      .success_clears_address = true,
  };
  const auto now = now_();
  admin::LoginAttempt attempt;
  try {
    auto lease = throttle_db_->lease();
    attempt = admin::LoginThrottle(*lease, kSourceThrottle).begin_attempt(keys, now);
  } catch (const std::exception& error) {
    // The studio stays on air through a store outage: user "source" is checked from memory, uncounted.
    spdlog::warn("ingest: cannot read the source login throttle: {}", error.what());
    return {.allowed = verify_login(channel, user, password)};
  }
  if (attempt.refused_for > 0) {
    spdlog::warn("ingest: a source login for {} from {} was refused unchecked: throttled for {} s", channel, address,
                 attempt.refused_for);
    return {.allowed = false, .retry_after = attempt.refused_for};
  }
  // No lease is held while the password is checked: a presenter's check leases one itself.
  const bool allowed = verify_login(channel, user, password);
  if (!allowed) spdlog::warn("ingest: failed source login for {} from {}", channel, address);
  try {
    auto lease = throttle_db_->lease();
    admin::LoginThrottle throttle(*lease, kSourceThrottle);
    if (allowed) {
      throttle.attempt_passed(attempt);
    } else if (const auto slowed = throttle.attempt_failed(attempt, now); slowed > 0) {
      return {.allowed = false, .retry_after = slowed};
    }
  } catch (const std::exception& error) {
    spdlog::warn("ingest: cannot count a source login in the throttle: {}", error.what());
  }
  return {.allowed = allowed};
}

std::vector<SourceStatus> SourceHub::sources() const {
  std::lock_guard lock(mutex_);
  std::vector<SourceStatus> result;
  for (const auto& [channel, session] : sessions_) {
    if (!session->finished()) result.push_back(session->status());
  }
  return result;
}

bool SourceHub::connected(std::string_view channel) const {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(channel);
  return it != sessions_.end() && !it->second->finished();
}

}  // namespace ether::ingest
