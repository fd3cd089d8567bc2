// The ISRC rule (domain/isrc.hpp) that the now-playing ingest and the admin's song form share.

#include "domain/isrc.hpp"

#include <gtest/gtest.h>

namespace ether::domain {
namespace {

TEST(Isrc, IsStoredInUpperCaseWithoutHyphensOrSpaces) {
  EXPECT_EQ(normalise_isrc("NLA1B2400001"), "NLA1B2400001");
  EXPECT_EQ(normalise_isrc("nl-a1b-24-00001"), "NLA1B2400001");
  EXPECT_EQ(normalise_isrc(" \tUSRC17607839 "), "USRC17607839");
}

TEST(Isrc, RefusesWhatIsNoIsrc) {
  for (const char* text : {"", "NLA1B240000", "NLA1B24000011", "N1A1B2400001", "NLA1B24A0001", "NL A1B 24 00001",
                           "NL\u00C41B2400001", "NL_A1B2400001"}) {
    EXPECT_EQ(normalise_isrc(text), std::nullopt) << text;
  }
}

}  // namespace
}  // namespace ether::domain
