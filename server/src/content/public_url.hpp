#pragma once
// The public address of an editable item (content_types.hpp), written with the site's route
// builders (pages/route_builder.hpp) so that a webhook names the page the site itself links to;
// and the items that came online, for the content.published webhook.

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/content_store.hpp"
#include "content/content_types.hpp"

namespace ether::content {

/// `base_url` + the item's page (articles, thema and overzicht pages, podcast episodes, fragments,
/// videos); nullopt for a type without a page of its own (maintenance notifications, event modals,
/// bulletins, the settings). Reads the feed's or programme's slug through `session`.
std::optional<std::string> public_url(soci::session& session, const TypeSpec& type, const Item& item,
                                      std::string_view base_url);

/// An item that came online: what the content.published webhook tells.
struct PublishedItem {
  std::string type;  // the type's name, as in the admin's URLs: "articles", "pages", ...
  std::string id;
  std::string title;
  std::string url;             // absolute (public_url)
  std::int64_t online_at = 0;  // the moment it came online, unix seconds
};

/// `item` coming online at `online_at`; nullopt for a type without a page of its own.
std::optional<PublishedItem> published_item(soci::session& session, const TypeSpec& type, const Item& item,
                                            std::int64_t online_at, std::string_view base_url);

/// The items with a page of their own whose publication moment lies in (`after`, `until`] and that
/// are online at `until`: scheduled items that came due (the store shows them by the clock).
std::vector<PublishedItem> published_between(soci::session& session, std::int64_t after, std::int64_t until,
                                             std::string_view base_url);

}  // namespace ether::content
