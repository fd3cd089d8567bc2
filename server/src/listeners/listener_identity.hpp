#pragma once
// Who a listener is, without keeping who they are: the hash of the client's address and user agent
// under a salt drawn at random for each UTC day and kept only in memory, for that day. Once the day
// is over its salt is gone, and with it any way to link a stored hash to an address; within a day
// the hashes tell distinct listeners apart (the cume of listeners/listener_figures.hpp). Neither the
// address nor the user agent is stored anywhere.
//
// Known bots are not listeners: is_known_bot names them by a short list of user-agent words.
//
// `listener` remembers the answer for each recent client (address and user agent) for the rest of
// its day, so that a player's every playlist and segment fetch does not hash again: under 10,000
// HLS players the hash and the bot words were over 5% of the server's CPU (issue 49). What it
// remembers is wiped with the day's salt.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace ether::listeners {

/// True for a user agent of a crawler, link previewer or monitor rather than a player: it contains
/// (ignoring case) "bot", "spider", "crawl", "slurp", "facebookexternalhit", "preview",
/// "monitor", "uptime", "pingdom" or "headlesschrome". An empty user agent is no bot.
bool is_known_bot(std::string_view user_agent);

class ListenerIdentity {
 public:
  ListenerIdentity();
  ~ListenerIdentity();
  ListenerIdentity(const ListenerIdentity&) = delete;
  ListenerIdentity& operator=(const ListenerIdentity&) = delete;
  ListenerIdentity(ListenerIdentity&&) = delete;
  ListenerIdentity& operator=(ListenerIdentity&&) = delete;

  /// 32 hex characters: BLAKE2b of address and user agent keyed with the salt of the UTC day of
  /// `now_ms` (a new day draws a new salt and forgets the old one, and everything `listener`
  /// remembered). Thread-safe.
  std::string hash(std::string_view address, std::string_view user_agent, std::int64_t now_ms);

  /// The listener a request comes from: `hash` of its address and user agent, or nullopt for a
  /// known bot (is_known_bot). Remembered per client for its day, so a repeated client costs a
  /// lookup rather than a hash. Thread-safe.
  std::optional<std::string> listener(std::string_view address, std::string_view user_agent, std::int64_t now_ms);

 private:
  struct Remembered;
  struct Stripe;
  static constexpr std::size_t kSaltBytes = 32;
  static constexpr std::size_t kStripes = 16;
  void forget_all();

  std::mutex mutex_;  // held only to read or renew the salt
  std::int64_t day_ = INT64_MIN;
  std::atomic<std::int64_t> current_day_{INT64_MIN};  // day_, read without the lock
  std::array<unsigned char, kSaltBytes> salt_{};
  std::unique_ptr<std::array<Stripe, kStripes>> memo_;
};

}  // namespace ether::listeners
