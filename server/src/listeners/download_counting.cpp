#include "listeners/download_counting.hpp"

#include <sodium.h>

#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstdio>

#include "listeners/listener_identity.hpp"

namespace ether::listeners {
namespace {
constexpr std::int64_t kDayMs = 86'400'000;
constexpr std::int64_t kMinuteMs = 60'000;
}  // namespace

std::string download_client_key(std::string_view address, std::string_view user_agent) {
  namespace ip = boost::asio::ip;
  boost::system::error_code ec;
  std::string key(address);
  auto parsed = ip::make_address(key, ec);
  if (!ec) {
    if (parsed.is_v6() && parsed.to_v6().is_v4_mapped()) {
      key = ip::make_address_v4(ip::v4_mapped, parsed.to_v6()).to_string();
    } else if (parsed.is_v6()) {
      // One household or phone moves within its /64 (privacy addresses): IAB 2.1 counts the prefix.
      auto bytes = parsed.to_v6().to_bytes();
      for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
      key = ip::address_v6(bytes).to_string();
    } else {
      key = parsed.to_string();
    }
  }
  key.push_back('\0');
  key.append(user_agent);
  return key;
}

std::string download_client_hash(std::string_view client_key, const std::array<unsigned char, 32>& salt) {
  std::array<unsigned char, 16> digest{};
  crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(client_key.data()),
                     client_key.size(), salt.data(), salt.size());
  std::string hex(digest.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  hex.pop_back();
  return hex;
}

std::uint64_t download_threshold(std::int64_t byte_length, std::int64_t duration_ms) {
  if (byte_length <= 0) return 0;
  if (duration_ms <= kMinuteMs) return static_cast<std::uint64_t>(byte_length);
  // byte_length * 60000 overflows only for a file past 150 TB.
  return static_cast<std::uint64_t>(byte_length * kMinuteMs / duration_ms);
}

std::int64_t download_day(std::int64_t unix_ms) {
  return unix_ms >= 0 ? unix_ms / kDayMs : (unix_ms - kDayMs + 1) / kDayMs;
}

std::string download_day_text(std::int64_t day) {
  const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{day}}};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                static_cast<unsigned>(date.day()));
  return text;
}

bool adds_to_download(std::string_view user_agent, std::uint64_t body_bytes) {
  return body_bytes > kPreloadMaxBytes && !is_known_bot(user_agent);
}

std::optional<std::string> episode_audio_path(std::string_view site_path) {
  if (site_path.starts_with("/media/") && site_path.size() > 7) return std::string(site_path.substr(7));
  if (site_path.starts_with("/uploads/audio/")) return std::string(site_path);
  return std::nullopt;
}

}  // namespace ether::listeners
