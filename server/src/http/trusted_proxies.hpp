#pragma once
// Behind a load balancer (HAProxy) or a caching edge every connection comes from the proxy's
// address. The client's own address, which the per-client limits count (the worker pool's fair
// share, login throttles, the access log), is then read from X-Forwarded-For, but only on a
// connection from a configured trusted proxy (ETHER_TRUSTED_PROXIES): anyone else could write any
// address there.

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::http {

class TrustedProxies {
 public:
  TrustedProxies() = default;
  /// Parses a comma- or space-separated list of addresses and CIDR networks ("10.0.0.0/8, ::1").
  /// nullopt names the first entry that is neither, in `bad_entry`.
  static std::optional<TrustedProxies> parse(std::string_view list, std::string* bad_entry = nullptr);

  /// Whether a connection from `address` (as the socket reports it) is a trusted proxy's.
  [[nodiscard]] bool contains(std::string_view address) const;
  [[nodiscard]] bool empty() const { return networks_.empty(); }

  /// The client's address of a request that came from `peer` with `forwarded_for` (the
  /// X-Forwarded-For header, empty when none): `peer` unless it is trusted; else the right-most
  /// entry that is not a trusted proxy (each proxy appends the address it got the request from),
  /// or `peer` when an entry is not an address.
  [[nodiscard]] std::string client_address(std::string_view peer, std::string_view forwarded_for) const;

 private:
  struct Network {
    boost::asio::ip::address base;
    unsigned prefix = 0;
  };
  std::vector<Network> networks_;
};

}  // namespace ether::http
