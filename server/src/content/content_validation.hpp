#pragma once
// Checks a form's values against a type's description (content_types.hpp) and turns them into
// column values: required fields, lengths, spec §5 slugs (and slugs already taken), numbers,
// moments, colours, safe URLs, choices, references and relations to items that exist, content
// blocks, audio chosen from the media library (which must be ready audio; it fills the derived
// fields: path, duration, size), and images: a library image (which must be ready; stored as the
// URL of its sizes) or a safe URL elsewhere, with the alt text a content image needs. Every problem is a Dutch message
// under the field's name, for the form's inline errors.

#include <boost/json/object.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "content/content_store.hpp"
#include "content/content_types.hpp"

namespace ether::content {

/// The message under a content image's alt text field when it has an image but no alt text.
inline constexpr std::string_view kAltTextRequired =
    "Beschrijf in een alt-tekst wat er op de afbeelding te zien is, voor wie haar niet kan zien.";

/// The new links of one relation field.
struct Links {
  const FieldSpec* field = nullptr;
  std::vector<Value> targets;
};

struct Validated {
  Row row;                     // the columns to write
  std::vector<Links> links;    // the relations sent (an absent one keeps its links)
  boost::json::object values;  // the fields as stored, as the API sends them
  boost::json::object errors;  // field name -> Dutch message; empty when valid
};

/// Validates `input` (field name -> value) for a new item (`existing` null) or an update of
/// `existing`, where absent fields keep their stored value and immutable ones may not change.
Validated validate(const TypeSpec& type, const boost::json::object& input, const Item* existing, ContentStore& store);

/// "2026-11-21T10:00:00Z" (milliseconds allowed) as unix seconds; nullopt otherwise.
std::optional<std::int64_t> parse_instant(std::string_view text);

}  // namespace ether::content
