#include "listeners/listener_identity.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <string>

namespace ether::listeners {
namespace {

constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
// Clients remembered per stripe: 16 stripes of 1,024 hold 16,384, more than the 10,000 players of
// issue 49's measure; a client whose place another took is hashed again, nothing worse.
constexpr std::size_t kSlotsPerStripe = 1024;

std::int64_t day_of(std::int64_t now_ms) { return now_ms >= 0 ? now_ms / kDayMs : (now_ms - kDayMs + 1) / kDayMs; }
constexpr std::array<std::string_view, 10> kBotWords{"bot",     "spider",  "crawl",  "slurp",   "facebookexternalhit",
                                                     "preview", "monitor", "uptime", "pingdom", "headlesschrome"};

// ASCII only, inline: libc's tolower per character of every request's user agent, ten words over,
// was 3% of the server's CPU under 10,000 HLS players (perf, issue 49).
char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

struct ListenerIdentity::Remembered {
  std::int64_t day = INT64_MIN;
  std::string address;
  std::string user_agent;
  std::optional<std::string> listener;
};

// A lock per stripe, so that the I/O threads rarely wait on one another.
struct ListenerIdentity::Stripe {
  std::mutex mutex;
  std::array<Remembered, kSlotsPerStripe> slots;
};

ListenerIdentity::ListenerIdentity() : memo_(std::make_unique<std::array<Stripe, kStripes>>()) {}

ListenerIdentity::~ListenerIdentity() = default;

bool is_known_bot(std::string_view user_agent) {
  std::string folded(user_agent);
  std::transform(folded.begin(), folded.end(), folded.begin(), ascii_lower);
  return std::any_of(kBotWords.begin(), kBotWords.end(),
                     [&folded](std::string_view word) { return folded.find(word) != std::string::npos; });
}

std::string ListenerIdentity::hash(std::string_view address, std::string_view user_agent, std::int64_t now_ms) {
  const auto day = day_of(now_ms);
  std::array<unsigned char, kSaltBytes> salt{};
  {
    const std::lock_guard lock(mutex_);
    if (day != day_) {
      randombytes_buf(salt_.data(), salt_.size());
      day_ = day;
      current_day_.store(day, std::memory_order_release);
      // What was remembered links the old day's hashes to addresses: it goes with the old salt.
      forget_all();
    }
    salt = salt_;
  }
  std::array<unsigned char, 16> digest{};
  crypto_generichash_state state;
  crypto_generichash_init(&state, salt.data(), salt.size(), digest.size());
  crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(address.data()), address.size());
  // A separator that neither part contains, so that ("ab","c") and ("a","bc") differ.
  const unsigned char separator = 0;
  crypto_generichash_update(&state, &separator, 1);
  crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(user_agent.data()), user_agent.size());
  crypto_generichash_final(&state, digest.data(), digest.size());
  sodium_memzero(salt.data(), salt.size());
  std::string hex(digest.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  hex.pop_back();
  return hex;
}

std::optional<std::string> ListenerIdentity::listener(std::string_view address, std::string_view user_agent,
                                                      std::int64_t now_ms) {
  const auto day = day_of(now_ms);
  const auto key = std::hash<std::string_view>{}(address)*31 + std::hash<std::string_view>{}(user_agent);
  auto& stripe = (*memo_)[key % kStripes];
  auto& slot = stripe.slots[(key / kStripes) % kSlotsPerStripe];
  {
    const std::lock_guard lock(stripe.mutex);
    if (slot.day == day && slot.address == address && slot.user_agent == user_agent) return slot.listener;
  }
  std::optional<std::string> answer;
  if (!is_known_bot(user_agent)) answer = hash(address, user_agent, now_ms);
  const std::lock_guard lock(stripe.mutex);
  // Not kept when the day turned meanwhile: forget_all may already have passed this stripe.
  if (current_day_.load(std::memory_order_acquire) == day) {
    slot.day = day;
    slot.address = address;
    slot.user_agent = user_agent;
    slot.listener = answer;
  }
  return answer;
}

void ListenerIdentity::forget_all() {
  for (auto& stripe : *memo_) {
    const std::lock_guard lock(stripe.mutex);
    for (auto& slot : stripe.slots) slot = Remembered{};
  }
}

}  // namespace ether::listeners
