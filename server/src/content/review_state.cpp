#include "content/review_state.hpp"

#include <string>
#include <utility>

namespace ether::content {

namespace {

std::string_view trimmed(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

// Characters as an editor counts them: UTF-8 continuation bytes are part of the one before.
std::size_t characters(std::string_view text) {
  std::size_t count = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) ++count;
  }
  return count;
}

// Named like api::json_error, so that the admin's list of Dutch messages finds the codes
// (web/src/admin/api/error-messages.test.ts).
ReviewRefusal review_refusal(unsigned status, std::string code, std::string message, std::string field = {}) {
  return ReviewRefusal{
      .status = status, .code = std::move(code), .message = std::move(message), .field = std::move(field)};
}

}  // namespace

std::string_view review_status_name(ReviewStatus status) {
  switch (status) {
    case ReviewStatus::waiting:
      return "waiting";
    case ReviewStatus::returned:
      return "returned";
    case ReviewStatus::none:
      break;
  }
  return "";
}

ReviewStatus parse_review_status(std::string_view name) {
  if (name == "waiting") return ReviewStatus::waiting;
  if (name == "returned") return ReviewStatus::returned;
  return ReviewStatus::none;
}

std::optional<ReviewRefusal> refuse_step(ReviewStep step, bool published, const Review& current,
                                         std::string_view note) {
  if (step == ReviewStep::offer) {
    if (published) {
      return review_refusal(409, "not_draft",
                            "Alleen een concept kan ter beoordeling worden aangeboden; dit item is al gepubliceerd "
                            "of ingepland.");
    }
    if (current.status == ReviewStatus::waiting) {
      return review_refusal(409, "already_waiting", "Dit item wacht al op beoordeling.");
    }
  } else {
    if (current.status != ReviewStatus::waiting || published) {
      return review_refusal(409, "not_waiting",
                            "Dit item wacht niet op beoordeling en kan dus niet worden teruggestuurd.");
    }
    if (trimmed(note).empty()) {
      return review_refusal(422, "invalid_fields", "Schrijf op wat er nog aan moet gebeuren.", "note");
    }
  }
  if (characters(trimmed(note)) > kMaxReviewNote) {
    return review_refusal(422, "invalid_fields", "Gebruik hoogstens " + std::to_string(kMaxReviewNote) + " tekens.",
                          "note");
  }
  return std::nullopt;
}

Review after_step(ReviewStep step, const std::string& by, std::int64_t at, std::string_view note) {
  return Review{.status = step == ReviewStep::offer ? ReviewStatus::waiting : ReviewStatus::returned,
                .by = by,
                .at = at,
                .note = std::string(trimmed(note))};
}

}  // namespace ether::content
