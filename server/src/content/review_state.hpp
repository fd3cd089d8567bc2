#pragma once
// The review step of a content item (issue 54), as pure rules: a draft is offered for review
// ('Ter beoordeling aanbieden') by one who may edit it, and then waits; one who may publish sends it
// back ('Terugsturen') with a note, which stays with the item until it is offered again; publishing
// ends the step. Who may take a step (roles) is the routes' business (admin/content_api.hpp); here
// only which step fits which state, and what it leaves. No store, no clock.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ether::content {

enum class ReviewStatus {
  none,      // not in review (never offered, or published since)
  waiting,   // offered, waiting for one who may publish
  returned,  // sent back with a note for the author
};

/// "", "waiting", "returned": as stored and as the API sends it.
std::string_view review_status_name(ReviewStatus status);
/// The status of a name as review_status_name writes it; none for anything else.
ReviewStatus parse_review_status(std::string_view name);

/// Where an item stands in review: who took the last step, when, and the note they gave.
struct Review {
  ReviewStatus status = ReviewStatus::none;
  std::string by;  // the display name of who offered it (waiting) or sent it back (returned)
  std::optional<std::int64_t> at;
  std::string note;
};

enum class ReviewStep { offer, send_back };

/// The longest note a step takes, in characters (UTF-8 code points).
inline constexpr std::size_t kMaxReviewNote = 1000;

/// Why a step does not fit: the HTTP status, the error code and the Dutch message; `field` names
/// the form field at fault (a note), empty for a step that does not fit the item's state.
struct ReviewRefusal {
  unsigned status = 409;
  std::string code;
  std::string message;
  std::string field;
};

/// Why `step` cannot be taken on an item that is `published` (on the site or scheduled) and stands
/// at `current`, with `note`; nullopt when it can. Offering needs a draft not already waiting (409
/// not_draft, already_waiting) and a note of at most kMaxReviewNote characters (422); sending back
/// needs a waiting item (409 not_waiting) and a note that says why (422).
std::optional<ReviewRefusal> refuse_step(ReviewStep step, bool published, const Review& current, std::string_view note);

/// The review after `step`, taken by `by` at `at` with `note` (trimmed).
Review after_step(ReviewStep step, const std::string& by, std::int64_t at, std::string_view note);

}  // namespace ether::content
