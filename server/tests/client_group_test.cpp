#include "http/client_group.hpp"

#include <gtest/gtest.h>

namespace ether::http {
namespace {

// One host is usually given a whole IPv6 /64: the per-client limits count it once (issue 47).
TEST(ClientGroup, AnIpv6AddressCountsAsItsSlash64) {
  EXPECT_EQ(client_group("2001:db8:1:2:a:b:c:d"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_group("2001:db8:1:2::1"), client_group("2001:db8:1:2:ffff:ffff:ffff:ffff"));
  EXPECT_NE(client_group("2001:db8:1:2::1"), client_group("2001:db8:1:3::1"));
  EXPECT_EQ(client_group("::1"), "::/64");
}

TEST(ClientGroup, AnIpv4AddressCountsAsItself) {
  EXPECT_EQ(client_group("192.0.2.7"), "192.0.2.7");
  EXPECT_NE(client_group("192.0.2.7"), client_group("192.0.2.8"));
  EXPECT_EQ(client_group("::ffff:192.0.2.7"), "192.0.2.7");
}

TEST(ClientGroup, TextThatIsNoAddressIsKeptAsItIs) {
  EXPECT_EQ(client_group(""), "");
  EXPECT_EQ(client_group("balancer"), "balancer");
}

}  // namespace
}  // namespace ether::http
