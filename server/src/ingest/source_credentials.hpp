#pragma once
// Who may send a channel's live audio: user "source" with the channel's source password (as
// Icecast's <source-password>). Passwords come from the configuration (ETHER_SOURCE_PASSWORD for
// every channel, ETHER_SOURCE_PASSWORDS "channel=password" pairs per channel, which win); a
// channel without one refuses every source. Comparisons take the same time whatever matches.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace ether::ingest {

/// The user of the channel's own source login, as Icecast's.
inline constexpr std::string_view kSourceUser = "source";

/// Source passwords shorter than this are refused at start (config/config.hpp).
inline constexpr std::size_t kMinSourcePasswordLength = 16;

/// The answer to a source login: allowed, or refused; `retry_after` > 0 when the address or mount
/// is throttled (the password was not looked at) and may try again after that many seconds.
struct SourceLoginCheck {
  bool allowed = false;
  std::int64_t retry_after = 0;
};

class SourceCredentials {
 public:
  /// `all_channels`: the password of every channel (empty: none); `per_channel`: the text of
  /// ETHER_SOURCE_PASSWORDS (see parse_channel_passwords).
  SourceCredentials(std::string all_channels, std::map<std::string, std::string, std::less<>> per_channel);

  /// True when `user` and `password` may send `channel`'s audio: user "source" and the channel's
  /// password, compared in constant time.
  [[nodiscard]] bool verify_source_login(std::string_view channel, std::string_view user,
                                         std::string_view password) const;
  /// True when `channel` has a source password at all.
  [[nodiscard]] bool accepts_sources(std::string_view channel) const;

 private:
  [[nodiscard]] const std::string* password_of(std::string_view channel) const;

  std::string all_channels_;
  std::map<std::string, std::string, std::less<>> per_channel_;
};

/// Parses "radio2=secret, 3fm=other" (pairs separated by commas or white space; a password may
/// not contain either). Nullopt, with `error` set, for a pair without '=' or with an empty side.
std::optional<std::map<std::string, std::string, std::less<>>> parse_channel_passwords(std::string_view text,
                                                                                       std::string& error);

}  // namespace ether::ingest
