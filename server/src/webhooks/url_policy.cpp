#include "webhooks/url_policy.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <boost/url/parse.hpp>
#include <cstring>
#include <initializer_list>

#include "pages/content_safety.hpp"

namespace ether::webhooks {
namespace {

bool private_v4(std::uint32_t host_order) {
  const auto in = [host_order](std::uint32_t net, int bits) {
    const std::uint32_t mask = bits == 0 ? 0 : ~0U << (32 - bits);
    return (host_order & mask) == net;
  };
  return in(0x00000000, 8) ||   // "this" network
         in(0x0A000000, 8) ||   // 10/8
         in(0x64400000, 10) ||  // 100.64/10 carrier-grade NAT
         in(0x7F000000, 8) ||   // loopback
         in(0xA9FE0000, 16) ||  // link-local (cloud metadata lives here)
         in(0xAC100000, 12) ||  // 172.16/12
         in(0xC0A80000, 16) ||  // 192.168/16
         in(0xC6120000, 15) ||  // 198.18/15 benchmarking
         in(0xE0000000, 3);     // multicast, reserved, broadcast
}

}  // namespace

UrlVerdict check_url(std::string_view url) {
  UrlVerdict verdict;
  if (url.size() > 2000) {
    verdict.problem = "De URL is te lang.";
    return verdict;
  }
  if (pages::safe_url(url).empty()) {
    verdict.problem = "Vul een geldige http- of https-URL in.";
    return verdict;
  }
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) {
    verdict.problem = "Vul een geldige http- of https-URL in.";
    return verdict;
  }
  const auto scheme = std::string(parsed->scheme());
  if (scheme != "http" && scheme != "https") {
    verdict.problem = "Alleen http- en https-URL's kunnen een webhook ontvangen.";
    return verdict;
  }
  if (parsed->has_userinfo()) {
    verdict.problem = "Zet geen gebruikersnaam of wachtwoord in de URL; de handtekening bewijst de afzender.";
    return verdict;
  }
  std::string host = parsed->host_address();
  if (host.empty()) {
    verdict.problem = "De URL heeft geen host.";
    return verdict;
  }
  unsigned port = scheme == "https" ? 443 : 80;
  if (parsed->has_port()) {
    port = parsed->port_number();
    if (port == 0) {
      verdict.problem = "De poort van de URL klopt niet.";
      return verdict;
    }
  }
  verdict.target = TargetUrl{scheme, host, port};
  return verdict;
}

bool address_allowed(const sockaddr* address, bool allow_private) {
  if (address->sa_family == AF_INET) {
    const auto* v4 = reinterpret_cast<const sockaddr_in*>(address);
    return allow_private || !private_v4(ntohl(v4->sin_addr.s_addr));
  }
  if (address->sa_family == AF_INET6) {
    const auto* v6 = reinterpret_cast<const sockaddr_in6*>(address);
    const auto& a = v6->sin6_addr;
    // An IPv4 address carried in an IPv6 one reaches that IPv4 host: judged as that host. Mapped
    // (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64's well-known prefix (64:ff9b::/96) and 6to4
    // (2002:AABB:CCDD::/48).
    const auto embedded = [&a](std::size_t at) {
      std::uint32_t v4 = 0;
      std::memcpy(&v4, a.s6_addr + at, 4);
      return ntohl(v4);
    };
    const auto starts_with = [&a](std::initializer_list<std::uint8_t> prefix) {
      return std::equal(prefix.begin(), prefix.end(), a.s6_addr);
    };
    const bool compatible = starts_with({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}) && embedded(12) > 1;
    const bool nat64 = starts_with({0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0});
    if (IN6_IS_ADDR_V4MAPPED(&a) || compatible || nat64) return allow_private || !private_v4(embedded(12));
    if (starts_with({0x20, 0x02})) return allow_private || !private_v4(embedded(2));
    if (allow_private) return true;
    // NAT64's local-use prefix (64:ff9b:1::/48) translates into networks of the operator's choosing.
    if (starts_with({0x00, 0x64, 0xff, 0x9b, 0x00, 0x01})) return false;
    const bool unique_local = (a.s6_addr[0] & 0xFE) == 0xFC;
    return !(IN6_IS_ADDR_LOOPBACK(&a) || IN6_IS_ADDR_UNSPECIFIED(&a) || IN6_IS_ADDR_LINKLOCAL(&a) ||
             IN6_IS_ADDR_MULTICAST(&a) || IN6_IS_ADDR_SITELOCAL(&a) || unique_local);
  }
  return false;
}

}  // namespace ether::webhooks
