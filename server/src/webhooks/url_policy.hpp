#pragma once
// Which webhook URLs a beheerder may register and which addresses a delivery may reach: only
// absolute http or https URLs that pass the site's stored-URL rule (pages/content_safety.hpp),
// with a host, without user:password, at most 2000 bytes; and at send time only public
// addresses (no loopback, private, link-local, multicast or unspecified ones) unless the
// installation allows private targets (ETHER_WEBHOOK_ALLOW_PRIVATE=1, e.g. a receiver on the LAN).

#include <sys/socket.h>

#include <optional>
#include <string>
#include <string_view>

namespace ether::webhooks {

/// A URL split into what the sender needs.
struct TargetUrl {
  std::string scheme;  // "http" or "https"
  std::string host;    // without brackets for IPv6
  unsigned port = 0;
};

/// The parts of an acceptable URL, or a Dutch reason why it is refused.
struct UrlVerdict {
  std::optional<TargetUrl> target;
  std::string problem;
};
UrlVerdict check_url(std::string_view url);

/// True when a delivery may connect to `address`.
bool address_allowed(const sockaddr* address, bool allow_private);

}  // namespace ether::webhooks
