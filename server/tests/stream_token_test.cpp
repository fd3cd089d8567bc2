#include "stream/stream_token.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace ether::stream {
namespace {

constexpr std::int64_t now = 1'800'000'000;

TEST(StreamToken, SignedTokenIsValidForItsSubjectUntilItExpires) {
  TokenSigner signer("secret-one");
  auto token = signer.sign("radio2", now + 600);
  EXPECT_EQ(signer.verify(token, "radio2", now), TokenVerdict::valid);
  EXPECT_EQ(signer.verify(token, "radio2", now + 599), TokenVerdict::valid);
  EXPECT_EQ(signer.verify(token, "radio2", now + 600), TokenVerdict::expired);
  EXPECT_EQ(signer.verify(token, "3fm", now), TokenVerdict::wrong_subject);
}

TEST(StreamToken, TokenIsUrlSafe) {
  TokenSigner signer("s");
  auto token = signer.sign("channel with spaces/and?query", now);
  EXPECT_EQ(token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."),
            std::string::npos);
}

TEST(StreamToken, ForgedTokenFromAnotherSecretIsRefused) {
  TokenSigner ours("secret-one");
  TokenSigner forger("secret-two");
  EXPECT_EQ(ours.verify(forger.sign("radio2", now + 600), "radio2", now), TokenVerdict::bad_signature);
}

TEST(StreamToken, EveryAlteredCharacterIsRefused) {
  TokenSigner signer("secret-one");
  const auto token = signer.sign("radio2", now + 600);
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '.') continue;
    auto altered = token;
    altered[i] = altered[i] == 'A' ? 'B' : 'A';
    EXPECT_NE(signer.verify(altered, "radio2", now), TokenVerdict::valid) << "position " << i;
  }
}

TEST(StreamToken, ExtendedExpiryWithTheOldSignatureIsRefused) {
  TokenSigner signer("secret-one");
  const auto token = signer.sign("radio2", now + 1);
  const auto later_payload = base64url_encode("v1|radio2|" + std::to_string(now + 100000));
  const auto forged = later_payload + token.substr(token.find('.'));
  EXPECT_EQ(signer.verify(forged, "radio2", now + 10), TokenVerdict::bad_signature);
}

TEST(StreamToken, GarbageIsMalformedNotACrash) {
  TokenSigner signer("secret-one");
  for (const std::string& garbage :
       std::vector<std::string>{"", ".", "abc", "a.b.c", "!!!.???", std::string(10000, 'A') + ".x"}) {
    EXPECT_NE(signer.verify(garbage, "radio2", now), TokenVerdict::valid) << garbage;
  }
}

TEST(StreamToken, UrlSignatureBindsPathAndExpiry) {
  TokenSigner signer("secret-one");
  auto signature = signer.signature("/media/bulletins/a.mp3", now + 60);
  EXPECT_EQ(signer.verify_signature(signature, "/media/bulletins/a.mp3", now + 60, now), TokenVerdict::valid);
  EXPECT_EQ(signer.verify_signature(signature, "/media/bulletins/a.mp3", now + 61, now), TokenVerdict::bad_signature);
  EXPECT_EQ(signer.verify_signature(signature, "/media/bulletins/b.mp3", now + 60, now), TokenVerdict::bad_signature);
  EXPECT_EQ(signer.verify_signature(signature, "/media/bulletins/a.mp3", now + 60, now + 60), TokenVerdict::expired);
}

TEST(StreamToken, Base64UrlRoundTrips) {
  for (const std::string& bytes :
       {std::string(), std::string("f"), std::string("fo"), std::string("foo"), std::string("\xff\x00\x10", 3)}) {
    std::string decoded;
    ASSERT_TRUE(base64url_decode(base64url_encode(bytes), decoded));
    EXPECT_EQ(decoded, bytes);
  }
}

}  // namespace
}  // namespace ether::stream
