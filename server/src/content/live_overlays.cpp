#include "content/live_overlays.hpp"

#include "store/publication.hpp"

namespace ether::content {
namespace {

std::optional<LiveOverlay> first_on_site(soci::session& session, const char* type, const char* table, const char* flag,
                                         std::int64_t now) {
  long long id = 0;
  std::string title;
  soci::statement st = (session.prepare << "SELECT id, title FROM " + std::string(table) + " WHERE " +
                                               store::switched_visible("", flag, now) + " ORDER BY " +
                                               std::string(store::kOverlayOrder) + " LIMIT 1",
                        soci::into(id), soci::into(title));
  st.execute();
  if (!st.fetch()) return std::nullopt;
  return LiveOverlay{type, std::to_string(id), title};
}

boost::json::value overlay_json(const std::optional<LiveOverlay>& overlay) {
  if (!overlay) return nullptr;
  return boost::json::object{{"type", overlay->type}, {"id", overlay->id}, {"title", overlay->title}};
}

}  // namespace

LiveOverlays live_overlays(soci::session& session, std::int64_t now) {
  return {first_on_site(session, "maintenance-notifications", "maintenance_notifications", "active", now),
          first_on_site(session, "event-modals", "event_modal_blocks", "published", now)};
}

boost::json::object to_json(const LiveOverlays& overlays) {
  return {{"banner", overlay_json(overlays.banner)}, {"modal", overlay_json(overlays.modal)}};
}

}  // namespace ether::content
