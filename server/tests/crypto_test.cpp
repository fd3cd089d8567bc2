#include "crypto/hmac.hpp"

#include <gtest/gtest.h>

namespace ether::crypto {
namespace {

TEST(Crypto, HmacSha256MatchesRfc4231) {
  // RFC 4231, test cases 1 and 2.
  EXPECT_EQ(to_hex(hmac_sha256(std::string(20, '\x0b'), {"Hi There"})),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(to_hex(hmac_sha256("Jefe", {"what do ya want ", "for nothing?"})),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
      << "the parts are hashed as one message";
}

TEST(Crypto, ConstantTimeEqualityComparesWholeStrings) {
  EXPECT_TRUE(equal_in_constant_time("abc", "abc"));
  EXPECT_TRUE(equal_in_constant_time("", ""));
  EXPECT_FALSE(equal_in_constant_time("abc", "abd"));
  EXPECT_FALSE(equal_in_constant_time("abc", "abcd"));
  EXPECT_FALSE(equal_in_constant_time("", "a"));
}

TEST(Crypto, EqualityOfPublicLengthComparesEveryByte) {
  EXPECT_TRUE(equal_of_public_length("abc", "abc"));
  EXPECT_TRUE(equal_of_public_length("", ""));
  EXPECT_FALSE(equal_of_public_length("abc", "abd")) << "the last byte counts";
  EXPECT_FALSE(equal_of_public_length("xbc", "abc")) << "the first byte counts";
  EXPECT_FALSE(equal_of_public_length("abc", "abcd")) << "a prefix is not equal";
  EXPECT_FALSE(equal_of_public_length("abcd", "abc"));
  EXPECT_FALSE(equal_of_public_length("", "a"));
  EXPECT_FALSE(equal_of_public_length(std::string_view("a\0b", 3), std::string_view("a\0c", 3)))
      << "bytes after a NUL count";
}

}  // namespace
}  // namespace ether::crypto
