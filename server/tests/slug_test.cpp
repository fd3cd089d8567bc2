#include "domain/slug.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ether::domain {

TEST(Slug, AcceptsLowerCaseLettersDigitsAndSingleInnerHyphens) {
  EXPECT_TRUE(is_valid_slug("radio2"));
  EXPECT_TRUE(is_valid_slug("de-ochtendploeg"));
  EXPECT_TRUE(is_valid_slug("3fm"));
  EXPECT_TRUE(is_valid_slug(std::string(kMaxSlugLength, 'a')));
}

TEST(Slug, RefusesEverythingElse) {
  for (const char* text : {"", "-radio", "radio-", "radio--2", "Radio2", "radio 2", "radio_2", "räd", "../etc"}) {
    EXPECT_FALSE(is_valid_slug(text)) << text;
  }
  EXPECT_FALSE(is_valid_slug(std::string(kMaxSlugLength + 1, 'a')));
}

}  // namespace ether::domain
