// The whitelist of a paragraph's inline markup (pages/content_safety.hpp sanitize_inline_html):
// what the admin's block editor writes passes unchanged, everything else loses its tags (and
// scripts their content), and the result is always well-formed and stable under sanitising again.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "pages/content_safety.hpp"

namespace ether::pages {
namespace {

// Whether `html` (the sanitiser's output) nests its elements properly and has no bare '<' or '&'
// outside tags and entities: a small parser of exactly the output language.
bool well_formed(const std::string& html) {
  std::vector<std::string> open;
  for (std::size_t i = 0; i < html.size(); ++i) {
    if (html[i] == '&') {
      auto end = html.find(';', i);
      if (end == std::string::npos) return false;
      auto entity = html.substr(i, end - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" && entity != "&apos;")
        return false;
      i = end;
      continue;
    }
    if (html[i] == '>') return false;
    if (html[i] != '<') continue;
    auto end = html.find('>', i);
    if (end == std::string::npos) return false;
    auto tag = html.substr(i + 1, end - i - 1);
    i = end;
    if (tag == "br") continue;
    if (tag.starts_with("/")) {
      if (open.empty() || open.back() != tag.substr(1)) return false;
      open.pop_back();
    } else if (tag == "strong" || tag == "em") {
      open.push_back(tag);
    } else if (tag.starts_with("a href=\"") && tag.ends_with("\" rel=\"noopener noreferrer\"")) {
      if (tag.substr(8, tag.size() - 8 - 27).find('"') != std::string::npos) return false;
      open.emplace_back("a");
    } else {
      return false;
    }
  }
  return open.empty();
}

std::string repeat(std::string_view part, std::size_t times) {
  std::string out;
  out.reserve(part.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += part;
  return out;
}

std::string checked(const std::string& input) {
  auto output = sanitize_inline_html(input);
  EXPECT_TRUE(well_formed(output)) << input << " -> " << output;
  EXPECT_EQ(sanitize_inline_html(output), output) << "not stable: " << input;
  return output;
}

TEST(ContentSafetyInlineHtml, TheBlockEditorsMarkupPassesWithSafeLinks) {
  EXPECT_EQ(checked("Het <strong>kabinet</strong> is <em>gevallen</em>."),
            "Het <strong>kabinet</strong> is <em>gevallen</em>.");
  EXPECT_EQ(checked("Lees <a href=\"https://nos.nl/a?b=1&amp;c=2\">verder</a>"),
            "Lees <a href=\"https://nos.nl/a?b=1&amp;c=2\" rel=\"noopener noreferrer\">verder</a>");
  EXPECT_EQ(checked("<a href=\"/gids\"><strong><em>Gids</em></strong></a>"),
            "<a href=\"/gids\" rel=\"noopener noreferrer\"><strong><em>Gids</em></strong></a>");
  EXPECT_EQ(checked("<a href=\"mailto:redactie@example.org\">Mail</a>"),
            "<a href=\"mailto:redactie@example.org\" rel=\"noopener noreferrer\">Mail</a>");
  EXPECT_EQ(checked("Regel<br>twee<br/>drie<BR />vier"), "Regel<br>twee<br>drie<br>vier");
  // <b> and <i> are the same marks, written as the editor writes them.
  EXPECT_EQ(checked("<B>vet</B> en <i>schuin</I>"), "<strong>vet</strong> en <em>schuin</em>");
  EXPECT_EQ(checked("Gewone tekst"), "Gewone tekst");
  EXPECT_EQ(checked(""), "");
}

TEST(ContentSafetyInlineHtml, ScriptsAndForeignElementsGoWithTheirContent) {
  EXPECT_EQ(checked("Voor<script>alert('x')</script>na"), "Voorna");
  EXPECT_EQ(checked("a<SCRIPT type=\"x\">steal()</ScRiPt >b"), "ab");
  // "</scriptx>" does not end a script; only the real end tag does.
  EXPECT_EQ(checked("a<script>x</scriptx><b>y</b></script>b"), "ab");
  EXPECT_EQ(checked("<style>p{color:red}</style><iframe src=\"https://x\">in</iframe>Tekst"), "Tekst");
  EXPECT_EQ(checked("<svg><script>alert(1)</script><text>t</text></svg>ok"), "ok");
  EXPECT_EQ(checked("<noscript><img src=x onerror=alert(1)></noscript>ok"), "ok");
  EXPECT_EQ(checked("open <script>nooit gesloten <b>x</b>"), "open ");
  EXPECT_EQ(checked("<strong>vet <script>x()</script>"), "<strong>vet </strong>");
}

TEST(ContentSafetyInlineHtml, OtherTagsAndAttributesAreDroppedTheirTextKept) {
  EXPECT_EQ(checked("<img src=x onerror=alert(1)>Plaatje"), "Plaatje");
  EXPECT_EQ(checked("<strong onclick=\"x()\" style=\"color:red\" class=a>vet</strong>"), "<strong>vet</strong>");
  EXPECT_EQ(checked("<span title='a>b'>tekst</span> <u>onder</u>"), "tekst onder");
  EXPECT_EQ(checked("<a href=\"/a\" onclick=\"x()\" target=\"_top\" rel=\"opener\">a</a>"),
            "<a href=\"/a\" rel=\"noopener noreferrer\">a</a>");
  EXPECT_EQ(checked("<p>Een</p><p>twee</p><div>drie</div>"), "Een twee drie");
  EXPECT_EQ(checked("Een<h2>Kop</h2>tekst"), "Een Kop tekst");
  EXPECT_EQ(checked("a<!-- <script>x</script> -->b<!DOCTYPE html><?xml x?>c"), "abc");
  EXPECT_EQ(checked("a<!-- nooit gesloten <b>x</b>"), "a");
  EXPECT_EQ(checked("x</ y>z"), "xz");
}

TEST(ContentSafetyInlineHtml, UnsafeLinksKeepOnlyTheirText) {
  EXPECT_EQ(checked("<a href=\"javascript:alert(1)\">Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a href=\"JaVaScRiPt:alert(1)\">Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a href=\"java\tscript:alert(1)\">Klik</a>"), "Klik");
  // Entities in the attribute are decoded before the check, as the browser would.
  EXPECT_EQ(checked("<a href=\"javascript&#58;alert(1)\">Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a href=\"&#106;avascript:alert(1)\">Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a href=\"&#x2F;&#x2F;evil.example\">Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a href=\" data:text/html,x\">Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a href=\"vbscript:x\">Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a href=//evil.example>Klik</a>"), "Klik");
  EXPECT_EQ(checked("<a>zonder adres</a>"), "zonder adres");
  EXPECT_EQ(checked("<a href=\"\">leeg</a>"), "leeg");
  // The first href counts, as in browsers.
  EXPECT_EQ(checked("<a href=\"javascript:x\" href=\"/gids\">Klik</a>"), "Klik");
  // A link inside a link is text of the outer one.
  EXPECT_EQ(checked("<a href=\"/a\">een <a href=\"/b\">twee</a> drie</a>"),
            "<a href=\"/a\" rel=\"noopener noreferrer\">een twee</a> drie");
  // Quotes and angle brackets in an address are escaped, never break out of the attribute.
  EXPECT_EQ(checked("<a href='/zoeken/\"x\"<b>'>q</a>"),
            "<a href=\"/zoeken/&quot;x&quot;&lt;b&gt;\" rel=\"noopener noreferrer\">q</a>");
  EXPECT_EQ(checked("<a href=/gids>unquoted</a>"), "<a href=\"/gids\" rel=\"noopener noreferrer\">unquoted</a>");
}

TEST(ContentSafetyInlineHtml, EntitiesAreDecodedAndTextEscapedAgain) {
  EXPECT_EQ(checked("Tom &amp; Jerry &lt;3 &quot;ok&quot; &#39;ja&apos;"),
            "Tom &amp; Jerry &lt;3 &quot;ok&quot; &apos;ja&apos;");
  // Escaped markup stays text.
  EXPECT_EQ(checked("&lt;script&gt;alert(1)&lt;/script&gt;"), "&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(checked("3 < 4 en 5 > 2 & meer"), "3 &lt; 4 en 5 &gt; 2 &amp; meer");
  EXPECT_EQ(checked("a&nbsp;b &euro;5 &#8364;5 &#x20AC;5 &hellip;"), "a\u00a0b \u20ac5 \u20ac5 \u20ac5 \u2026");
  // Unknown, unfinished and invalid references.
  EXPECT_EQ(checked("&bogus; &amp &#xZZ; &#0; &#xD800; &#x110000;"),
            "&amp;bogus; &amp;amp &amp;#xZZ; \ufffd \ufffd \ufffd");
  EXPECT_EQ(checked("<em>&lt;b&gt;</em>"), "<em>&lt;b&gt;</em>");
}

TEST(ContentSafetyInlineHtml, UnclosedAndMisnestedMarkupIsClosedProperly) {
  EXPECT_EQ(checked("<strong>vet"), "<strong>vet</strong>");
  EXPECT_EQ(checked("<em><a href=\"/a\">x"), "<em><a href=\"/a\" rel=\"noopener noreferrer\">x</a></em>");
  EXPECT_EQ(checked("<b><i>x</b>y</i>"), "<strong><em>x</em></strong><em>y</em>");
  EXPECT_EQ(checked("</strong>los</em>"), "los");
  EXPECT_EQ(checked("<strong><strong>x</strong>y</strong>z"), "<strong><strong>x</strong>y</strong>z");
  // An unfinished tag or attribute hides the rest, as in browsers.
  EXPECT_EQ(checked("tekst <a href=\"/gids"), "tekst ");
  EXPECT_EQ(checked("tekst <strong"), "tekst ");
  EXPECT_EQ(checked("<strong>x <a href='/b'"), "<strong>x </strong>");
}

TEST(ContentSafetyInlineHtml, VeryLongAndDeeplyNestedInputStaysBoundedAndWellFormed) {
  EXPECT_EQ(checked(repeat("<em>", 10000) + "diep"), repeat("<em>", 16) + "diep" + repeat("</em>", 16));

  auto out = checked(repeat("<b>a</i><script>x</script><a href=\"javascript:x\">b</a>&amp;<br>", 20000));
  EXPECT_EQ(out.find("script"), std::string::npos);
  EXPECT_EQ(out.find("href"), std::string::npos);
  // Every <b> stays open (up to the depth limit), and none of the text is lost.
  EXPECT_TRUE(out.starts_with("<strong>ab&amp;<br><strong>ab&amp;<br>")) << out.substr(0, 80);
  EXPECT_EQ(std::count(out.begin(), out.end(), '&'), 20000);
  EXPECT_TRUE(out.ends_with("ab&amp;<br>" + repeat("</strong>", 16)));

  std::string big(1 << 20, 'x');
  EXPECT_EQ(checked("<strong>" + big + "</strong>"), "<strong>" + big + "</strong>");
  EXPECT_EQ(checked(repeat("<", 100000)), repeat("&lt;", 100000));
  EXPECT_EQ(checked(repeat("<!-- -->", 50000) + "x"), "x");
}

TEST(ContentSafetyInlineHtml, TextAsHtmlEscapesPlainText) {
  EXPECT_EQ(text_as_html("<img src=x onerror=alert(1)> & \"q\""),
            "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;");
  EXPECT_EQ(sanitize_inline_html(text_as_html("a <b> & c")), text_as_html("a <b> & c"));
}

}  // namespace
}  // namespace ether::pages
