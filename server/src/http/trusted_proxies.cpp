#include "http/trusted_proxies.hpp"

#include <array>
#include <charconv>

namespace ether::http {

namespace ip = boost::asio::ip;

namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::optional<ip::address> address_of(std::string_view text) {
  boost::system::error_code ec;
  auto address = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  // An IPv4 client on a dual-stack socket reads ::ffff:a.b.c.d; compare it as IPv4.
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return ip::make_address_v4(ip::v4_mapped, address.to_v6());
  }
  return address;
}

std::array<unsigned char, 16> bytes_of(const ip::address& address) {
  std::array<unsigned char, 16> bytes{};
  if (address.is_v4()) {
    const auto v4 = address.to_v4().to_bytes();
    std::copy(v4.begin(), v4.end(), bytes.begin());
  } else {
    bytes = address.to_v6().to_bytes();
  }
  return bytes;
}

bool in_network(const ip::address& address, const ip::address& base, unsigned prefix) {
  if (address.is_v4() != base.is_v4()) return false;
  const auto a = bytes_of(address);
  const auto b = bytes_of(base);
  unsigned whole = prefix / 8;
  for (unsigned i = 0; i < whole; ++i) {
    if (a.at(i) != b.at(i)) return false;
  }
  const unsigned rest = prefix % 8;
  if (rest == 0) return true;
  const auto mask = static_cast<unsigned char>(0xFFU << (8 - rest));
  return (a.at(whole) & mask) == (b.at(whole) & mask);
}

}  // namespace

std::optional<TrustedProxies> TrustedProxies::parse(std::string_view list, std::string* bad_entry) {
  TrustedProxies proxies;
  while (!list.empty()) {
    const auto end = list.find_first_of(", ");
    const auto entry = trimmed(list.substr(0, end));
    list = end == std::string_view::npos ? std::string_view() : list.substr(end + 1);
    if (entry.empty()) continue;
    const auto slash = entry.find('/');
    auto base = address_of(entry.substr(0, slash));
    unsigned prefix = base && base->is_v4() ? 32 : 128;
    bool ok = base.has_value();
    if (ok && slash != std::string_view::npos) {
      const auto digits = entry.substr(slash + 1);
      unsigned given = 0;
      const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), given);
      ok = ec == std::errc() && ptr == digits.data() + digits.size() && !digits.empty() && given <= prefix;
      prefix = given;
    }
    if (!ok) {
      if (bad_entry != nullptr) *bad_entry = std::string(entry);
      return std::nullopt;
    }
    proxies.networks_.push_back({*base, prefix});
  }
  return proxies;
}

bool TrustedProxies::contains(std::string_view address) const {
  if (networks_.empty()) return false;
  const auto parsed = address_of(address);
  if (!parsed) return false;
  for (const auto& network : networks_) {
    if (in_network(*parsed, network.base, network.prefix)) return true;
  }
  return false;
}

std::string TrustedProxies::client_address(std::string_view peer, std::string_view forwarded_for) const {
  if (forwarded_for.empty() || !contains(peer)) return std::string(peer);
  std::string_view rest = forwarded_for;
  while (!rest.empty()) {
    const auto comma = rest.rfind(',');
    const auto entry = trimmed(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(0, comma);
    const auto address = address_of(entry);
    if (!address) return std::string(peer);
    if (!contains(entry) || rest.empty()) return address->to_string();
  }
  return std::string(peer);
}

}  // namespace ether::http
