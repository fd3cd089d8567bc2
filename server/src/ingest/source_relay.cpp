#include "ingest/source_relay.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "api/json_error.hpp"
#include "curl/curl_global.hpp"
#include "http/streaming_body.hpp"
#include "ingest/mp3_stream_framer.hpp"
#include "ingest/source_request.hpp"
#include "store/live_source_repository.hpp"

namespace ether::ingest {
namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string random_id() {
  std::random_device random;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 16; ++i) id.push_back(kHex[random() % 16]);
  return id;
}

// The holder's side: the channel's output from `start` on (whole chunks, so whole frames), until
// its source is off air.
class RelayBody final : public http::StreamingBody {
 public:
  RelayBody(std::shared_ptr<const stream::BroadcastRing> ring, std::shared_ptr<stream::LiveFeed> feed,
            std::uint64_t start)
      : ring_(std::move(ring)), feed_(std::move(feed)), start_(start) {}

  boost::asio::awaitable<void> run(boost::asio::ip::tcp::socket& socket) override {
    boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
    std::uint64_t position = start_;
    bool last_round = false;
    while (true) {
      // The chunks appended in the tick that ended the source are still sent.
      if (!feed_->on_air()) last_round = true;
      auto read = ring_->read_from(position, 16);
      if (read.fell_behind) co_return;
      for (const auto& chunk : read.chunks) {
        const auto skip = position > chunk->start ? static_cast<std::size_t>(position - chunk->start) : 0;
        if (skip < chunk->bytes.size()) {
          co_await boost::asio::async_write(socket,
                                            boost::asio::buffer(chunk->bytes.data() + skip, chunk->bytes.size() - skip),
                                            boost::asio::use_awaitable);
        }
        position = chunk->end();
      }
      if (last_round) co_return;
      if (read.chunks.empty()) {
        timer.expires_after(std::chrono::milliseconds(50));
        co_await timer.async_wait(boost::asio::use_awaitable);
      }
    }
  }

 private:
  std::shared_ptr<const stream::BroadcastRing> ring_;
  std::shared_ptr<stream::LiveFeed> feed_;
  std::uint64_t start_;
};

}  // namespace

std::uint64_t relay_start(std::optional<std::uint64_t> on_air_at, std::uint64_t burst_start, std::uint64_t head) {
  if (!on_air_at) return head;
  return std::clamp(*on_air_at, burst_start, head);
}

// The relaying side: pulls the holder's relay stream into this instance's feed on its own thread
// (libcurl), until told to stop or the holder ends it.
class SourceRelay::Client {
 public:
  Client(std::string channel, std::string url, std::string title, std::shared_ptr<stream::LiveFeed> feed,
         std::function<void(const std::string&)> on_source_left)
      : channel_(std::move(channel)),
        url_(std::move(url)),
        title_(std::move(title)),
        feed_(std::move(feed)),
        on_source_left_(std::move(on_source_left)) {
    // Opened here, before any later tick can retitle it; on air with the first relayed frame.
    feed_->open(title_);
    thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
  }
  ~Client() {
    thread_.request_stop();
    thread_.join();
  }
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  [[nodiscard]] bool finished() const { return finished_; }
  [[nodiscard]] const std::string& channel() const { return channel_; }
  /// The holder's stream title changed (tick thread only).
  void retitle(const std::string& title) {
    if (title == title_) return;
    title_ = title;
    feed_->set_title(title);
  }

 private:
  struct Transfer {
    Client* client;
    const std::stop_token* stop;
  };

  static std::size_t on_data(char* data, std::size_t size, std::size_t count, void* user) {
    auto* client = static_cast<Client*>(user);
    for (auto& frame : client->framer_.push(std::string_view(data, size * count))) {
      const auto duration = frame.duration_us();
      client->feed_->push(std::move(frame.bytes), duration);
    }
    return size * count;
  }

  static int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    return static_cast<Transfer*>(user)->stop->stop_requested() ? 1 : 0;
  }

  void run(const std::stop_token& stop) {
    curl::ensure_global_init();
    CURL* curl = curl_easy_init();
    if (curl == nullptr) {
      feed_->close();
      finished_ = true;
      return;
    }
    Transfer transfer{this, &stop};
    curl_easy_setopt(curl, CURLOPT_URL, url_.c_str());
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &Client::on_data);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, this);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, &Client::on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 3000L);
    curl_easy_setopt(curl, CURLOPT_FAILONERROR, 1L);
    // A holder that stops sending (it died without closing) is given up after a few seconds.
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, 5L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    spdlog::info("ingest: relaying {} from {}", channel_, url_.substr(0, url_.find('?')));
    const auto result = curl_easy_perform(curl);
    for (auto& frame : framer_.flush()) {
      const auto duration = frame.duration_us();
      feed_->push(std::move(frame.bytes), duration);
    }
    feed_->close();
    if (result != CURLE_OK && !stop.stop_requested()) {
      spdlog::warn("ingest: the relay of {} ended: {}", channel_, curl_easy_strerror(result));
    }
    // The holder ends the stream when its source leaves (a failed transfer tells nothing of it).
    if (result == CURLE_OK && on_source_left_) on_source_left_(channel_);
    curl_easy_cleanup(curl);
    finished_ = true;
  }

  std::string channel_;
  std::string url_;
  std::string title_;  // the holder's, as last told (tick thread only)
  std::shared_ptr<stream::LiveFeed> feed_;
  std::function<void(const std::string&)> on_source_left_;
  Mp3StreamFramer framer_;
  std::atomic<bool> finished_{false};
  std::jthread thread_;
};

SourceRelay::SourceRelay(store::Database& db, stream::LiveOrigin& origin, SourceHub& hub, stream::TokenSigner signer,
                         SourceRelayOptions options)
    : db_(db), origin_(origin), hub_(hub), signer_(std::move(signer)), options_(options), instance_id_(random_id()) {}

SourceRelay::~SourceRelay() { stop(); }

void SourceRelay::start(std::string instance_url) {
  if (thread_.joinable()) return;
  while (!instance_url.empty() && instance_url.back() == '/') instance_url.pop_back();
  instance_url_ = std::move(instance_url);
  thread_ = std::jthread([this](const std::stop_token& stop) {
    bool failing = false;
    while (!stop.stop_requested()) {
      try {
        // While the store is known to be away, running relays go on and nothing waits on it.
        if (db_.healthy()) {
          tick();
          failing = false;
        }
      } catch (const std::exception& error) {
        // Said once per outage: the heartbeats resume with the store.
        if (!failing) spdlog::warn("ingest: relay bookkeeping failed: {}", error.what());
        failing = true;
      }
      std::this_thread::sleep_for(options_.tick);
    }
  });
}

void SourceRelay::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
  {
    std::lock_guard lock(mutex_);
    clients_.clear();
  }
  try {
    if (!claimed_.empty() && db_.healthy()) {
      auto lease = db_.lease();
      store::LiveSourceRepository repository(*lease);
      for (const auto& channel : claimed_) repository.release(channel, instance_id_);
    }
  } catch (const std::exception&) {
    // The rows go stale by themselves.
  }
  claimed_.clear();
}

void SourceRelay::tick() {
  const auto now = unix_now();
  // This instance's sources and the titles its listeners hear meanwhile, for the relays.
  std::map<std::string, std::string> local;
  for (const auto& source : hub_.sources()) {
    const auto feed = origin_.live_feed(source.channel);
    local[source.channel] = feed ? feed->title() : std::string();
  }
  std::vector<store::LiveSourceRow> rows;
  {
    auto lease = db_.lease();
    store::LiveSourceRepository repository(*lease);
    for (const auto& [channel, title] : local) repository.claim(channel, instance_id_, instance_url_, title, now);
    for (const auto& channel : claimed_) {
      if (!local.contains(channel)) repository.release(channel, instance_id_);
    }
    claimed_.clear();
    for (const auto& entry : local) claimed_.insert(entry.first);
    rows = repository.fresh(now - options_.stale.count());
  }
  struct Wanted {
    std::string url;
    std::string title;
  };
  std::map<std::string, Wanted, std::less<>> wanted;  // by channel
  for (const auto& row : rows) {
    if (row.instance_id == instance_id_ || local.contains(row.channel) || !origin_.live_feed(row.channel)) continue;
    const auto token = signer_.sign("relay:" + row.channel, now + options_.token_lifetime.count());
    wanted[row.channel] = {row.instance_url + "/internal/relay/" + row.channel + ".mp3?token=" + token, row.title};
  }
  std::vector<std::unique_ptr<Client>> ended;
  {
    std::lock_guard lock(mutex_);
    for (auto it = clients_.begin(); it != clients_.end();) {
      if (it->second->finished() || !wanted.contains(it->first)) {
        ended.push_back(std::move(it->second));
        it = clients_.erase(it);
      } else {
        ++it;
      }
    }
    for (const auto& [wanted_channel, want] : wanted) {
      const std::string& channel = wanted_channel;
      // A relay still ending keeps its channel until the next tick, so that two never feed one channel.
      const bool ending = std::any_of(ended.begin(), ended.end(), [&channel](const auto& client) {
        return client->channel() == channel && !client->finished();
      });
      if (auto running = clients_.find(channel); running != clients_.end()) {
        running->second->retitle(want.title);
      } else if (!ending) {
        clients_.emplace(channel, std::make_unique<Client>(channel, want.url, want.title, origin_.live_feed(channel),
                                                           on_source_left_));
      }
    }
  }
  ended.clear();  // joins their threads outside the lock: relaying() answers on I/O threads
}

bool SourceRelay::relaying(std::string_view channel) const {
  std::lock_guard lock(mutex_);
  auto it = clients_.find(channel);
  return it != clients_.end() && !it->second->finished();
}

http::Response SourceRelay::relay_stream(const http::Request& request, const std::string& file) const {
  const auto channel = mount_channel("/live/" + file);
  const auto feed = channel ? origin_.live_feed(*channel) : nullptr;
  const auto ring = channel ? origin_.ring(*channel) : nullptr;
  if (!feed || !ring) return api::json_error(404, "not_found", "Dit kanaal bestaat niet.");
  const auto verdict = signer_.verify(request.param("token").value_or(""), "relay:" + *channel, unix_now());
  if (verdict != stream::TokenVerdict::valid) {
    return api::json_error(403, "forbidden", "Doorgifte is alleen voor de instanties van deze site.");
  }
  if (!feed->on_air() || relaying(*channel)) {
    return api::json_error(404, "not_on_air", "Op deze instantie is geen bron in de lucht.");
  }
  http::Response response;
  response.set_header("Content-Type", "audio/mpeg");
  response.set_header("Cache-Control", "no-store");
  // 128 kbit/s until the clock has read a file and knows the channel's bit rate.
  const int known_kbps = origin_.bitrate_kbps();
  const int kbps = known_kbps > 0 ? known_kbps : 128;
  const auto burst_bytes = static_cast<std::size_t>(kbps * options_.relay_burst.count() / 8);
  const auto start = relay_start(feed->on_air_at(), ring->burst_start(burst_bytes), ring->head());
  response.streaming = std::make_shared<RelayBody>(ring, feed, start);
  return response;
}

}  // namespace ether::ingest
