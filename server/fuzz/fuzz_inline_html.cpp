// A paragraph's stored markup (pages/content_safety.hpp sanitize_inline_html): whatever the input,
// the output holds only the whitelisted elements, properly nested and not deeper than 16, links
// only with a safe address, text only escaped, and sanitising it again changes nothing.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "pages/content_safety.hpp"

namespace {

// The href of a sanitised start tag, decoded from the only entities the output uses.
std::string decoded_href(std::string_view value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    FUZZ_CHECK(value[i] != '"' && value[i] != '\'' && value[i] != '<' && value[i] != '>');
    if (value[i] != '&') {
      out.push_back(value[i]);
      continue;
    }
    auto rest = value.substr(i);
    if (rest.starts_with("&amp;"))
      out.push_back('&'), i += 4;
    else if (rest.starts_with("&quot;"))
      out.push_back('"'), i += 5;
    else if (rest.starts_with("&apos;"))
      out.push_back('\''), i += 5;
    else if (rest.starts_with("&lt;"))
      out.push_back('<'), i += 3;
    else if (rest.starts_with("&gt;"))
      out.push_back('>'), i += 3;
    else
      FUZZ_CHECK(false);
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto html = ether::pages::sanitize_inline_html(input);
  FUZZ_CHECK(ether::pages::sanitize_inline_html(html) == html);
  std::vector<std::string_view> open;
  constexpr std::string_view kLinkStart = "a href=\"";
  constexpr std::string_view kLinkEnd = "\" rel=\"noopener noreferrer\"";
  for (std::size_t i = 0; i < html.size(); ++i) {
    FUZZ_CHECK(html[i] != '>' && html[i] != '"' && html[i] != '\0');
    if (html[i] == '&') {
      auto rest = std::string_view(html).substr(i);
      FUZZ_CHECK(rest.starts_with("&amp;") || rest.starts_with("&lt;") || rest.starts_with("&gt;") ||
                 rest.starts_with("&quot;") || rest.starts_with("&apos;"));
      continue;
    }
    if (html[i] != '<') continue;
    auto end = html.find('>', i);
    FUZZ_CHECK(end != std::string::npos);
    auto tag = std::string_view(html).substr(i + 1, end - i - 1);
    i = end;
    if (tag == "br") continue;
    if (tag == "strong" || tag == "em") {
      open.push_back(tag);
    } else if (tag.starts_with(kLinkStart) && tag.ends_with(kLinkEnd) &&
               tag.size() > kLinkStart.size() + kLinkEnd.size()) {
      auto href = decoded_href(tag.substr(kLinkStart.size(), tag.size() - kLinkStart.size() - kLinkEnd.size()));
      FUZZ_CHECK(ether::pages::safe_url(href) == href);
      for (auto name : open) FUZZ_CHECK(name != "a");
      open.emplace_back("a");
    } else {
      FUZZ_CHECK(tag.starts_with("/") && !open.empty() && open.back() == tag.substr(1));
      open.pop_back();
    }
    FUZZ_CHECK(open.size() <= 16);
  }
  FUZZ_CHECK(open.empty());
  return 0;
}
