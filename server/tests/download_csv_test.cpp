// A podcast's downloads as CSV (issue 52): the documented columns, a line per day and episode in
// the order given, texts quoted as the admin's other exports quote them.

#include "listeners/download_csv.hpp"

#include <gtest/gtest.h>

namespace ether::listeners {
namespace {

constexpr std::int64_t kDay = 20'598;  // 2026-05-25

TEST(DownloadCsv, HasTheColumnsInOrderALinePerDayAndEpisodeAndQuotesTexts) {
  const auto csv = download_csv(
      "de-nieuwsduik", {{.day = kDay, .episode = "waarom", .title = "Waarom bouwen zo lang duurt", .downloads = 3},
                        {.day = kDay + 1, .episode = "energie", .title = "Gas, licht en \"vast\"", .downloads = 1234},
                        {.day = kDay + 1, .episode = "som", .title = "=1+1", .downloads = 1}});
  EXPECT_EQ(csv,
            "date,feed,episode,episode_title,downloads\r\n"
            "2026-05-25,de-nieuwsduik,waarom,Waarom bouwen zo lang duurt,3\r\n"
            "2026-05-26,de-nieuwsduik,energie,\"Gas, licht en \"\"vast\"\"\",1234\r\n"
            "2026-05-26,de-nieuwsduik,som,'=1+1,1\r\n");
  EXPECT_EQ(download_csv("pod", {}), "date,feed,episode,episode_title,downloads\r\n");
}

}  // namespace
}  // namespace ether::listeners
