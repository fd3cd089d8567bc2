// The pure parts of the Icecast source input: mounts, Basic credentials, content types, ice-*
// headers and the channel passwords' check.

#include "ingest/source_request.hpp"

#include <gtest/gtest.h>

#include <map>

#include "config/config.hpp"
#include "ingest/source_credentials.hpp"

namespace ether::ingest {
namespace {

TEST(SourceRequestTest, MountNamesAChannel) {
  EXPECT_EQ(mount_channel("/live/radio2.mp3"), "radio2");
  EXPECT_EQ(mount_channel("/live/3fm.mp3"), "3fm");
  EXPECT_EQ(mount_channel("/live/radio2.ogg"), std::nullopt);
  EXPECT_EQ(mount_channel("/live/.mp3"), std::nullopt);
  EXPECT_EQ(mount_channel("/live/Radio 2.mp3"), std::nullopt);
  EXPECT_EQ(mount_channel("/live/a/b.mp3"), std::nullopt);
  EXPECT_EQ(mount_channel("/stream/radio2.mp3"), std::nullopt);
}

TEST(SourceRequestTest, DecodesBasicCredentials) {
  // "source:hackme" and "source:p@ss:word" (a password may hold a colon).
  auto login = parse_basic_authorization("Basic c291cmNlOmhhY2ttZQ==");
  ASSERT_TRUE(login);
  EXPECT_EQ(login->user, "source");
  EXPECT_EQ(login->password, "hackme");
  login = parse_basic_authorization("basic   c291cmNlOnBAc3M6d29yZA");
  ASSERT_TRUE(login);
  EXPECT_EQ(login->password, "p@ss:word");
  // '+' and '/' of standard base64: "source:>>>?" encodes to "c291cmNlOj4+Pj8=".
  login = parse_basic_authorization("Basic c291cmNlOj4+Pj8=");
  ASSERT_TRUE(login);
  EXPECT_EQ(login->password, ">>>?");
}

TEST(SourceRequestTest, RefusesOtherSchemesAndBadBase64) {
  EXPECT_FALSE(parse_basic_authorization(""));
  EXPECT_FALSE(parse_basic_authorization("Bearer c291cmNlOmhhY2ttZQ=="));
  EXPECT_FALSE(parse_basic_authorization("Basic"));
  EXPECT_FALSE(parse_basic_authorization("Basic !!!!"));
  EXPECT_FALSE(parse_basic_authorization("Basic c291cmNl"));         // "source": no colon
  EXPECT_FALSE(parse_basic_authorization("Basic c291cmNlOj4-Pj8"));  // base64url is not Basic's
}

TEST(SourceRequestTest, ContentTypeGivesTheInputFormat) {
  EXPECT_EQ(input_format_of("audio/mpeg"), InputFormat::mp3);
  EXPECT_EQ(input_format_of("Audio/MPEG; charset=binary"), InputFormat::mp3);
  EXPECT_EQ(input_format_of("audio/aac"), InputFormat::aac);
  EXPECT_EQ(input_format_of("audio/aacp"), InputFormat::aac);
  EXPECT_EQ(input_format_of("application/ogg"), InputFormat::ogg);
  EXPECT_EQ(input_format_of("audio/ogg"), InputFormat::ogg);
  EXPECT_EQ(input_format_of("audio/webm"), std::nullopt);
  EXPECT_EQ(input_format_of("text/plain"), std::nullopt);
  EXPECT_EQ(input_format_of(""), std::nullopt);
  EXPECT_EQ(ffmpeg_demuxer(InputFormat::aac), "aac");
  EXPECT_EQ(ffmpeg_demuxer(InputFormat::ogg), "ogg");
}

TEST(SourceRequestTest, ReadsIceHeadersAndTheOlderIcyOnes) {
  std::map<std::string, std::string> headers{{"ice-name", "Studio 1"}, {"ice-description", "Live uit Hilversum"},
                                             {"icy-genre", "Pop"},     {"ice-url", "https://ether.example"},
                                             {"ice-public", "1"},      {"ice-audio-info", "bitrate=128;channels=2"}};
  const auto info = read_ice_info([&](std::string_view name) -> std::string_view {
    auto it = headers.find(std::string(name));
    return it == headers.end() ? std::string_view() : std::string_view(it->second);
  });
  EXPECT_EQ(info.name, "Studio 1");
  EXPECT_EQ(info.description, "Live uit Hilversum");
  EXPECT_EQ(info.genre, "Pop");
  EXPECT_EQ(info.url, "https://ether.example");
  EXPECT_TRUE(info.is_public);
  EXPECT_EQ(info.audio_info, "bitrate=128;channels=2");
  const auto none = read_ice_info([](std::string_view) { return std::string_view(); });
  EXPECT_EQ(none.name, "");
  EXPECT_FALSE(none.is_public);
}

TEST(SourceCredentialsTest, ChannelPasswordWinsOverTheSharedOne) {
  const SourceCredentials credentials("shared-secret", {{"radio2", "studio-two"}});
  EXPECT_TRUE(credentials.verify_source_login("radio2", "source", "studio-two"));
  EXPECT_FALSE(credentials.verify_source_login("radio2", "source", "shared-secret"));
  EXPECT_TRUE(credentials.verify_source_login("3fm", "source", "shared-secret"));
  EXPECT_FALSE(credentials.verify_source_login("3fm", "admin", "shared-secret"));
  EXPECT_FALSE(credentials.verify_source_login("3fm", "source", "shared-secre"));
  EXPECT_FALSE(credentials.verify_source_login("3fm", "source", ""));
}

TEST(SourceCredentialsTest, AChannelWithoutPasswordRefusesEverySource) {
  const SourceCredentials credentials("", {{"radio2", "studio-two"}});
  EXPECT_TRUE(credentials.accepts_sources("radio2"));
  EXPECT_FALSE(credentials.accepts_sources("3fm"));
  EXPECT_FALSE(credentials.verify_source_login("3fm", "source", ""));
  EXPECT_FALSE(credentials.verify_source_login("3fm", "", ""));
}

TEST(SourceCredentialsTest, ParsesChannelPasswordPairs) {
  std::string error;
  auto parsed = parse_channel_passwords("radio2=one, 3fm=t=wo\n radio5=three", error);
  ASSERT_TRUE(parsed) << error;
  EXPECT_EQ(parsed->size(), 3u);
  EXPECT_EQ(parsed->at("3fm"), "t=wo");
  EXPECT_EQ(parsed->at("radio5"), "three");
  EXPECT_TRUE(parse_channel_passwords("", error)->empty());
  EXPECT_FALSE(parse_channel_passwords("radio2", error));
  EXPECT_NE(error.find("channel=password"), std::string::npos);
  EXPECT_FALSE(parse_channel_passwords("radio2=", error));
  EXPECT_FALSE(parse_channel_passwords("=secret", error));
}

TEST(SourceConfigTest, PasswordsLimitTimeoutAndInstanceUrlAreRead) {
  auto env = [](std::map<std::string, std::string> values) {
    return [values = std::move(values)](std::string_view key) -> std::optional<std::string> {
      auto it = values.find(std::string(key));
      return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
  };
  const auto defaults = config::build_config({}, env({}));
  EXPECT_EQ(defaults.source_password, "");
  EXPECT_TRUE(defaults.source_passwords.empty());
  EXPECT_EQ(defaults.source_limit, 4);
  EXPECT_EQ(defaults.source_timeout_seconds, 10);
  EXPECT_EQ(defaults.instance_url, "http://127.0.0.1:8080");
  const auto set =
      config::build_config({{"ETHER_SOURCE_PASSWORD", "from-the-file-0123"}},
                           env({{"ETHER_SOURCE_PASSWORDS", "radio2=one-long-password,3fm=two-long-password"},
                                {"ETHER_SOURCE_LIMIT", "1"},
                                {"ETHER_SOURCE_TIMEOUT_SECONDS", "3"},
                                {"ETHER_BIND", "10.0.0.5"},
                                {"PORT", "9090"}}));
  EXPECT_EQ(set.source_password, "from-the-file-0123");
  EXPECT_EQ(set.source_passwords.at("3fm"), "two-long-password");
  EXPECT_EQ(set.source_limit, 1);
  EXPECT_EQ(set.source_timeout_seconds, 3);
  EXPECT_EQ(set.instance_url, "http://10.0.0.5:9090");
  EXPECT_THROW(config::build_config({}, env({{"ETHER_SOURCE_PASSWORDS", "radio2"}})), config::ConfigError);
  EXPECT_THROW(config::build_config({}, env({{"ETHER_SOURCE_PASSWORDS", "Radio 2=xxxxxxxxxxxxxxxxxx"}})),
               config::ConfigError);
  EXPECT_THROW(config::build_config({}, env({{"ETHER_SOURCE_TIMEOUT_SECONDS", "0"}})), config::ConfigError);
  EXPECT_THROW(config::build_config({}, env({{"ETHER_INSTANCE_URL", "ftp://x"}})), config::ConfigError);
  EXPECT_EQ(config::build_config({}, env({{"PORT", "0"}})).instance_url, "") << "known once the port is bound";
  EXPECT_EQ(config::default_instance_url("::", 8080), "http://127.0.0.1:8080");
  EXPECT_EQ(config::default_instance_url("0.0.0.0", 8080), "http://127.0.0.1:8080");
  EXPECT_EQ(config::default_instance_url("fd00::5", 9090), "http://[fd00::5]:9090");
  EXPECT_EQ(config::parse_config_text("source_passwords = radio2=a\n").at("ETHER_SOURCE_PASSWORDS"), "radio2=a");
}

}  // namespace
}  // namespace ether::ingest
