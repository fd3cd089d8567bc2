// What the server reads from a request's head before a handler sees it.
#include "http/request_head.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ether::http {
namespace {

TEST(RequestHead, AFoldedHeaderLineIsFound) {
  EXPECT_TRUE(has_folded_line("GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\n 2\r\n\r\n"));
  EXPECT_TRUE(has_folded_line("GET / HTTP/1.1\r\nX-A: 1\r\n\t2\r\n\r\n"));
  EXPECT_FALSE(has_folded_line("GET / HTTP/1.1\r\nHost: a\r\nX-A: 1 2\r\n\r\n"));
}

TEST(RequestHead, OnlyTheHeadIsLookedAt) {
  // A body that starts a line with a space is no folding.
  EXPECT_FALSE(has_folded_line("POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\n\n abc"));
  // A head not yet complete is looked at as far as it goes.
  EXPECT_TRUE(has_folded_line("GET / HTTP/1.1\r\nX-A: 1\r\n 2"));
}

TEST(RequestHead, ARequestIdIsPassedOnOnlyWhenSane) {
  EXPECT_TRUE(sane_request_id("abc-123_x.y:z"));
  EXPECT_TRUE(sane_request_id(std::string(128, 'a')));
  EXPECT_FALSE(sane_request_id(""));
  EXPECT_FALSE(sane_request_id(std::string(129, 'a')));
  EXPECT_FALSE(sane_request_id("a b"));
  EXPECT_FALSE(sane_request_id("a\r\nSet-Cookie: x"));
}

TEST(RequestHead, ANewRequestIdIsSixteenHexDigitsAndSane) {
  const auto id = new_request_id();
  EXPECT_EQ(id.size(), 16u);
  EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_TRUE(sane_request_id(id));
  EXPECT_NE(new_request_id(), new_request_id());
}

}  // namespace
}  // namespace ether::http
