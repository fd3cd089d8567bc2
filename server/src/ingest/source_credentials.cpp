#include "ingest/source_credentials.hpp"

#include "crypto/hmac.hpp"

namespace ether::ingest {

SourceCredentials::SourceCredentials(std::string all_channels,
                                     std::map<std::string, std::string, std::less<>> per_channel)
    : all_channels_(std::move(all_channels)), per_channel_(std::move(per_channel)) {}

const std::string* SourceCredentials::password_of(std::string_view channel) const {
  if (auto it = per_channel_.find(channel); it != per_channel_.end()) return &it->second;
  return all_channels_.empty() ? nullptr : &all_channels_;
}

bool SourceCredentials::accepts_sources(std::string_view channel) const { return password_of(channel) != nullptr; }

bool SourceCredentials::verify_source_login(std::string_view channel, std::string_view user,
                                            std::string_view password) const {
  const auto* expected = password_of(channel);
  // Both comparisons always run, so the time does not tell which part was wrong.
  const bool user_ok = crypto::equal_in_constant_time(user, kSourceUser);
  const bool password_ok = crypto::equal_in_constant_time(password, expected ? std::string_view(*expected) : "");
  return expected != nullptr && user_ok && password_ok;
}

std::optional<std::map<std::string, std::string, std::less<>>> parse_channel_passwords(std::string_view text,
                                                                                       std::string& error) {
  std::map<std::string, std::string, std::less<>> result;
  auto is_separator = [](char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::size_t pos = 0;
  while (pos < text.size()) {
    while (pos < text.size() && is_separator(text[pos])) ++pos;
    std::size_t end = pos;
    while (end < text.size() && !is_separator(text[end])) ++end;
    if (end == pos) break;
    const auto pair = text.substr(pos, end - pos);
    const auto equals = pair.find('=');
    if (equals == std::string_view::npos || equals == 0 || equals + 1 == pair.size()) {
      error = "expected channel=password pairs separated by commas";
      return std::nullopt;
    }
    result[std::string(pair.substr(0, equals))] = std::string(pair.substr(equals + 1));
    pos = end;
  }
  return result;
}

}  // namespace ether::ingest
