#include "http/range.hpp"

#include <openssl/evp.h>

#include <array>
#include <cstdio>
#include <limits>

#include "http/message.hpp"

namespace ether::http {
namespace {

// Digits only; values beyond uint64 saturate, so a huge first byte is simply past the end.
std::optional<std::uint64_t> parse_digits(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) {
      value = std::numeric_limits<std::uint64_t>::max();
    } else {
      value = value * 10 + digit;
    }
  }
  return value;
}

std::string_view opaque_tag(std::string_view tag) {
  tag = trim_blanks(tag);
  if (tag.size() >= 2 && tag[0] == 'W' && tag[1] == '/') tag.remove_prefix(2);
  return tag;
}

constexpr std::array<const char*, 7> kDays{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                              "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

}  // namespace

RangeRequest parse_range(std::string_view header, std::uint64_t size) {
  RangeRequest result;
  header = trim_blanks(header);
  auto equals = header.find('=');
  if (equals == std::string_view::npos || !iequals(trim_blanks(header.substr(0, equals)), "bytes")) return result;
  std::string_view spec = trim_blanks(header.substr(equals + 1));
  if (spec.find(',') != std::string_view::npos) return result;
  auto dash = spec.find('-');
  if (dash == std::string_view::npos) return result;
  std::string_view first_text = trim_blanks(spec.substr(0, dash));
  std::string_view last_text = trim_blanks(spec.substr(dash + 1));

  if (first_text.empty()) {
    auto suffix = parse_digits(last_text);
    if (!suffix) return result;
    if (*suffix == 0 || size == 0) {
      result.kind = RangeRequest::Kind::unsatisfiable;
      return result;
    }
    std::uint64_t length = std::min(*suffix, size);
    result.kind = RangeRequest::Kind::partial;
    result.range = {size - length, size - 1};
    return result;
  }

  auto first = parse_digits(first_text);
  if (!first) return result;
  std::uint64_t last = size == 0 ? 0 : size - 1;
  if (!last_text.empty()) {
    auto parsed_last = parse_digits(last_text);
    if (!parsed_last || *parsed_last < *first) return result;
    last = std::min(*parsed_last, last);
  }
  if (*first >= size) {
    result.kind = RangeRequest::Kind::unsatisfiable;
    return result;
  }
  result.kind = RangeRequest::Kind::partial;
  result.range = {*first, last};
  return result;
}

std::string content_range(ByteRange range, std::uint64_t size) {
  return "bytes " + std::to_string(range.first) + "-" + std::to_string(range.last) + "/" + std::to_string(size);
}

std::string unsatisfied_content_range(std::uint64_t size) { return "bytes */" + std::to_string(size); }

std::string strong_etag(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int digest_size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest.data(), &digest_size, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string tag = "\"";
  for (unsigned int i = 0; i < 16 && i < digest_size; ++i) {
    tag.push_back(kHex[digest[i] >> 4]);
    tag.push_back(kHex[digest[i] & 0xf]);
  }
  tag.push_back('"');
  return tag;
}

bool if_none_match(std::string_view header, std::string_view etag) {
  header = trim_blanks(header);
  if (header.empty()) return false;
  if (header == "*") return true;
  std::string_view wanted = opaque_tag(etag);
  while (!header.empty()) {
    auto comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    if (opaque_tag(item) == wanted) return true;
    if (comma == std::string_view::npos) break;
    header.remove_prefix(comma + 1);
  }
  return false;
}

std::string format_http_date(std::time_t time) {
  std::tm tm{};
  gmtime_r(&time, &tm);
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                kDays[static_cast<std::size_t>(tm.tm_wday)], tm.tm_mday, kMonths[static_cast<std::size_t>(tm.tm_mon)],
                tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buffer;
}

std::optional<std::time_t> parse_http_date(std::string_view text) {
  text = trim_blanks(text);
  // "Sun, 06 Nov 1994 08:49:37 GMT"
  if (text.size() != 29 || text[3] != ',' || text[4] != ' ' || text.substr(26) != "GMT") return std::nullopt;
  // Digits only: from_chars alone would take "-1" for an hour.
  auto number = [&](std::size_t pos, std::size_t len) -> std::optional<int> {
    int value = 0;
    for (char c : text.substr(pos, len)) {
      if (c < '0' || c > '9') return std::nullopt;
      value = value * 10 + (c - '0');
    }
    return value;
  };
  std::tm tm{};
  auto day = number(5, 2), year = number(12, 4), hour = number(17, 2), minute = number(20, 2), second = number(23, 2);
  if (!day || !year || !hour || !minute || !second || text[19] != ':' || text[22] != ':') return std::nullopt;
  int month = -1;
  for (std::size_t i = 0; i < kMonths.size(); ++i) {
    if (text.substr(8, 3) == kMonths[i]) month = static_cast<int>(i);
  }
  if (month < 0 || *day < 1 || *day > 31 || *hour > 23 || *minute > 59 || *second > 60) return std::nullopt;
  tm.tm_mday = *day;
  tm.tm_mon = month;
  tm.tm_year = *year - 1900;
  tm.tm_hour = *hour;
  tm.tm_min = *minute;
  // A leap second reads as the second before it, so that 9999-12-31 23:59:60 stays in year 9999.
  tm.tm_sec = *second == 60 ? 59 : *second;
  const std::time_t instant = timegm(&tm);
  // timegm moves "31 Feb" into March: such a date does not exist and is refused.
  std::tm check{};
  if (gmtime_r(&instant, &check) == nullptr || check.tm_mday != *day || check.tm_mon != month) return std::nullopt;
  return instant;
}

bool if_range_allows(std::string_view if_range, std::string_view etag, std::optional<std::time_t> last_modified) {
  if_range = trim_blanks(if_range);
  if (if_range.empty()) return true;
  if (if_range.front() == '"') return if_range == etag;  // strong comparison only
  if (if_range.starts_with("W/")) return false;
  auto date = parse_http_date(if_range);
  return date && last_modified && *date == *last_modified;
}

}  // namespace ether::http
