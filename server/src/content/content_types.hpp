#pragma once
// The editable content types of the admin, each described once: its table, key, fields (column,
// Dutch label, kind, limits), slug rule and uniqueness scope, how it is published, which tables
// refer to it and which rows it owns. The generic store (content_store.hpp) and the admin routes
// (admin/content_api.hpp) work from these descriptions, and the web admin draws its lists and
// forms from them, so a type is added here and nowhere else.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::content {

enum class FieldKind {
  text,       // one line
  long_text,  // several lines
  slug,       // spec §5 URL slug
  integer,    // whole number
  flag,       // yes/no, stored 0/1
  instant,    // a moment, stored as unix seconds, sent as ISO 8601 UTC
  color,      // #rrggbb
  url,        // a site path or http(s)/mailto URL (pages/content_safety.hpp)
  blocks,     // JSON array of content blocks (articles, pages)
  choice,     // one of `choices`
  reference,  // the key of a row of another type (`reference`)
  relation,   // the keys of several rows of another type, kept in a link table (many-to-many)
  tags,       // free words, kept in a link table like a relation (an article's or fragment's tags)
  audio,      // the id of a ready audio item of the media library; fills the type's derived fields
  image,      // an image: a media library image's URL (/uploads/images/...) or any URL safe_url passes
  isrc,       // a recording's ISRC (domain/isrc.hpp), stored in its normal form
};

/// What a derived field holds of the audio chosen in the type's audio field. A derived field is
/// shown but never taken from a form: a save that chooses audio fills it from the media item (the
/// normalised MP3 that the site and the feeds serve).
enum class AudioFact {
  none,         // not derived
  path,         // the MP3's site path, "/uploads/audio/<sha256>.mp3"
  duration_ms,  // its measured duration
  byte_length,  // its size in bytes
};

struct Choice {
  std::string value;
  std::string label;
};

struct FieldSpec {
  std::string name;    // as the API and the web app name it ("imageUrl")
  std::string column;  // in the table ("image_url")
  std::string label;   // Dutch, for the form
  FieldKind kind = FieldKind::text;
  bool required = false;
  bool nullable = false;   // empty is stored as NULL (else as "" or 0)
  bool immutable = false;  // set on create only (a slug other tables refer to)
  std::size_t max_length = 200;
  std::int64_t max_value = 1'000'000'000'000;  // for integer: the largest its column holds
  std::vector<Choice> choices;                 // for choice
  std::string reference;                       // for reference: the referenced type's name
  std::string reference_column = "id";         // for reference and relation: the column of that type it holds
  // For relation and tags, the link table is `column`: `link_owner` holds this item (its slug when the
  // column is named *_slug, else its id), `link_target` the related item's `reference_column`,
  // and `link_order` (may be empty) the position of each link, in the order the form sends them.
  std::string link_owner;
  std::string link_target;
  std::string link_order;
  AudioFact derived = AudioFact::none;  // filled from the audio field, not from the form
  // For image: the §9 presets the listener pages cut it in (the admin previews them); none for a
  // logo or a background, which are shown whole. A library image is stored as the URL of its sizes
  // ('{format}' in the place of the size) when it has crops, else as its 1080 px wide size.
  std::vector<std::string> crops;
  // For image: the field holding its alt text, required with the image (content images); empty
  // for logos and backgrounds (named by their item, or decorative).
  std::string alt_field;
  // For text: a file of the media dir (a relative path there, or "/media/..."), which must exist
  // when it is set or changed; an http(s) URL is taken as it is; "/uploads/videos/<sha256>/master.m3u8"
  // must name a ready video of the media library (admin/content_api.cpp).
  bool media_file = false;
};

/// True for the fields held in the item's own row (a relation lives in its link table).
[[nodiscard]] inline bool in_row(const FieldSpec& field) {
  return field.kind != FieldKind::relation && field.kind != FieldKind::tags;
}
/// True for the fields a save fills itself (from the item's audio) instead of taking them from a form.
[[nodiscard]] inline bool derived(const FieldSpec& field) { return field.derived != AudioFact::none; }
/// True for the fields lists leave out: blocks and long texts can be long, relations need a query.
[[nodiscard]] inline bool heavy(const FieldSpec& field) {
  return field.kind == FieldKind::blocks || field.kind == FieldKind::long_text || !in_row(field);
}

/// How an item reaches the site.
enum class Publication {
  none,      // always on the site (programmes, presenters, channels, ...)
  dated,     // flag `published` and the moment `published_at` (which is also the date shown)
  switched,  // a flag (published/active) and an optional publish_at
};

/// A table column that points at an item of this type (deleting such an item is refused).
struct Reference {
  std::string table;
  std::string column;
};

struct TypeSpec {
  std::string name;            // in URLs: "programmes", "articles", ...
  std::string label;           // Dutch plural: "Programma's"
  std::string label_singular;  // "Programma"
  std::string table;
  std::string key_column = "id";  // "id" (numeric) or a text key ("slug")
  std::vector<FieldSpec> fields;
  std::string title_field;                 // shown in lists, the source of the slug suggestion
  std::string slug_field;                  // empty: no slug
  std::vector<std::string> slug_scope;     // other fields that, with the slug, must be unique
  std::string order_by;                    // list order (SQL over the table's columns)
  std::vector<std::string> search_fields;  // searched by the list's ?q=
  std::string channel_field;               // limits channel-bound users; empty: none
  bool settings = false;                   // station settings: edit_settings is needed to change it
  Publication publication = Publication::none;
  std::string flag_column;  // for switched: "published" or "active"
  bool revisions = false;   // keeps a revision per save, with restore
  // Where the rows come from when the admin does not create them, as a Dutch sentence for its list
  // (the songs: the rotation and the now-playing ingest; the admin corrects them). Empty: created
  // in the admin; else a create is refused with this sentence.
  std::string origin;
  std::vector<Reference> referenced_by;
  std::vector<Reference> owns;  // rows removed with the item (tags, links)
  bool archivable = false;      // column archived_at: off the site but kept, and restorable
  // A global overlay (event modal, maintenance banner): listed in store::kOverlayOrder, the order
  // visitors see them in; publishing records when it came on the site (column live_since).
  bool overlay = false;

  [[nodiscard]] const FieldSpec* field(std::string_view field_name) const;
  [[nodiscard]] bool numeric_key() const { return key_column == "id"; }
};

/// Every editable type, in menu order.
const std::vector<TypeSpec>& content_types();
/// The type named `name`, or nullptr.
const TypeSpec* find_type(std::string_view name);

/// Spec §5's messages for a slug field, and the one for a slug already taken.
inline constexpr std::string_view kSlugRequired = "Vul een URL in";
inline constexpr std::string_view kSlugFormat = "De URL mag alleen kleine letters en liggende streepjes bevatten";
// An item in the trash keeps its URL until it is removed for good, so that a restore never collides.
inline constexpr std::string_view kSlugTaken =
    "Deze URL is al in gebruik (soms door een item in de prullenbak). Kies een andere.";

std::string_view kind_name(FieldKind kind);
/// "path", "durationMs", "byteLength" (as the web admin names a derived field's fact), "" for none.
std::string_view fact_name(AudioFact fact);

}  // namespace ether::content
