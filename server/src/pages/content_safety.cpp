#include "pages/content_safety.hpp"

#include <algorithm>
#include <array>
#include <cctype>

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

}  // namespace ether::pages
