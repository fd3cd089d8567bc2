// The status line and fields of a response as the server writes them.
#include "http/response_head.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ether::http {
namespace {

Response text(unsigned status) {
  Response response;
  response.status = status;
  response.set_header("Content-Type", "text/plain");
  return response;
}

TEST(ResponseHead, TheStatusLineFieldsLengthAndConnection) {
  std::string head = "left over from the last response";
  serialize_head(head, text(200), 5, true, "default-src 'self'", false);
  EXPECT_TRUE(head.starts_with("HTTP/1.1 200 OK\r\n")) << head;
  EXPECT_NE(head.find("\r\nContent-Type: text/plain\r\n"), std::string::npos) << head;
  EXPECT_NE(head.find("\r\nContent-Length: 5\r\n"), std::string::npos) << head;
  EXPECT_NE(head.find("\r\nDate: "), std::string::npos) << head;
  EXPECT_TRUE(head.ends_with("\r\nConnection: keep-alive\r\n\r\n")) << head;
  EXPECT_EQ(head.find("left over"), std::string::npos);
}

TEST(ResponseHead, NoLengthWhenNoneIsGivenAndCloseWhenNotKeptAlive) {
  std::string head;
  serialize_head(head, text(304), std::nullopt, false, "default-src 'self'", false);
  EXPECT_TRUE(head.starts_with("HTTP/1.1 304 Not Modified\r\n")) << head;
  EXPECT_EQ(head.find("Content-Length"), std::string::npos) << head;
  EXPECT_TRUE(head.ends_with("\r\nConnection: close\r\n\r\n")) << head;
}

TEST(ResponseHead, ALineBreakInAValueCannotEndTheHeadEarly) {
  auto response = text(200);
  response.set_header("X-Title", "a\r\nSet-Cookie: stolen=1\nb");
  std::string head;
  serialize_head(head, response, 0, true, "default-src 'self'", false);
  EXPECT_NE(head.find("\r\nX-Title: a  Set-Cookie: stolen=1 b\r\n"), std::string::npos) << head;
  EXPECT_EQ(head.find("\r\nSet-Cookie"), std::string::npos) << head;
}

TEST(ResponseHead, StrictTransportSecurityOnlyWhenAskedFor) {
  std::string head;
  serialize_head(head, text(200), 0, true, "default-src 'self'", false);
  EXPECT_EQ(head.find("Strict-Transport-Security"), std::string::npos) << head;
  serialize_head(head, text(200), 0, true, "default-src 'self'", true);
  EXPECT_NE(head.find("Strict-Transport-Security"), std::string::npos) << head;
}

}  // namespace
}  // namespace ether::http
