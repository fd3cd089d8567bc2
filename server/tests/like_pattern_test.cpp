#include "store/like_pattern.hpp"

#include <gtest/gtest.h>

namespace ether::store {
namespace {

TEST(LikePattern, FindsTheTextAnywhereInLowerCaseWithItsWildcardsTakenLiterally) {
  EXPECT_EQ(contains_pattern(""), "%%");
  EXPECT_EQ(contains_pattern("De Ochtend"), "%de ochtend%");
  EXPECT_EQ(contains_pattern("100%_zeker!"), "%100!%!_zeker!!%");
  // Bytes beyond ASCII are left as they are: LOWER in either store does not fold them alike.
  EXPECT_EQ(contains_pattern("Érik"), "%Érik%");
}

}  // namespace
}  // namespace ether::store
