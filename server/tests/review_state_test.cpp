// The review step's rules (content/review_state.hpp): which step fits which state, the notes they
// take, and what each step leaves.

#include "content/review_state.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ether::content {
namespace {

const Review kNone{};
const Review kWaiting{.status = ReviewStatus::waiting, .by = "Rita", .at = 100, .note = ""};
const Review kReturned{.status = ReviewStatus::returned, .by = "Erik", .at = 200, .note = "Bron erbij."};

TEST(ReviewState, ADraftIsOfferedOnceAndAgainAfterItWasSentBack) {
  EXPECT_FALSE(refuse_step(ReviewStep::offer, false, kNone, ""));
  EXPECT_FALSE(refuse_step(ReviewStep::offer, false, kReturned, "Aangepast."));
  auto twice = refuse_step(ReviewStep::offer, false, kWaiting, "");
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice->status, 409U);
  EXPECT_EQ(twice->code, "already_waiting");
  EXPECT_TRUE(twice->field.empty());
}

TEST(ReviewState, WhatIsOnTheSiteOrScheduledIsNotOffered) {
  auto published = refuse_step(ReviewStep::offer, true, kNone, "");
  ASSERT_TRUE(published);
  EXPECT_EQ(published->status, 409U);
  EXPECT_EQ(published->code, "not_draft");
}

TEST(ReviewState, OnlyAWaitingDraftIsSentBackAndNeverWithoutANote) {
  EXPECT_FALSE(refuse_step(ReviewStep::send_back, false, kWaiting, "Kop korter."));
  for (const auto& state : {kNone, kReturned}) {
    auto refused = refuse_step(ReviewStep::send_back, false, state, "Kop korter.");
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 409U);
    EXPECT_EQ(refused->code, "not_waiting");
  }
  for (const char* empty : {"", "  \n\t "}) {
    auto refused = refuse_step(ReviewStep::send_back, false, kWaiting, empty);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 422U);
    EXPECT_EQ(refused->field, "note");
    EXPECT_EQ(refused->message, "Schrijf op wat er nog aan moet gebeuren.");
  }
}

TEST(ReviewState, ANoteIsAtMostAThousandCharactersAsAnEditorCountsThem) {
  // 1000 characters of two bytes each are not too long; one more is.
  std::string note;
  for (std::size_t i = 0; i < kMaxReviewNote; ++i) note += "\xC3\xA9";  // é
  EXPECT_FALSE(refuse_step(ReviewStep::offer, false, kNone, note));
  EXPECT_FALSE(refuse_step(ReviewStep::send_back, false, kWaiting, "  " + note + "\n"));
  auto long_note = refuse_step(ReviewStep::offer, false, kNone, note + "e");
  ASSERT_TRUE(long_note);
  EXPECT_EQ(long_note->status, 422U);
  EXPECT_EQ(long_note->field, "note");
  EXPECT_EQ(long_note->message, "Gebruik hoogstens 1000 tekens.");
}

TEST(ReviewState, EachStepLeavesWhoTookItWhenAndTheTrimmedNote) {
  auto offered = after_step(ReviewStep::offer, "Rita", 300, "  Graag vandaag nog.\n");
  EXPECT_EQ(offered.status, ReviewStatus::waiting);
  EXPECT_EQ(offered.by, "Rita");
  EXPECT_EQ(offered.at, 300);
  EXPECT_EQ(offered.note, "Graag vandaag nog.");
  auto returned = after_step(ReviewStep::send_back, "Erik", 400, "Bron erbij.");
  EXPECT_EQ(returned.status, ReviewStatus::returned);
  EXPECT_EQ(returned.by, "Erik");
  EXPECT_EQ(returned.note, "Bron erbij.");
}

TEST(ReviewState, StatusNamesGoBothWays) {
  for (auto status : {ReviewStatus::none, ReviewStatus::waiting, ReviewStatus::returned}) {
    EXPECT_EQ(parse_review_status(review_status_name(status)), status);
  }
  EXPECT_EQ(review_status_name(ReviewStatus::waiting), "waiting");
  EXPECT_EQ(parse_review_status("iets"), ReviewStatus::none);
}

}  // namespace
}  // namespace ether::content
