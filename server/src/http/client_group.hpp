#pragma once
// The key under which the per-client limits (connections, the worker pool's share, login
// throttles, the events limiter) count a client's address. One host is usually given a whole IPv6
// /64, and can pick any address in it: counted per address, it would get as many shares as it
// likes. So an IPv6 address counts as its /64 network; an IPv4 address (also one written as an
// IPv4-mapped IPv6 address) as itself.

#include <string>
#include <string_view>

namespace ether::http {

/// "192.0.2.7" and "::ffff:192.0.2.7" give "192.0.2.7"; "2001:db8:1:2:a:b:c:d" gives
/// "2001:db8:1:2::/64". Text that is not an address is returned unchanged.
std::string client_group(std::string_view address);

}  // namespace ether::http
