#include "content/content_validation.hpp"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <variant>

#include "domain/isrc.hpp"
#include "domain/slug.hpp"
#include "media/stored_files.hpp"
#include "media/video_processor.hpp"
#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"

namespace ether::content {
namespace json = boost::json;

namespace {

std::string trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return std::string(text);
}

bool is_color(std::string_view text) {
  if (text.size() != 7 || text[0] != '#') return false;
  for (char c : text.substr(1)) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool has_control_characters(std::string_view text, bool allow_newlines) {
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 && !(allow_newlines && (c == '\n' || c == '\r' || c == '\t'))) return true;
  }
  return false;
}

// A list block: "ordered" says numbered or bulleted, "items" holds at least one item with its
// plain "text" and, when it has marks, "html" (sanitised when read, as a paragraph's).
std::string list_error(const json::object& block) {
  const auto* ordered = block.if_contains("ordered");
  if (ordered == nullptr || !ordered->is_bool()) return "Een lijst is genummerd of niet: geef 'ordered' als ja of nee.";
  const auto* items = block.if_contains("items");
  if (items == nullptr || !items->is_array() || items->get_array().empty()) {
    return "Een lijst heeft minstens één punt.";
  }
  for (const auto& item : items->get_array()) {
    const auto* fields = item.if_object();
    const auto* text = fields != nullptr ? fields->if_contains("text") : nullptr;
    if (text == nullptr || !text->is_string() || trimmed(text->get_string()).empty()) {
      return "Elk punt van een lijst heeft tekst.";
    }
    const auto* html = fields->if_contains("html");
    if (html != nullptr && !html->is_string()) return "Elk punt van een lijst heeft tekst.";
  }
  return {};
}

// Content blocks: an array of objects that each name their type. What a block may carry to a
// page is decided again when it is read (pages/content_safety.hpp), as for the seeded content;
// a list is checked here too, because a malformed one would silently lose its items there.
std::string blocks_error(const json::value& value) {
  static constexpr std::string_view kUnreadable = "De blokken konden niet worden gelezen.";
  if (!value.is_array()) return std::string(kUnreadable);
  for (const auto& block : value.get_array()) {
    if (!block.is_object()) return std::string(kUnreadable);
    const auto* type = block.get_object().if_contains("type");
    if (type == nullptr || !type->is_string() || type->get_string().empty()) return std::string(kUnreadable);
    if (type->get_string() == "list") {
      if (auto error = list_error(block.get_object()); !error.empty()) return error;
    }
  }
  return {};
}

struct Checked {
  Value value;
  std::string error;
};

Checked check(const FieldSpec& field, const json::value& input) {
  const bool empty = input.is_null() || (input.is_string() && trimmed(input.get_string()).empty());
  if (empty) {
    if (field.kind == FieldKind::slug) return {{}, std::string(kSlugRequired)};
    if (field.required) return {{}, "Vul dit veld in."};
    if (field.kind == FieldKind::flag) return {0LL, ""};
    if (field.nullable || field.kind == FieldKind::reference || field.kind == FieldKind::choice) return {{}, ""};
    if (field.kind == FieldKind::integer) return {0LL, ""};
    if (field.kind == FieldKind::instant) return {{}, "Vul een datum en tijd in."};
    if (field.kind == FieldKind::blocks) return {std::string("[]"), ""};
    return {std::string(), ""};
  }
  switch (field.kind) {
    case FieldKind::flag:
      if (!input.is_bool()) return {{}, "Kies ja of nee."};
      return {input.get_bool() ? 1LL : 0LL, ""};
    case FieldKind::integer:
      if (!input.is_int64() || input.get_int64() < 0) return {{}, "Vul een heel getal van 0 of meer in."};
      if (input.get_int64() > field.max_value) {
        return {{}, "Vul een heel getal van hoogstens " + std::to_string(field.max_value) + " in."};
      }
      return {static_cast<long long>(input.get_int64()), ""};
    case FieldKind::instant: {
      auto at = input.is_string() ? parse_instant(input.get_string()) : std::nullopt;
      if (!at) return {{}, "Vul een geldige datum en tijd in."};
      return {static_cast<long long>(*at), ""};
    }
    case FieldKind::reference:
      if (field.reference_column == "id") {
        if (!input.is_int64() || input.get_int64() <= 0) return {{}, "Kies een item uit de lijst."};
        return {static_cast<long long>(input.get_int64()), ""};
      }
      if (!input.is_string()) return {{}, "Kies een item uit de lijst."};
      return {std::string(input.get_string()), ""};
    case FieldKind::blocks:
      if (auto error = blocks_error(input); !error.empty()) return {{}, error};
      {
        auto text = json::serialize(input);
        if (text.size() > field.max_length) return {{}, "De tekst is te lang."};
        return {text, ""};
      }
    default:
      break;
  }
  if (!input.is_string()) return {{}, "Vul tekst in."};
  const bool multi_line = field.kind == FieldKind::long_text;
  std::string text = multi_line ? std::string(input.get_string()) : trimmed(input.get_string());
  if (has_control_characters(text, multi_line)) return {{}, "Gebruik geen stuurtekens."};
  if (text.size() > field.max_length) {
    return {{}, "Gebruik hoogstens " + std::to_string(field.max_length) + " tekens."};
  }
  switch (field.kind) {
    case FieldKind::slug:
      if (text.size() > domain::kMaxSlugLength) return {{}, "Een URL is hoogstens 64 tekens lang."};
      if (!domain::is_valid_slug(text)) return {{}, std::string(kSlugFormat)};
      break;
    case FieldKind::color:
      if (!is_color(text)) return {{}, "Kies een kleur als #rrggbb."};
      break;
    case FieldKind::url:
    case FieldKind::image:
      if (pages::safe_url(text) != text) return {{}, "Vul een link in die begint met https:// of /."};
      break;
    case FieldKind::isrc: {
      auto normal = domain::normalise_isrc(text);
      if (!normal) return {{}, "Vul een ISRC in van 12 tekens, zoals NL-A1B-24-00001."};
      text = std::move(*normal);
      break;
    }
    case FieldKind::choice: {
      bool known = false;
      for (const auto& choice : field.choices) known = known || choice.value == text;
      if (!known) return {{}, "Kies een waarde uit de lijst."};
      break;
    }
    default:
      break;
  }
  return {text, ""};
}

constexpr std::string_view kUnknownItems = "Kies bestaande items uit de lijst.";

// A relation's input: an array of the related items' keys (numbers for ids, texts for slugs),
// each existing and each once; null is no links.
constexpr std::size_t kMaxTags = 20;

// Tags: texts, trimmed and in lower case (as the site's tag links are), each once.
std::variant<std::vector<Value>, std::string> check_tags(const FieldSpec& field, const json::value& input) {
  const std::string error = "Gebruik hoogstens " + std::to_string(kMaxTags) + " tags van elk hoogstens " +
                            std::to_string(field.max_length) + " tekens, zonder stuurtekens.";
  std::vector<Value> tags;
  if (input.is_null()) return tags;
  if (!input.is_array() || input.get_array().size() > kMaxTags) return error;
  for (const auto& element : input.get_array()) {
    if (!element.is_string()) return error;
    std::string tag = trimmed(element.get_string());
    for (auto& c : tag) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (tag.size() > field.max_length || has_control_characters(tag, false)) return error;
    if (tag.empty() || std::find(tags.begin(), tags.end(), Value(tag)) != tags.end()) continue;
    tags.emplace_back(std::move(tag));
  }
  return tags;
}

std::variant<std::vector<Value>, std::string> check_relation(const FieldSpec& field, const json::value& input,
                                                             ContentStore& store) {
  if (field.kind == FieldKind::tags) return check_tags(field, input);
  std::vector<Value> targets;
  if (input.is_null()) return targets;
  if (!input.is_array() || input.get_array().size() > 500) return std::string(kUnknownItems);
  for (const auto& element : input.get_array()) {
    Value target;
    if (field.reference_column == "id" && element.is_int64() && element.get_int64() > 0) {
      target = static_cast<long long>(element.get_int64());
    } else if (field.reference_column != "id" && element.is_string() && !element.get_string().empty()) {
      target = std::string(element.get_string());
    } else {
      return std::string(kUnknownItems);
    }
    if (std::find(targets.begin(), targets.end(), target) != targets.end()) continue;
    if (!store.reference_exists(field, target)) return std::string(kUnknownItems);
    targets.push_back(std::move(target));
  }
  return targets;
}

json::array links_json(const std::vector<Value>& targets) {
  json::array out;
  for (const auto& target : targets) {
    if (const auto* number = std::get_if<long long>(&target)) {
      out.emplace_back(*number);
    } else {
      out.emplace_back(std::get<std::string>(target));
    }
  }
  return out;
}

constexpr std::string_view kChooseAudio = "Kies een audiobestand uit de mediabibliotheek.";

// The media item an audio field's input chooses, or the Dutch reason it cannot be used: only audio
// that is ready has the MP3 and the measurements the site and the feeds need.
std::variant<media::MediaItem, std::string> chosen_audio(const json::value& input, ContentStore& store) {
  if (!input.is_int64() || input.get_int64() <= 0) return std::string(kChooseAudio);
  auto item = store.media_item(input.get_int64());
  if (!item) return std::string("Dit audiobestand bestaat niet (meer) in de mediabibliotheek. Kies een ander.");
  if (item->kind != media::MediaKind::audio) {
    return std::string("Dit is geen audiobestand. Kies audio uit de mediabibliotheek.");
  }
  if (item->status == "failed") {
    return std::string("Dit audiobestand kon niet worden verwerkt. Kies een ander of upload het opnieuw.");
  }
  if (item->status == media::kBrokenStatus) {
    return std::string("Dit audiobestand is beschadigd op de server. Kies een ander of upload het opnieuw.");
  }
  if (item->status != "ready") {
    return std::string("Dit audiobestand wordt nog verwerkt. Wacht tot het klaar is en kies het dan.");
  }
  return std::move(*item);
}

Value fact_of(const media::MediaItem& item, AudioFact fact) {
  switch (fact) {
    case AudioFact::path:
      return media::audio_url(item);
    case AudioFact::duration_ms:
      return static_cast<long long>(item.duration_ms);
    case AudioFact::byte_length:
      return static_cast<long long>(item.size_bytes);
    case AudioFact::none:
      break;
  }
  return {};
}

// True when the stored item plays audio already: chosen before, or a seeded item's demo file.
bool has_audio(const TypeSpec& type, const Item* existing) {
  if (existing == nullptr) return false;
  for (const auto& field : type.fields) {
    if (field.derived != AudioFact::path) continue;
    const auto& stored = existing->values.at(field.name);
    return stored.is_string() && !stored.get_string().empty();
  }
  return false;
}

// An image field's URL as it is stored: a URL of a library image (/uploads/images/<sha256>/...)
// becomes the URL its listener pages ask sizes of (media/stored_files.hpp image_url; the 1080 px
// wide size for a field without crops), once the image is ready; any other URL stays as it is.
Checked stored_image(const FieldSpec& field, std::string url, ContentStore& store) {
  const auto hash = media::library_image_hash(url);
  // A video's poster, filled in when the video was chosen: taken as it is, once that video is ready.
  if (const auto video = media::library_video_hash(url, media::kPosterFile)) {
    const auto item = store.library_video(*video);
    if (!item || item->status != "ready") {
      return {{}, "Dit stilstaande beeld hoort bij een video die niet (klaar) in de mediabibliotheek staat."};
    }
    return {std::move(url), ""};
  }
  if (!hash) {
    if (url.starts_with(std::string(media::kUploadsPrefix) + "/")) {
      return {{}, "Deze link wijst niet naar een afbeelding uit de mediabibliotheek. Kies de afbeelding opnieuw."};
    }
    return {std::move(url), ""};
  }
  auto item = store.library_image(*hash);
  if (!item) return {{}, "Deze afbeelding bestaat niet (meer) in de mediabibliotheek. Kies een andere."};
  if (item->status == "failed") {
    return {{}, "Deze afbeelding kon niet worden verwerkt. Kies een andere of upload haar opnieuw."};
  }
  if (item->status != "ready") {
    return {{}, "Deze afbeelding wordt nog verwerkt. Wacht tot ze klaar is en kies haar dan."};
  }
  return {field.crops.empty() ? media::content_image_url(*item) : media::image_url(*item), ""};
}

std::string_view text_of(const json::object& values, std::string_view name) {
  const auto* value = values.if_contains(name);
  return value != nullptr && value->is_string() ? std::string_view(value->get_string()) : std::string_view{};
}

// A content image needs its alt text (WCAG 1.1.1). An item stored without one before keeps its
// image unchanged until an editor describes it; a new image, or a new item's, must be described.
void require_alt_texts(const TypeSpec& type, const Item* existing, Validated& out) {
  for (const auto& field : type.fields) {
    if (field.kind != FieldKind::image || field.alt_field.empty() || out.errors.contains(field.name)) continue;
    const auto image = text_of(out.values, field.name);
    if (image.empty() || !trimmed(text_of(out.values, field.alt_field)).empty()) continue;
    const bool undescribed_before = existing != nullptr && text_of(existing->values, field.name) == image &&
                                    trimmed(text_of(existing->values, field.alt_field)).empty();
    if (!undescribed_before) out.errors[field.alt_field] = std::string(kAltTextRequired);
  }
}

}  // namespace

std::optional<std::int64_t> parse_instant(std::string_view text) {
  // Browsers write toISOString() with milliseconds: "2026-11-21T10:00:00.000Z".
  std::string normal(text);
  if (normal.size() == 24 && normal[19] == '.' && normal[23] == 'Z') normal = normal.substr(0, 19) + "Z";
  return pages::parse_iso_instant(normal);
}

Validated validate(const TypeSpec& type, const json::object& input, const Item* existing, ContentStore& store) {
  Validated out;
  Row scope;
  std::string slug;
  std::optional<media::MediaItem> audio;
  for (const auto& field : type.fields) {
    const auto* given = input.if_contains(field.name);
    if (derived(field)) {
      // Never from the form: filled from the audio chosen (below), else kept as stored.
      if (existing != nullptr) out.values[field.name] = existing->values.at(field.name);
      continue;
    }
    if (field.kind == FieldKind::audio) {
      if (given == nullptr || given->is_null()) {
        // Nothing chosen: the item keeps the audio it plays; one without audio must choose.
        out.values[field.name] = existing != nullptr ? existing->values.at(field.name) : json::value(nullptr);
        if (field.required && !has_audio(type, existing)) out.errors[field.name] = kChooseAudio;
        continue;
      }
      auto chosen = chosen_audio(*given, store);
      if (auto* error = std::get_if<std::string>(&chosen)) {
        out.errors[field.name] = *error;
        continue;
      }
      audio = std::get<media::MediaItem>(std::move(chosen));
      // The stored item's id: an upload of content stored before stands for that item.
      out.values[field.name] = audio->id;
      out.row.emplace_back(field.column, static_cast<long long>(audio->id));
      continue;
    }
    if (given == nullptr && existing != nullptr) {
      // Absent in an update: the stored value stays; it is still needed for the slug scope.
      const auto& stored = existing->values.at(field.name);
      out.values[field.name] = stored;
      if (std::find(type.slug_scope.begin(), type.slug_scope.end(), field.name) != type.slug_scope.end()) {
        auto again = check(field, stored);
        scope.emplace_back(field.column, again.value);
      }
      if (field.name == type.slug_field && stored.is_string()) slug = std::string(stored.get_string());
      continue;
    }
    const json::value value = given != nullptr ? *given : json::value(nullptr);
    if (!in_row(field)) {
      auto links = check_relation(field, value, store);
      if (auto* error = std::get_if<std::string>(&links)) {
        out.errors[field.name] = *error;
        continue;
      }
      auto& targets = std::get<std::vector<Value>>(links);
      out.values[field.name] = links_json(targets);
      out.links.push_back(Links{&field, std::move(targets)});
      continue;
    }
    auto checked = check(field, value);
    if (field.kind == FieldKind::image && checked.error.empty()) {
      if (auto* url = std::get_if<std::string>(&checked.value); url != nullptr && !url->empty()) {
        checked = stored_image(field, std::move(*url), store);
      }
    }
    if (!checked.error.empty()) {
      out.errors[field.name] = checked.error;
      continue;
    }
    if (existing != nullptr && field.immutable && to_json(field, checked.value) != existing->values.at(field.name)) {
      out.errors[field.name] = "Dit veld kan na het aanmaken niet meer worden gewijzigd.";
      continue;
    }
    if (field.kind == FieldKind::reference && !std::holds_alternative<std::monostate>(checked.value) &&
        !store.reference_exists(field, checked.value)) {
      out.errors[field.name] = "Kies een bestaand item uit de lijst.";
      continue;
    }
    if (std::find(type.slug_scope.begin(), type.slug_scope.end(), field.name) != type.slug_scope.end()) {
      scope.emplace_back(field.column, checked.value);
    }
    if (field.name == type.slug_field) slug = std::get<std::string>(checked.value);
    out.values[field.name] = to_json(field, checked.value);
    out.row.emplace_back(field.column, std::move(checked.value));
  }
  if (audio) {
    for (const auto& field : type.fields) {
      if (!derived(field)) continue;
      auto value = fact_of(*audio, field.derived);
      out.values[field.name] = to_json(field, value);
      out.row.emplace_back(field.column, std::move(value));
    }
  }
  require_alt_texts(type, existing, out);
  if (!type.slug_field.empty() && !out.errors.contains(type.slug_field) && !slug.empty() &&
      scope.size() == type.slug_scope.size() && store.slug_taken(slug, scope, existing ? existing->key : "")) {
    out.errors[type.slug_field] = kSlugTaken;
  }
  return out;
}

}  // namespace ether::content
