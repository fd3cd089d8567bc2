#include "api/json_error.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include <boost/json/parse.hpp>

#include "http/security_headers.hpp"
#include "http_test_support.hpp"

namespace ether {
namespace {

TEST(JsonError, Envelope) {
  http::Response response = api::json_error(404, "not_found", "No \"such\" thing </script>");
  EXPECT_EQ(response.status, 404u);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  auto json = boost::json::parse(response.body).as_object();
  auto error = json["error"].as_object();
  EXPECT_EQ(error["code"].as_string(), "not_found");
  EXPECT_EQ(error["message"].as_string(), "No \"such\" thing </script>");
  EXPECT_EQ(json.size(), 1u);
}

TEST(JsonResponse, SerialisesTheValue) {
  http::Response response = api::json_response(201, boost::json::object{{"status", "ok"}, {"n", 3}});
  EXPECT_EQ(response.status, 201u);
  EXPECT_EQ(response.body, "{\"status\":\"ok\",\"n\":3}");
  EXPECT_EQ(response.header("content-type"), "application/json; charset=utf-8");
}

TEST(JsonAnswers, PrivateAnswersAreNotStoredOnce) {
  EXPECT_EQ(api::json_error(400, "bad", "x").header("Cache-Control"), "no-store");
  auto ok = api::private_json(200, boost::json::object{{"a", 1}});
  EXPECT_EQ(ok.body, "{\"a\":1}");
  EXPECT_EQ(ok.header("Cache-Control"), "no-store");
  EXPECT_EQ(std::count_if(ok.headers.begin(), ok.headers.end(),
                          [](const auto& header) { return http::iequals(header.first, "Cache-Control"); }),
            1);
  EXPECT_EQ(api::json_response(200, boost::json::object{}).header("Cache-Control"), "");
  auto none = api::no_content();
  EXPECT_EQ(none.status, 204U);
  EXPECT_TRUE(none.body.empty());
  EXPECT_EQ(none.header("Cache-Control"), "no-store");
}

TEST(JsonAnswers, FieldErrorsAre422WithAMessagePerField) {
  auto response = api::field_errors(boost::json::object{{"slug", "Vul een URL in"}});
  EXPECT_EQ(response.status, 422U);
  EXPECT_EQ(response.header("Cache-Control"), "no-store");
  auto error = boost::json::parse(response.body).at("error");
  EXPECT_EQ(error.at("code"), "invalid_fields");
  EXPECT_EQ(error.at("message"), "Niet alle velden zijn goed ingevuld.");
  EXPECT_EQ(error.at("fields").at("slug"), "Vul een URL in");
  EXPECT_EQ(
      boost::json::parse(api::field_errors({{"type", "Kies er een."}}, "Kies er een.").body).at("error").at("message"),
      "Kies er een.");
}

TEST(JsonAnswers, ReadObjectAndParseId) {
  http::Request request;
  request.body = R"({"a":1})";
  auto read = api::read_object(request, 100);
  ASSERT_TRUE(std::holds_alternative<boost::json::object>(read));
  EXPECT_EQ(std::get<boost::json::object>(read).at("a"), 1);
  request.body = "[1]";
  EXPECT_EQ(std::get<http::Response>(api::read_object(request, 100)).status, 400U);
  request.body = std::string(101, ' ');
  EXPECT_EQ(std::get<http::Response>(api::read_object(request, 100)).status, 413U);
  EXPECT_EQ(api::parse_id("42"), 42);
  for (auto bad : {"", "0", "-1", "4x", " 4", "99999999999999999999"}) EXPECT_FALSE(api::parse_id(bad)) << bad;
}

TEST(SecurityHeaders, AllWrittenIntoTheHeadAndHandlerValuesKept) {
  http::Response response;
  response.set_header("X-Frame-Options", "DENY");
  std::string head;
  http::append_security_headers(head, response, http::kContentSecurityPolicy, false);
  const auto has = [&head](std::string_view line) {
    return head.find(std::string(line) + "\r\n") != std::string::npos;
  };
  EXPECT_TRUE(has("Content-Security-Policy: " + std::string(http::kContentSecurityPolicy)));
  EXPECT_NE(head.find("object-src 'none'"), std::string::npos);
  EXPECT_TRUE(has("X-Content-Type-Options: nosniff"));
  EXPECT_TRUE(has("Referrer-Policy: strict-origin-when-cross-origin"));
  EXPECT_TRUE(has("Permissions-Policy: camera=(), microphone=(), geolocation=()"));
  EXPECT_TRUE(has("Cross-Origin-Opener-Policy: same-origin-allow-popups"));
  EXPECT_EQ(head.find("X-Frame-Options"), std::string::npos) << "the handler's own value is the one sent";
  EXPECT_EQ(head.find("Strict-Transport-Security"), std::string::npos) << "only over https";

  std::string json_head;
  http::append_security_headers(json_head, api::json_error(404, "not_found", "x"), http::kContentSecurityPolicy, true);
  EXPECT_NE(json_head.find("Content-Security-Policy: " + std::string(http::kApiContentSecurityPolicy) + "\r\n"),
            std::string::npos)
      << json_head;
  EXPECT_NE(json_head.find("X-Frame-Options: DENY\r\n"), std::string::npos);
  EXPECT_NE(json_head.find("Strict-Transport-Security: "), std::string::npos);
  EXPECT_EQ(json_head.find("Permissions-Policy"), std::string::npos);
  EXPECT_EQ(json_head.find("Cross-Origin-Opener-Policy"), std::string::npos);

  std::string secure_head;
  http::append_security_headers(secure_head, http::Response{}, "default-src 'none'", true);
  EXPECT_NE(secure_head.find("Content-Security-Policy: default-src 'none'\r\n"), std::string::npos);
  EXPECT_NE(secure_head.find("X-Frame-Options: SAMEORIGIN\r\n"), std::string::npos);
  EXPECT_NE(secure_head.find("Strict-Transport-Security: " + std::string(http::kStrictTransportSecurity) + "\r\n"),
            std::string::npos);
}

}  // namespace
}  // namespace ether
