#include "pages/content_safety.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <vector>

#include "domain/escape.hpp"

namespace ether::pages {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

bool starts_with_ci(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && lower(text.substr(0, prefix.size())) == prefix;
}

// Elements whose content is code or foreign documents, not text.
constexpr std::array<std::string_view, 5> kDroppedElements{"script", "style", "iframe", "object", "template"};

void append_space(std::string& out) {
  if (!out.empty() && out.back() != ' ') out.push_back(' ');
}

// Elements whose content is code, foreign markup or a form control, never paragraph text.
constexpr std::array<std::string_view, 15> kDroppedInlineElements{
    "script", "style",   "iframe",   "object", "template",  "noscript", "textarea", "title",
    "xmp",    "noembed", "noframes", "select", "plaintext", "svg",      "math"};

// Deeper nesting than a paragraph needs only costs the reader's browser.
constexpr std::size_t kMaxInlineDepth = 16;

// The one escaper of the server's markup: &, <, >, " and ' escaped, control characters left out.
void append_escaped(std::string& out, std::string_view text) { out += domain::xml_escape(text); }

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out.push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (code >> 6)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else if (code < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (code >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (code >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  }
}

// Decodes the character reference at `html[at]` ('&') into `out` and answers its length, or 0 when
// it is not one this sanitiser knows (the '&' is then literal text). A reference must end in ';'.
std::size_t decode_entity(std::string_view html, std::size_t at, std::string& out) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kNamed{{{"amp", "&"},
                                                                                         {"lt", "<"},
                                                                                         {"gt", ">"},
                                                                                         {"quot", "\""},
                                                                                         {"apos", "'"},
                                                                                         {"nbsp", "\u00a0"},
                                                                                         {"hellip", "\u2026"},
                                                                                         {"mdash", "\u2014"},
                                                                                         {"ndash", "\u2013"},
                                                                                         {"lsquo", "\u2018"},
                                                                                         {"rsquo", "\u2019"},
                                                                                         {"ldquo", "\u201c"},
                                                                                         {"rdquo", "\u201d"},
                                                                                         {"laquo", "\u00ab"},
                                                                                         {"raquo", "\u00bb"},
                                                                                         {"euro", "\u20ac"},
                                                                                         {"copy", "\u00a9"}}};
  auto rest = html.substr(at + 1);
  auto semicolon = rest.find(';');
  if (semicolon == std::string_view::npos || semicolon == 0 || semicolon > 10) return 0;
  auto name = rest.substr(0, semicolon);
  if (name.front() != '#') {
    for (const auto& [entity, text] : kNamed) {
      if (name == entity) {
        out += text;
        return semicolon + 2;
      }
    }
    return 0;
  }
  bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
  auto digits = name.substr(hex ? 2 : 1);
  if (digits.empty() || digits.size() > 8) return 0;
  std::uint32_t code = 0;
  for (char d : digits) {
    auto c = static_cast<unsigned char>(d);
    if (hex ? !std::isxdigit(c) : !std::isdigit(c)) return 0;
    auto value = std::isdigit(c) ? c - '0' : std::tolower(c) - 'a' + 10;
    code = code * (hex ? 16U : 10U) + static_cast<std::uint32_t>(value);
  }
  // As browsers do: no NUL, surrogates, controls or code points beyond Unicode.
  bool control = (code < 0x20 && code != '\t' && code != '\n' && code != '\r') || (code >= 0x7F && code < 0xA0);
  if (code == 0 || control || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) code = 0xFFFD;
  append_utf8(out, code);
  return semicolon + 2;
}

std::string decode_entities(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '&') {
      if (auto length = decode_entity(text, i, out)) {
        i += length;
        continue;
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

struct InlineTag {
  std::string name;  // lower case
  bool closing = false;
  std::optional<std::string> href;  // decoded, as written
  std::size_t end = 0;              // just past '>'
};

// The tag at `html[at]` ('<' and a letter, or "</" and a letter), or nullopt when it never ends.
std::optional<InlineTag> parse_tag(std::string_view html, std::size_t at) {
  InlineTag tag;
  std::size_t p = at + 1;
  if (html[p] == '/') {
    tag.closing = true;
    ++p;
  }
  auto name_start = p;
  while (p < html.size() && !is_space(html[p]) && html[p] != '/' && html[p] != '>') ++p;
  tag.name = lower(html.substr(name_start, p - name_start));
  while (p < html.size()) {
    char c = html[p];
    if (c == '>') {
      tag.end = p + 1;
      return tag;
    }
    if (is_space(c) || c == '/') {
      ++p;
      continue;
    }
    auto attribute_start = p;
    while (p < html.size() && !is_space(html[p]) && html[p] != '=' && html[p] != '>' && html[p] != '/') ++p;
    auto attribute = lower(html.substr(attribute_start, p - attribute_start));
    while (p < html.size() && is_space(html[p])) ++p;
    std::string_view value;
    if (p < html.size() && html[p] == '=') {
      ++p;
      while (p < html.size() && is_space(html[p])) ++p;
      if (p < html.size() && (html[p] == '"' || html[p] == '\'')) {
        auto quote_end = html.find(html[p], p + 1);
        if (quote_end == std::string_view::npos) return std::nullopt;
        value = html.substr(p + 1, quote_end - p - 1);
        p = quote_end + 1;
      } else {
        auto value_start = p;
        while (p < html.size() && !is_space(html[p]) && html[p] != '>') ++p;
        value = html.substr(value_start, p - value_start);
      }
    }
    // The first of repeated attributes counts, as in browsers.
    if (attribute == "href" && !tag.href) tag.href = decode_entities(value);
  }
  return std::nullopt;
}

// Where the end tag of the raw element `name` that starts at `from` ends (just past its '>'), or
// npos when the element never ends.
std::size_t raw_element_end(std::string_view html, std::size_t from, std::string_view name) {
  for (auto p = html.find("</", from); p != std::string_view::npos; p = html.find("</", p + 2)) {
    auto after = p + 2 + name.size();
    if (after > html.size() || lower(html.substr(p + 2, name.size())) != name) continue;
    if (after < html.size() && !is_space(html[after]) && html[after] != '/' && html[after] != '>') continue;
    auto close = html.find('>', after);
    return close == std::string_view::npos ? html.size() : close + 1;
  }
  return std::string_view::npos;
}

struct OpenElement {
  std::string name;  // strong, em or a
  std::string href;  // for a
};

void append_start(std::string& out, const OpenElement& element) {
  if (element.name == "a") {
    out += "<a href=\"";
    append_escaped(out, element.href);
    out += "\" rel=\"noopener noreferrer\">";
  } else {
    out += "<" + element.name + ">";
  }
}

void append_end(std::string& out, const OpenElement& element) { out += "</" + element.name + ">"; }

}  // namespace

std::string safe_url(std::string_view url) {
  while (!url.empty() && (url.front() == ' ' || url.front() == '\t')) url.remove_prefix(1);
  while (!url.empty() && (url.back() == ' ' || url.back() == '\t')) url.remove_suffix(1);
  if (url.empty()) return {};
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so none are accepted.
  for (unsigned char c : url) {
    if (c < 0x20 || c == 0x7f || c == ' ') return {};
  }
  if (url.front() == '#') return std::string(url);
  if (url.front() == '/') return url.size() > 1 && (url[1] == '/' || url[1] == '\\') ? std::string() : std::string(url);
  if (starts_with_ci(url, "https://") || starts_with_ci(url, "http://") || starts_with_ci(url, "mailto:")) {
    return std::string(url);
  }
  return {};
}

std::string plain_text(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  std::size_t i = 0;
  while (i < html.size()) {
    char c = html[i];
    bool tag_start =
        c == '<' && i + 1 < html.size() &&
        (std::isalpha(static_cast<unsigned char>(html[i + 1])) || html[i + 1] == '/' || html[i + 1] == '!');
    if (tag_start) {
      auto close = html.find('>', i + 1);
      if (close == std::string_view::npos) break;  // an unfinished tag is dropped with the rest
      auto tag = html.substr(i + 1, close - i - 1);
      bool closing = !tag.empty() && tag.front() == '/';
      auto name_start = closing ? tag.substr(1) : tag;
      std::size_t name_end = 0;
      while (name_end < name_start.size() && std::isalnum(static_cast<unsigned char>(name_start[name_end]))) {
        ++name_end;
      }
      auto name = lower(name_start.substr(0, name_end));
      i = close + 1;
      if (!closing && std::find(kDroppedElements.begin(), kDroppedElements.end(), name) != kDroppedElements.end()) {
        auto end_tag = lower(html.substr(i)).find("</" + name);
        if (end_tag == std::string::npos) break;
        auto end_close = html.find('>', i + end_tag);
        i = end_close == std::string_view::npos ? html.size() : end_close + 1;
        continue;
      }
      if (name == "br" || name == "p" || name == "div" || name == "li" || (name.size() == 2 && name[0] == 'h')) {
        append_space(out);
      }
      continue;
    }
    if (c == '&') {
      static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kEntities{{{"&amp;", "&"},
                                                                                               {"&lt;", "<"},
                                                                                               {"&gt;", ">"},
                                                                                               {"&quot;", "\""},
                                                                                               {"&#39;", "'"},
                                                                                               {"&apos;", "'"},
                                                                                               {"&nbsp;", " "}}};
      bool decoded = false;
      for (const auto& [entity, text] : kEntities) {
        if (starts_with_ci(html.substr(i), entity)) {
          if (text == " ") {
            append_space(out);
          } else {
            out += text;
          }
          i += entity.size();
          decoded = true;
          break;
        }
      }
      if (decoded) continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      append_space(out);
    } else {
      out.push_back(c);
    }
    ++i;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  auto first = out.find_first_not_of(' ');
  return first == std::string::npos ? std::string() : out.substr(first);
}

std::string text_as_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_escaped(out, text);
  return out;
}

std::string sanitize_inline_html(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  std::vector<OpenElement> open;
  std::size_t i = 0;
  while (i < html.size()) {
    char c = html[i];
    if (c == '&') {
      std::string decoded;
      if (auto length = decode_entity(html, i, decoded)) {
        append_escaped(out, decoded);
        i += length;
      } else {
        out += "&amp;";
        ++i;
      }
      continue;
    }
    if (c != '<') {
      append_escaped(out, std::string_view(&html[i], 1));
      ++i;
      continue;
    }
    auto next = i + 1 < html.size() ? html[i + 1] : '\0';
    auto after_slash = i + 2 < html.size() ? html[i + 2] : '\0';
    if (html.substr(i).starts_with("<!--")) {
      auto end = html.find("-->", i + 4);
      if (end == std::string_view::npos) break;  // an unfinished comment hides the rest, as in browsers
      i = end + 3;
      continue;
    }
    bool start_tag = std::isalpha(static_cast<unsigned char>(next)) != 0;
    bool end_tag = next == '/' && std::isalpha(static_cast<unsigned char>(after_slash)) != 0;
    if (!start_tag && !end_tag) {
      // Doctypes, processing instructions and "</ …>" are bogus comments to a browser; a lone '<' is text.
      if (next == '!' || next == '?' || next == '/') {
        auto end = html.find('>', i + 1);
        if (end == std::string_view::npos) break;
        i = end + 1;
      } else {
        out += "&lt;";
        ++i;
      }
      continue;
    }
    auto tag = parse_tag(html, i);
    if (!tag) break;  // an unfinished tag is dropped with the rest, as in browsers
    i = tag->end;
    auto name = tag->name == "b" ? std::string("strong") : tag->name == "i" ? std::string("em") : tag->name;
    if (!tag->closing &&
        std::find(kDroppedInlineElements.begin(), kDroppedInlineElements.end(), name) != kDroppedInlineElements.end()) {
      auto end = raw_element_end(html, i, name);
      if (end == std::string_view::npos) break;
      i = end;
      continue;
    }
    if (name == "br") {
      out += "<br>";
      continue;
    }
    if (name == "p" || name == "div" || name == "li" ||
        (name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6')) {
      // Blocks inside a paragraph run on as one line; words on either side stay apart.
      if (!tag->closing || (i < html.size() && !is_space(html[i]) && html[i] != '<')) append_space(out);
      continue;
    }
    if (name != "strong" && name != "em" && name != "a") continue;
    if (!tag->closing) {
      if (open.size() >= kMaxInlineDepth) continue;
      OpenElement element{name, {}};
      if (name == "a") {
        // Links do not nest; a link without a safe address is its text only.
        bool inside_link = std::any_of(open.begin(), open.end(), [](const auto& e) { return e.name == "a"; });
        element.href = safe_url(tag->href.value_or(""));
        if (inside_link || element.href.empty()) continue;
      }
      append_start(out, element);
      open.push_back(std::move(element));
      continue;
    }
    auto match = std::find_if(open.rbegin(), open.rend(), [&](const auto& e) { return e.name == name; });
    if (match == open.rend()) continue;
    // Misnested markup ("<b><i>x</b>y</i>") closes the inner elements and opens them again after.
    auto index = static_cast<std::size_t>(open.rend() - match) - 1;
    for (auto k = open.size(); k > index; --k) append_end(out, open[k - 1]);
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(index));
    for (auto k = index; k < open.size(); ++k) append_start(out, open[k]);
  }
  for (auto k = open.size(); k > 0; --k) append_end(out, open[k - 1]);
  return out;
}

}  // namespace ether::pages
