#pragma once
// Who a listener is, without keeping who they are: the hash of the client's address and user agent
// under a salt drawn at random for each UTC day and kept only in memory, for that day. Once the day
// is over its salt is gone, and with it any way to link a stored hash to an address; within a day
// the hashes tell distinct listeners apart (the cume of listeners/listener_figures.hpp). Neither the
// address nor the user agent is stored anywhere.
//
// Known bots are not listeners: is_known_bot names them by a short list of user-agent words.

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

namespace ether::listeners {

/// True for a user agent of a crawler, link previewer or monitor rather than a player: it contains
/// (ignoring case) "bot", "spider", "crawl", "slurp", "facebookexternalhit", "preview",
/// "monitor", "uptime", "pingdom" or "headlesschrome". An empty user agent is no bot.
bool is_known_bot(std::string_view user_agent);

class ListenerIdentity {
 public:
  ListenerIdentity() = default;
  /// 32 hex characters: SipHash-2-4 (128 bits) of address and user agent keyed with the salt of the
  /// UTC day of `now_ms` (a new day draws a new salt and forgets the old one). Thread-safe. SipHash
  /// is a keyed pseudorandom function made for short inputs: every HLS request is hashed, and BLAKE2b
  /// took ten times as long (566 against 55 ns for 150 bytes).
  std::string hash(std::string_view address, std::string_view user_agent, std::int64_t now_ms);

 private:
  // SipHash's key (crypto_shorthash_siphashx24_KEYBYTES, checked in the .cpp).
  static constexpr std::size_t kSaltBytes = 16;
  std::mutex mutex_;  // held only to read or renew the salt
  std::int64_t day_ = INT64_MIN;
  std::array<unsigned char, kSaltBytes> salt_{};
};

}  // namespace ether::listeners
