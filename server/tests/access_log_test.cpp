// The access log's line of a response.
#include "http/access_log.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ether::http {
namespace {

TEST(AccessLog, TheLineSaysWhatWasAskedAnsweredAndSent) {
  Request request;
  request.method = "GET";
  request.target = "/nieuws?page=2";
  request.request_id = "abc123";
  request.remote_address = "192.0.2.7";
  Response response;
  response.status = 200;
  EXPECT_EQ(access_line(&request, response, 1234, 1.5),
            "http method=GET target=\"/nieuws?page=2\" status=200 bytes=1234 duration_ms=1.50 request_id=abc123 "
            "remote=192.0.2.7");
}

TEST(AccessLog, ASecretInTheQueryIsNotWritten) {
  Request request;
  request.method = "GET";
  request.target = "/live/radio2.mp3?token=s3cr3t";
  Response response;
  response.status = 200;
  const auto line = access_line(&request, response, 0, 0);
  EXPECT_EQ(line.find("s3cr3t"), std::string::npos) << line;
}

TEST(AccessLog, ARequestTooBrokenToReadIsLoggedWithTheAnswersId) {
  Response response;
  response.status = 400;
  response.set_header("X-Request-Id", "r-1");
  EXPECT_EQ(access_line(nullptr, response, 0, 0.25),
            "http method=- target=\"-\" status=400 bytes=0 duration_ms=0.25 request_id=r-1 remote=-");
}

}  // namespace
}  // namespace ether::http
