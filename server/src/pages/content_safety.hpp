#pragma once
// What the store's content blocks may carry to the page. Block text is sent as plain text and the
// web app renders it with React (never as HTML); block URLs pass an allowlist so that a
// `javascript:` or `data:` link entered in the content store never reaches an href or src.

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

}  // namespace ether::pages
