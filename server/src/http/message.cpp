#include "http/message.hpp"

#include <algorithm>
#include <array>
#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <cctype>

namespace ether::http {
namespace {

char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// What origin-form allows in a path and in a query alike, less '%' and '+' (which decode to
// something else): a target of only these decodes to itself.
constexpr auto kPlainTargetChars = [] {
  std::array<bool, 256> plain{};
  for (char c = 'a'; c <= 'z'; ++c) plain[static_cast<unsigned char>(c)] = true;
  for (char c = 'A'; c <= 'Z'; ++c) plain[static_cast<unsigned char>(c)] = true;
  for (char c = '0'; c <= '9'; ++c) plain[static_cast<unsigned char>(c)] = true;
  for (char c : std::string_view("-._~!$&'()*,;=:@/?")) plain[static_cast<unsigned char>(c)] = true;
  return plain;
}();

bool is_plain_target(std::string_view target) noexcept {
  return !target.empty() && target.front() == '/' && std::all_of(target.begin(), target.end(), [](char c) {
    return kPlainTargetChars[static_cast<unsigned char>(c)];
  });
}

}  // namespace

BodyFile::~BodyFile() {
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
}

bool HeaderNameLess::operator()(std::string_view a, std::string_view b) const noexcept {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [](char x, char y) { return lower(x) < lower(y); });
}

bool iequals(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

std::string_view trim_blanks(std::string_view text) noexcept {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string_view Request::header(std::string_view name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string_view{} : std::string_view{it->second};
}

std::optional<std::string_view> Request::param(std::string_view name) const {
  auto it = query.find(name);
  if (it == query.end()) return std::nullopt;
  return std::string_view{it->second};
}

std::optional<std::string_view> Request::cookie(std::string_view name) const {
  std::string_view rest = header("Cookie");
  while (!rest.empty()) {
    auto semi = rest.find(';');
    auto pair = rest.substr(0, semi);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    auto eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == name) return pair.substr(eq + 1);
    rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
  }
  return std::nullopt;
}

bool parse_target(std::string_view target, Request& request) {
  // Nearly every target a site gets ("/api/miniplayer/info?channel=radio2") needs no decoding: it
  // is split here, as Boost.URL would split it, without building a URL view.
  if (is_plain_target(target)) {
    request.target = std::string(target);
    const auto question = target.find('?');
    request.path = std::string(target.substr(0, question));
    request.query_string =
        question == std::string_view::npos ? std::string() : std::string(target.substr(question + 1));
    request.query.clear();
    std::string_view rest = request.query_string;
    while (!rest.empty()) {
      const auto amp = rest.find('&');
      const auto param = rest.substr(0, amp);
      const auto equals = param.find('=');
      const auto key = param.substr(0, equals);
      if (!key.empty()) {
        request.query.emplace(std::string(key),
                              equals == std::string_view::npos ? std::string() : std::string(param.substr(equals + 1)));
      }
      rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    }
    return true;
  }
  auto parsed = boost::urls::parse_origin_form(target);
  if (!parsed) return false;
  const boost::urls::url_view& url = *parsed;
  request.target = std::string(target);
  request.path = url.path();
  if (request.path.empty()) request.path.push_back('/');
  request.query_string = url.has_query() ? std::string(url.encoded_query()) : std::string();
  request.query.clear();
  for (auto param : url.params()) {
    if (param.key.empty()) continue;
    request.query.emplace(std::string(param.key), param.has_value ? std::string(param.value) : std::string());
  }
  return true;
}

void Response::set_header(std::string_view name, std::string_view value) {
  for (auto& [key, current] : headers) {
    if (iequals(key, name)) {
      current = std::string(value);
      return;
    }
  }
  // A response carries about ten fields by the time it is written: one allocation, not four.
  if (headers.empty()) headers.reserve(12);
  headers.emplace_back(std::string(name), std::string(value));
}

std::string_view Response::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (iequals(key, name)) return value;
  }
  return {};
}

bool Response::has_header(std::string_view name) const {
  return std::any_of(headers.begin(), headers.end(), [&](const auto& field) { return iequals(field.first, name); });
}

void Response::set_shared_body(std::shared_ptr<const std::string> owner, std::size_t offset, std::size_t length) {
  body.clear();
  if (!owner) {
    shared_owner_.reset();
    shared_view_ = {};
    return;
  }
  std::string_view all(*owner);
  offset = std::min(offset, all.size());
  shared_view_ = all.substr(offset, length);
  shared_owner_ = std::move(owner);
}

std::string_view Response::payload() const noexcept { return shared_owner_ ? shared_view_ : std::string_view(body); }

namespace {

// A query name or value as the server reads it: '%XX' decoded, '+' as a space.
std::string decode_query_part(std::string_view part) {
  std::string out;
  out.reserve(part.size());
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < part.size(); ++i) {
    if (part[i] == '+') {
      out += ' ';
    } else if (part[i] == '%' && i + 2 < part.size() && hex(part[i + 1]) >= 0 && hex(part[i + 2]) >= 0) {
      out += static_cast<char>(hex(part[i + 1]) * 16 + hex(part[i + 2]));
      i += 2;
    } else {
      out += part[i];
    }
  }
  return out;
}

std::string encode_query_part(std::string_view text) {
  static constexpr std::string_view kHex = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) != 0 || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += c;
    } else {
      out.append({'%', kHex[byte >> 4], kHex[byte & 15]});
    }
  }
  return out;
}

bool is_secret_name(std::string_view decoded) {
  return iequals(decoded, "key") || iequals(decoded, "token") || iequals(decoded, "signature") ||
         iequals(decoded, "x-craft-live-preview");
}

}  // namespace

std::string redact_secret_query(std::string_view target) {
  const auto question = target.find('?');
  if (question == std::string_view::npos) return std::string(target);
  std::string result(target.substr(0, question + 1));
  std::string_view rest = target.substr(question + 1);
  // A fragment never reaches a server, but a raw target logged as it came may carry one.
  std::string_view fragment;
  if (const auto hash = rest.find('#'); hash != std::string_view::npos) {
    fragment = rest.substr(hash);
    rest = rest.substr(0, hash);
  }
  bool first = true;
  while (true) {
    const auto amp = rest.find('&');
    const auto pair = rest.substr(0, amp);
    if (!first) result += '&';
    first = false;
    const auto equals = pair.find('=');
    const auto name = pair.substr(0, equals);
    // Names and values are judged as the server reads them: "%6Bey" is "key", and a target inside
    // a value (/api/page?path=/preview%3Fx-craft-live-preview%3D...) has its own secrets.
    if (equals != std::string_view::npos && is_secret_name(decode_query_part(name))) {
      result.append(name).append("=REDACTED");
    } else if (equals != std::string_view::npos) {
      const auto value = decode_query_part(pair.substr(equals + 1));
      const auto nested = value.find('?') != std::string::npos ? redact_secret_query(value) : value;
      result.append(nested == value ? pair : std::string(name) + "=" + encode_query_part(nested));
    } else {
      result.append(pair);
    }
    if (amp == std::string_view::npos) break;
    rest = rest.substr(amp + 1);
  }
  return result.append(fragment);
}

}  // namespace ether::http
