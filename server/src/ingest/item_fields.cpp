#include "ingest/item_fields.hpp"

#include <date/date.h>

#include <boost/json/serialize.hpp>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "domain/isrc.hpp"

namespace ether::ingest {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxText = 500;
constexpr std::int64_t kMillisecondsFrom = 36000;
constexpr std::int64_t kLongestItemMs = 24LL * 3600 * 1000;
constexpr std::int64_t kEarliestBefore = 86400;
constexpr std::int64_t kLatestAfter = 3600;

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// A field as text: strings as they are, numbers written out; nullopt when absent or null.
std::optional<std::string> text_of(const json::object& fields, std::initializer_list<std::string_view> names) {
  for (auto name : names) {
    const auto* value = fields.if_contains(name);
    if (value == nullptr || value->is_null()) continue;
    if (value->is_string()) return std::string(value->get_string());
    if (value->is_int64()) return std::to_string(value->get_int64());
    if (value->is_uint64()) return std::to_string(value->get_uint64());
    if (value->is_double()) return json::serialize(*value);
    if (value->is_bool()) return value->get_bool() ? "true" : "false";
    return json::serialize(*value);  // an object or array where text belongs: refused by the checks
  }
  return std::nullopt;
}

FieldError refuse(std::string field, std::string message) { return FieldError{std::move(field), std::move(message)}; }

std::optional<std::int64_t> parse_number_ms(std::string_view text, double unit_ms) {
  double value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || ptr != text.data() + text.size() || !std::isfinite(value) || value < 0) return std::nullopt;
  const double ms = value * unit_ms;
  if (ms > static_cast<double>(kLongestItemMs)) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(ms));
}

}  // namespace

std::optional<std::int64_t> parse_duration_ms(std::string_view text, bool milliseconds) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  if (milliseconds) return parse_number_ms(text, 1);
  if (text.ends_with("ms")) return parse_number_ms(trim(text.substr(0, text.size() - 2)), 1);
  if (text.ends_with('s')) return parse_number_ms(trim(text.substr(0, text.size() - 1)), 1000);
  if (text.find(':') != std::string_view::npos) {
    // m:ss or h:mm:ss
    std::int64_t total = 0;
    int parts = 0;
    while (!text.empty()) {
      const auto colon = text.find(':');
      const auto part = text.substr(0, colon);
      std::int64_t value = 0;
      auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
      if (part.empty() || ec != std::errc{} || ptr != part.data() + part.size() || value < 0) return std::nullopt;
      if (parts > 0 && value >= 60) return std::nullopt;
      total = total * 60 + value;
      ++parts;
      if (colon == std::string_view::npos) break;
      text.remove_prefix(colon + 1);
      if (text.empty()) return std::nullopt;
    }
    if (parts < 2 || parts > 3 || total * 1000 > kLongestItemMs) return std::nullopt;
    return total * 1000;
  }
  auto seconds = parse_number_ms(text, 1);
  if (!seconds) return std::nullopt;
  // The number as written: below 36000 it counts seconds, from there milliseconds.
  if (*seconds >= kMillisecondsFrom) return seconds;
  return parse_number_ms(text, 1000);
}

std::optional<std::int64_t> parse_instant(std::string_view text) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  if (std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    std::int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || text.size() > 13) return std::nullopt;
    return text.size() == 13 ? value / 1000 : value;
  }
  int y = 0;
  unsigned mo = 0;
  unsigned d = 0;
  unsigned h = 0;
  unsigned mi = 0;
  unsigned s = 0;
  int consumed = 0;
  const std::string copy(text);
  if (std::sscanf(copy.c_str(), "%4d-%2u-%2u%*1[T ]%2u:%2u:%2u%n", &y, &mo, &d, &h, &mi, &s, &consumed) != 6) {
    return std::nullopt;
  }
  std::string_view rest = text.substr(static_cast<std::size_t>(consumed));
  if (!rest.empty() && rest.front() == '.') {  // fractions of a second are dropped
    rest.remove_prefix(1);
    while (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest.front()))) rest.remove_prefix(1);
  }
  std::int64_t offset = 0;
  if (rest == "Z" || rest == "z") {
    offset = 0;
  } else if (rest.size() == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':') {
    int oh = 0;
    int om = 0;
    auto [p1, e1] = std::from_chars(rest.data() + 1, rest.data() + 3, oh);
    auto [p2, e2] = std::from_chars(rest.data() + 4, rest.data() + 6, om);
    if (e1 != std::errc{} || e2 != std::errc{} || p1 != rest.data() + 3 || p2 != rest.data() + 6 || oh > 14 ||
        om > 59) {
      return std::nullopt;
    }
    offset = (oh * 3600 + om * 60) * (rest[0] == '-' ? -1 : 1);
  } else {
    return std::nullopt;  // a time without a zone is ambiguous
  }
  const auto day = date::year{y} / date::month{mo} / date::day{d};
  if (!day.ok() || h > 23 || mi > 59 || s > 60) return std::nullopt;
  const auto midnight = date::sys_days{day}.time_since_epoch() / std::chrono::seconds{1};
  return midnight + h * 3600 + mi * 60 + s - offset;
}

std::string latin1_to_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      out.push_back(c);
    } else {
      out.push_back(static_cast<char>(0xC0 | (byte >> 6)));
      out.push_back(static_cast<char>(0x80 | (byte & 0x3F)));
    }
  }
  return out;
}

bool is_clean_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t') || c == 0x7F) return false;
      ++i;
      continue;
    }
    int extra = 0;
    std::uint32_t code = 0;
    if ((c & 0xE0) == 0xC0) {
      extra = 1;
      code = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
      code = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3;
      code = c & 0x07;
    } else {
      return false;
    }
    if (i + static_cast<std::size_t>(extra) >= text.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3F);
    }
    const std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (code < smallest[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    if (code >= 0x80 && code < 0xA0) return false;  // C1 controls
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

std::variant<NowPlayingItem, FieldError> read_item(const json::object& fields, std::string_view channel,
                                                   std::int64_t now) {
  NowPlayingItem item;
  item.channel = std::string(channel);
  item.starts_at = now;
  if (auto type = text_of(fields, {"type", "kind"})) {
    auto kind = parse_kind(trim(*type));
    if (!kind) return refuse("type", "type moet song, ad, news, jingle of speech zijn.");
    item.kind = *kind;
  }
  item.artist = std::string(trim(text_of(fields, {"artist"}).value_or("")));
  item.title = std::string(trim(text_of(fields, {"title"}).value_or("")));
  if (item.artist.empty() && item.title.empty()) {
    if (auto song = text_of(fields, {"song"})) {
      const std::string_view text = trim(*song);
      if (auto cut = text.find(" - "); cut != std::string_view::npos) {
        item.artist = std::string(trim(text.substr(0, cut)));
        item.title = std::string(trim(text.substr(cut + 3)));
      } else {
        item.title = std::string(text);
      }
    }
  }
  for (const auto* text : {&item.artist, &item.title}) {
    if (text->size() > kMaxText)
      return refuse(text == &item.artist ? "artist" : "title", "artist en title zijn elk hoogstens 500 bytes.");
    if (!is_clean_utf8(*text))
      return refuse(text == &item.artist ? "artist" : "title",
                    "artist en title moeten UTF-8-tekst zonder stuurtekens zijn.");
  }
  item.album = std::string(trim(text_of(fields, {"album"}).value_or("")));
  item.label = std::string(trim(text_of(fields, {"label"}).value_or("")));
  for (const auto& [text, name] : {std::pair{&item.album, "album"}, std::pair{&item.label, "label"}}) {
    if (text->size() > kMaxText) return refuse(name, std::string(name) + " is hoogstens 500 bytes.");
    if (!is_clean_utf8(*text)) return refuse(name, std::string(name) + " moet UTF-8-tekst zonder stuurtekens zijn.");
  }
  if (item.kind == ItemKind::song && item.artist.empty() && item.title.empty()) {
    return refuse("title", "Een nummer heeft een title of artist nodig.");
  }
  if (auto ms = text_of(fields, {"durationMs", "duration_ms"})) {
    item.duration_ms = parse_duration_ms(*ms, true);
    if (!item.duration_ms)
      return refuse("durationMs", "durationMs moet een aantal milliseconden zijn (hoogstens 24 uur).");
  } else if (auto duration = text_of(fields, {"duration"})) {
    item.duration_ms = parse_duration_ms(*duration, false);
    if (!item.duration_ms)
      return refuse("duration", "duration moet seconden, m:ss of een aantal ms zijn (hoogstens 24 uur).");
  }
  if (item.duration_ms && *item.duration_ms < 1000) item.duration_ms.reset();  // a zero length says nothing
  if (auto start = text_of(fields, {"start", "startTime", "starts_at", "startsAt"})) {
    auto instant = parse_instant(*start);
    if (!instant) return refuse("start", "start moet een UTC-tijd zijn (ISO 8601 met zone, of unix-seconden).");
    if (*instant < now - kEarliestBefore || *instant > now + kLatestAfter) {
      return refuse("start", "start ligt te ver van nu (hoogstens een dag ervoor of een uur erna).");
    }
    item.starts_at = *instant;
  }
  if (auto isrc = text_of(fields, {"isrc"}); isrc && !trim(*isrc).empty()) {
    auto normal = domain::normalise_isrc(*isrc);
    if (!normal) return refuse("isrc", "isrc is geen geldige ISRC (12 tekens, zoals NLA123456789).");
    item.isrc = *normal;
  }
  if (auto id = text_of(fields, {"externalId", "external_id", "id"})) {
    item.external_id = std::string(trim(*id));
    if (item.external_id.size() > 200 || !is_clean_utf8(item.external_id)) {
      return refuse("externalId", "externalId is hoogstens 200 bytes tekst.");
    }
  }
  json::object next;
  if (const auto* given = fields.if_contains("next"); given != nullptr && !given->is_null()) {
    if (!given->is_object()) return refuse("next", "next moet een object zijn.");
    next = given->get_object();
  } else {
    for (auto name : {"artist", "title", "duration", "type"}) {
      if (auto value = text_of(fields, {std::string("next_") + name})) next[name] = *value;
    }
  }
  if (!next.empty()) {
    auto checked = read_item(next, channel, now);
    if (auto* error = std::get_if<FieldError>(&checked)) return refuse("next", "next: " + error->message);
    const auto& n = std::get<NowPlayingItem>(checked);
    json::object kept{{"type", kind_name(n.kind)}, {"artist", n.artist}, {"title", n.title}};
    if (n.duration_ms) kept["durationMs"] = *n.duration_ms;
    if (!n.isrc.empty()) kept["isrc"] = n.isrc;
    item.next_json = json::serialize(kept);
  }
  return item;
}

}  // namespace ether::ingest
