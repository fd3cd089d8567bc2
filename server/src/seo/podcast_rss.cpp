#include "seo/podcast_rss.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "seo/xml_text.hpp"

namespace ether::seo {
namespace {

void element(std::string& out, std::string_view name, std::string_view text) {
  out += "<";
  out += name;
  out += ">";
  out += xml_escape(text);
  out += "</";
  out += name;
  out += ">\n";
}

}  // namespace

std::string podcast_guid(std::string_view feed_url) {
  static constexpr std::array<unsigned char, 16> kNamespace{0xea, 0xd4, 0xc2, 0x36, 0xbf, 0x58, 0x58, 0xc6,
                                                            0xa2, 0xc6, 0xa6, 0xb2, 0x8d, 0x12, 0x8c, 0xb6};
  if (auto scheme = feed_url.find("://"); scheme != std::string_view::npos) feed_url.remove_prefix(scheme + 3);
  while (!feed_url.empty() && feed_url.back() == '/') feed_url.remove_suffix(1);
  std::string name(kNamespace.begin(), kNamespace.end());
  name += feed_url;
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(name.data(), name.size(), digest.data(), &size, EVP_sha1(), nullptr) != 1 || size < 16) {
    throw std::runtime_error("SHA-1 is not available");
  }
  digest[6] = static_cast<unsigned char>((digest[6] & 0x0f) | 0x50);
  digest[8] = static_cast<unsigned char>((digest[8] & 0x3f) | 0x80);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out.push_back('-');
    out.push_back(kHex[digest[i] >> 4]);
    out.push_back(kHex[digest[i] & 0x0f]);
  }
  return out;
}

std::string render_podcast_rss(const RssChannel& channel, const std::vector<RssItem>& items) {
  std::string out;
  out.reserve(2048 + items.size() * 1024);
  out +=
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" "
      "xmlns:podcast=\"https://podcastindex.org/namespace/1.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n"
      "<channel>\n";
  element(out, "title", channel.title);
  element(out, "link", channel.page_url);
  element(out, "description", channel.description);
  element(out, "language", channel.language);
  out += "<atom:link href=\"" + xml_escape(channel.feed_url) + "\" rel=\"self\" type=\"application/rss+xml\"/>\n";
  std::int64_t newest = 0;
  for (const auto& item : items) newest = std::max(newest, item.published_at);
  if (newest > 0) {
    element(out, "pubDate", rfc2822_date(newest));
    element(out, "lastBuildDate", rfc2822_date(newest));
  }
  element(out, "generator", "Ether");
  if (!channel.image_url.empty()) {
    out += "<image>\n";
    element(out, "url", channel.image_url);
    element(out, "title", channel.title);
    element(out, "link", channel.page_url);
    out += "</image>\n";
    out += "<itunes:image href=\"" + xml_escape(channel.image_url) + "\"/>\n";
  }
  element(out, "itunes:author", channel.author);
  out += "<itunes:owner>\n";
  element(out, "itunes:name", channel.author);
  out += "</itunes:owner>\n";
  if (!channel.category.empty()) out += "<itunes:category text=\"" + xml_escape(channel.category) + "\"/>\n";
  element(out, "itunes:explicit", "false");
  element(out, "itunes:type", "episodic");
  element(out, "itunes:summary", channel.description);
  element(out, "podcast:guid", podcast_guid(channel.feed_url));
  element(out, "podcast:locked", "yes");
  element(out, "podcast:medium", "podcast");

  for (const auto& item : items) {
    out += "<item>\n";
    element(out, "title", item.title);
    element(out, "description", item.description);
    element(out, "link", item.page_url);
    out += "<guid isPermaLink=\"false\">" + xml_escape(item.guid) + "</guid>\n";
    element(out, "pubDate", rfc2822_date(item.published_at));
    out += "<enclosure url=\"" + xml_escape(item.audio_url) + "\" length=\"" + std::to_string(item.byte_length) +
           "\" type=\"" + xml_escape(item.audio_type) + "\"/>\n";
    element(out, "itunes:title", item.title);
    element(out, "itunes:duration", hms_duration(item.duration_seconds));
    if (item.episode_number > 0) element(out, "itunes:episode", std::to_string(item.episode_number));
    element(out, "itunes:episodeType", "full");
    element(out, "itunes:explicit", "false");
    if (!item.image_url.empty()) out += "<itunes:image href=\"" + xml_escape(item.image_url) + "\"/>\n";
    out += "</item>\n";
  }
  out += "</channel>\n</rss>\n";
  return out;
}

}  // namespace ether::seo
