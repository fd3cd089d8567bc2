// Podcast downloads as IAB 2.1 counts them (issue 52): the client key, the one-minute threshold,
// the UTC day, bots and pre-loads, and which site paths are an episode's audio.

#include "listeners/download_counting.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>

namespace ether::listeners {
namespace {

TEST(DownloadCounting, Ipv4IsKeptWholeWithTheUserAgent) {
  EXPECT_EQ(download_client_key("192.0.2.7", "Overcast/3.0"), std::string("192.0.2.7") + '\0' + "Overcast/3.0");
  EXPECT_NE(download_client_key("192.0.2.7", "Overcast/3.0"), download_client_key("192.0.2.8", "Overcast/3.0"));
  EXPECT_NE(download_client_key("192.0.2.7", "Overcast/3.0"), download_client_key("192.0.2.7", "Pocket Casts"));
}

TEST(DownloadCounting, Ipv6IsCutToItsSlash64) {
  EXPECT_EQ(download_client_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "App"),
            download_client_key("2001:db8:1:2::1", "App"));
  EXPECT_EQ(download_client_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "App"),
            std::string("2001:db8:1:2::") + '\0' + "App");
  EXPECT_NE(download_client_key("2001:db8:1:2::1", "App"), download_client_key("2001:db8:1:3::1", "App"));
}

TEST(DownloadCounting, AnIpv4MappedAddressIsIpv4) {
  EXPECT_EQ(download_client_key("::ffff:192.0.2.7", "App"), download_client_key("192.0.2.7", "App"));
}

TEST(DownloadCounting, AnAddressThatDoesNotParseIsTakenAsItIs) {
  EXPECT_EQ(download_client_key("unix", "App"), std::string("unix") + '\0' + "App");
}

TEST(DownloadCounting, TheHashDependsOnTheSaltAndKeepsNoAddress) {
  std::array<unsigned char, 32> one{};
  std::array<unsigned char, 32> two{};
  two[0] = 1;
  const auto key = download_client_key("192.0.2.7", "App");
  const auto hash = download_client_hash(key, one);
  EXPECT_EQ(hash.size(), 32U);
  EXPECT_EQ(hash, download_client_hash(key, one));
  EXPECT_NE(hash, download_client_hash(key, two));
  EXPECT_TRUE(std::all_of(hash.begin(), hash.end(), [](char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
  })) << hash;
}

TEST(DownloadCounting, TheThresholdIsOneMinuteOfTheEpisode) {
  // 10 minutes of 6 000 000 bytes: a minute is 600 000 bytes.
  EXPECT_EQ(download_threshold(6'000'000, 600'000), 600'000U);
  // A file of a minute or less must be served whole.
  EXPECT_EQ(download_threshold(500'000, 60'000), 500'000U);
  EXPECT_EQ(download_threshold(100'000, 25'000), 100'000U);
  // An unknown duration: the whole file; an unknown length: nothing can count.
  EXPECT_EQ(download_threshold(100'000, 0), 100'000U);
  EXPECT_EQ(download_threshold(0, 600'000), 0U);
}

TEST(DownloadCounting, TheDayIsTheUtcDay) {
  EXPECT_EQ(download_day(0), 0);
  EXPECT_EQ(download_day(86'399'999), 0);
  EXPECT_EQ(download_day(86'400'000), 1);
  EXPECT_EQ(download_day(-1), -1);
  EXPECT_EQ(download_day_text(0), "1970-01-01");
  EXPECT_EQ(download_day_text(download_day(1'795'780'800'000)), "2026-11-27");
}

TEST(DownloadCounting, BotsAndPreloadsAddNothing) {
  EXPECT_TRUE(adds_to_download("AppleCoreMedia/1.0", 3));
  EXPECT_FALSE(adds_to_download("AppleCoreMedia/1.0", 2));
  EXPECT_FALSE(adds_to_download("AppleCoreMedia/1.0", 0));
  EXPECT_FALSE(adds_to_download("Mozilla/5.0 (compatible; Googlebot/2.1)", 1'000'000));
  EXPECT_TRUE(adds_to_download("", 1'000'000));
}

TEST(DownloadCounting, EpisodeAudioPaths) {
  EXPECT_EQ(episode_audio_path("/media/podcasts/a/b.mp3"), "podcasts/a/b.mp3");
  EXPECT_EQ(episode_audio_path("/uploads/audio/ab/cd.mp3"), "/uploads/audio/ab/cd.mp3");
  EXPECT_EQ(episode_audio_path("/uploads/images/ab.webp"), std::nullopt);
  EXPECT_EQ(episode_audio_path("/media/"), std::nullopt);
  EXPECT_EQ(episode_audio_path("/api/page"), std::nullopt);
}

}  // namespace
}  // namespace ether::listeners
