#include "http/response_cache.hpp"

#include <mutex>
#include <string_view>
#include <utility>

#include "http/range.hpp"
#include "http/static_assets.hpp"

namespace ether::http {
namespace {

// "private" and "no-store" keep an answer out of shared caches, and so out of this one: such an
// answer belongs to one client (a preview) or must not be kept at all.
bool shared_caches_may_store(std::string_view cache_control) {
  while (!cache_control.empty()) {
    const auto comma = cache_control.find(',');
    const auto directive = trim_blanks(cache_control.substr(0, comma));
    const auto name = directive.substr(0, directive.find('='));
    if (iequals(name, "private") || iequals(name, "no-store")) return false;
    if (comma == std::string_view::npos) break;
    cache_control.remove_prefix(comma + 1);
  }
  return true;
}

bool is_get_or_head(const Request& request) { return request.method == "GET" || request.method == "HEAD"; }

}  // namespace

ResponseCache::ResponseCache(ResponseCacheOptions options, Clock clock) : options_(options), clock_(std::move(clock)) {}

void ResponseCache::invalidate() noexcept { generation_.fetch_add(1, std::memory_order_acq_rel); }

std::string ResponseCache::key(const Request& request) {
  // The coding the request prefers stands for its Accept-Encoding: requests that prefer the same
  // coding get the same answer (compress_response picks it the same way).
  const auto coding = choose_encoding(request.header("Accept-Encoding"), true, true);
  std::string key;
  key.reserve(request.target.size() + 2);
  key += static_cast<char>('0' + static_cast<int>(coding));
  key += ' ';
  key += request.target;
  return key;
}

std::optional<Response> ResponseCache::find(const Request& request) const { return answer(request, true); }

std::optional<Response> ResponseCache::answer(const Request& request, bool or_out_of_date) const {
  if (!is_get_or_head(request)) return std::nullopt;
  std::shared_ptr<const Response> found;
  {
    std::shared_lock lock(mutex_);
    if (entries_.empty()) return std::nullopt;
    auto it = entries_.find(key(request));
    if (it == entries_.end()) return std::nullopt;
    const auto now = clock_();
    const auto& entry = it->second;
    // An answer from before invalidate() is out of date as an expired one is: the first request
    // rebuilds it, the others get it meanwhile (the rebuild reads the store after the change).
    const bool fresh = entry.generation == generation() && now < entry.expires;
    if (!fresh && (!or_out_of_date || now - entry.expires >= options_.max_stale || claim_rebuild(entry, now))) {
      return std::nullopt;
    }
    found = entry.response;
  }
  Response response = *found;
  const auto etag = found->header("ETag");
  if (!etag.empty() && if_none_match(request.header("If-None-Match"), etag)) {
    response.status = 304;
    response.set_shared_body(nullptr);
  }
  return response;
}

bool ResponseCache::claim_rebuild(const Entry& entry, TimePoint now) const {
  auto claimed = entry.rebuild_claimed_until.load(std::memory_order_relaxed);
  if (now.time_since_epoch().count() < claimed) return false;
  const auto until = (now + options_.rebuild_timeout).time_since_epoch().count();
  return entry.rebuild_claimed_until.compare_exchange_strong(claimed, until, std::memory_order_relaxed);
}

void ResponseCache::store(const Request& request, const Response& response, std::uint64_t built_at) {
  if (request.method != "GET" || response.status != 200 || response.streaming || response.has_header("Set-Cookie") ||
      !shared_caches_may_store(response.header("Cache-Control"))) {
    return;
  }
  const auto body = response.payload();
  auto kept = std::make_shared<Response>();
  kept->status = response.status;
  kept->headers = response.headers;
  kept->set_shared_body(std::make_shared<const std::string>(body));
  const auto now = clock_();

  std::unique_lock lock(mutex_);
  // An answer built before the last invalidate() may already be out of date.
  if (built_at != generation()) return;
  auto k = key(request);
  if (auto it = entries_.find(k); it != entries_.end()) {
    bytes_ -= it->second.response->payload().size();
    entries_.erase(it);
  }
  if (entries_.size() >= options_.max_entries || bytes_ + body.size() > options_.max_bytes) drop_stale(now);
  // Still full of fresh answers (many distinct targets at once): serve them, keep no more.
  if (entries_.size() >= options_.max_entries || bytes_ + body.size() > options_.max_bytes) return;
  bytes_ += body.size();
  auto& entry = entries_[std::move(k)];
  entry.response = std::move(kept);
  entry.generation = built_at;
  entry.expires = now + options_.time_to_live;
}

void ResponseCache::drop_stale(TimePoint now) {
  const auto current = generation();
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->second.generation != current || now >= it->second.expires) {
      bytes_ -= it->second.response->payload().size();
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

ResponseCache::Build::Build(ResponseCache& cache, const Request& request)
    : cache_(&cache), request_(&request), key_(key(request)), generation_(cache.generation()) {}

ResponseCache::Build::Build(Build&& other) noexcept
    : built_by_another(std::move(other.built_by_another)),
      cache_(other.cache_),
      request_(other.request_),
      key_(std::move(other.key_)),
      generation_(other.generation_),
      building_(std::exchange(other.building_, false)) {}

ResponseCache::Build::~Build() { release(); }

void ResponseCache::Build::finish(const Response& response) {
  cache_->store(*request_, response, generation_);
  release();
}

void ResponseCache::Build::release() noexcept {
  if (!building_) return;
  building_ = false;
  {
    std::lock_guard lock(cache_->building_mutex_);
    cache_->building_.erase(key_);
  }
  cache_->building_done_.notify_all();
}

ResponseCache::Build ResponseCache::begin_build(const Request& request) {
  Build build(*this, request);
  // Requests queued for a worker behind the one that built the answer find it here.
  if ((build.built_by_another = answer(request, false))) return build;
  std::unique_lock lock(building_mutex_);
  if (building_.insert(build.key_).second) {
    build.building_ = true;
    return build;
  }
  building_done_.wait_for(lock, options_.rebuild_timeout, [&] { return !building_.contains(build.key_); });
  lock.unlock();
  // Nothing kept (a 404, a failed build, or one past the wait): this request builds its own answer,
  // beside any others, rather than waiting in line.
  build.built_by_another = answer(request, false);
  return build;
}

std::size_t ResponseCache::size() const {
  std::shared_lock lock(mutex_);
  return entries_.size();
}

}  // namespace ether::http
