#include "pages/preview_token.hpp"

#include "stream/stream_token.hpp"

namespace ether::pages {
namespace {

// The subject names the purpose as well as the page, so a stream token can never open a preview.
std::string subject(std::int64_t page_id) { return "content-page-preview:" + std::to_string(page_id); }

}  // namespace

PreviewTokens::PreviewTokens(std::string secret) : secret_(std::move(secret)) {}

std::string PreviewTokens::sign(std::int64_t page_id, std::int64_t expires_at) const {
  if (secret_.empty()) return {};
  return stream::TokenSigner(secret_).sign(subject(page_id), expires_at);
}

PreviewVerdict PreviewTokens::verify(std::string_view token, std::int64_t page_id, std::int64_t now) const {
  if (token.empty()) return PreviewVerdict::missing;
  if (secret_.empty() || token.size() > 512) return PreviewVerdict::malformed;
  switch (stream::TokenSigner(secret_).verify(token, subject(page_id), now)) {
    case stream::TokenVerdict::valid:
      return PreviewVerdict::valid;
    case stream::TokenVerdict::malformed:
      return PreviewVerdict::malformed;
    case stream::TokenVerdict::bad_signature:
      return PreviewVerdict::forged;
    case stream::TokenVerdict::expired:
      return PreviewVerdict::expired;
    case stream::TokenVerdict::wrong_subject:
      return PreviewVerdict::wrong_page;
  }
  return PreviewVerdict::malformed;
}

std::string PreviewTokens::url(std::string_view base_url, std::int64_t page_id, std::int64_t expires_at) const {
  return std::string(base_url) + "/overzicht/preview/" + std::to_string(page_id) +
         "?x-craft-live-preview=" + sign(page_id, expires_at);
}

std::string article_preview_secret(std::string_view secret) {
  if (secret.empty()) return {};
  return std::string(secret) + "|article-preview";
}

}  // namespace ether::pages
