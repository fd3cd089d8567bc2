#pragma once
// What a visitor sees now of the two global overlays: the first maintenance notification and the
// first event-modal block on the site, by store::kOverlayOrder, the rule the public overlay API
// lists them by. The admin overlay lists and the start page show it.

#include <soci/soci.h>

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace ether::content {

/// One overlay on the site: its type's name as in the admin's URLs, its id and title.
struct LiveOverlay {
  std::string type;
  std::string id;
  std::string title;
};

/// The banner and the modal a visitor sees at `now`; nullopt where none is on the site.
struct LiveOverlays {
  std::optional<LiveOverlay> banner;
  std::optional<LiveOverlay> modal;
};

LiveOverlays live_overlays(soci::session& session, std::int64_t now);

/// {"banner": {"type","id","title"} or null, "modal": ... or null}.
boost::json::object to_json(const LiveOverlays& overlays);

}  // namespace ether::content
