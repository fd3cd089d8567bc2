#pragma once
// What the store's content blocks may carry to the page. Block text is sent as plain text, except
// a paragraph's inline markup, which passes the whitelist of sanitize_inline_html; block URLs pass
// an allowlist so that a `javascript:` or `data:` link entered in the content store never reaches
// an href or src.

#include <string>
#include <string_view>

namespace ether::pages {

/// `url` when it is a site path ("/gids", not "//host"), a fragment ("#top"), or an absolute
/// http, https or mailto URL; otherwise "" (also for control characters or whitespace inside).
std::string safe_url(std::string_view url);

/// Rich text from the store (a CMS paragraph's "html") as plain text: tags are dropped, the
/// content of script, style, iframe, object and template elements is dropped with them, <br> and
/// block ends become spaces, the entities &amp; &lt; &gt; &quot; &#39; &nbsp; are decoded and runs
/// of white space collapse. Event-handler attributes and URLs vanish with their tags.
std::string plain_text(std::string_view html);

/// Rich text from the store (a CMS paragraph's "html") as safe, well-formed inline HTML. Only
/// <strong>, <em> (<b> and <i> become these), <a href> and <br> are kept: an href must pass
/// safe_url and gains rel="noopener noreferrer", every other attribute is dropped, and an <a>
/// without a safe href (or inside another <a>) is dropped. Other tags are removed with their text
/// kept, except script, style, iframe, object, template and the like, whose content goes too;
/// comments vanish. Entities are decoded and the text is escaped again, and unclosed or
/// misnested elements are closed (and reopened) so that the result nests properly. Nesting deeper
/// than 16 elements keeps the text only. Idempotent: sanitising its own output changes nothing.
std::string sanitize_inline_html(std::string_view html);

/// Plain `text` as HTML element content: & < > and " escaped.
std::string text_as_html(std::string_view text);

}  // namespace ether::pages
