#pragma once
// Preview tokens for unpublished content pages (spec §2 /overzicht/preview/{pageId}?x-craft-live-preview=):
// an HMAC-SHA256 token over the page id and an expiry, signed with the installation's preview
// secret (config::ensure_preview_secret), so an editor's link opens one page until it expires.

#include <cstdint>
#include <string>
#include <string_view>

namespace ether::pages {

/// Why a preview is or is not shown.
enum class PreviewVerdict { valid, missing, malformed, forged, expired, wrong_page };

/// Signs and checks preview tokens; an empty secret signs nothing and accepts nothing.
class PreviewTokens {
 public:
  /// How long a link from the command line stays valid.
  static constexpr std::int64_t kDefaultLifetimeSeconds = 3600;

  explicit PreviewTokens(std::string secret);

  /// A URL-safe token for `page_id`, valid until `expires_at` (unix seconds).
  [[nodiscard]] std::string sign(std::int64_t page_id, std::int64_t expires_at) const;
  /// Whether `token` opens `page_id` at `now`.
  [[nodiscard]] PreviewVerdict verify(std::string_view token, std::int64_t page_id, std::int64_t now) const;
  /// The absolute preview URL: base_url + "/overzicht/preview/{id}?x-craft-live-preview={token}".
  [[nodiscard]] std::string url(std::string_view base_url, std::int64_t page_id, std::int64_t expires_at) const;

 private:
  std::string secret_;
};

/// The key that signs article previews (/nieuws/preview/{articleId}), derived from the preview
/// secret so that a page's token never opens the article with the same id; "" stays "".
std::string article_preview_secret(std::string_view secret);

}  // namespace ether::pages
