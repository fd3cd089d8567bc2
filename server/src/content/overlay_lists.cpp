#include "content/overlay_lists.hpp"

#include <string>

#include "domain/time.hpp"
#include "pages/content_safety.hpp"
#include "store/publication.hpp"

namespace ether::content {
namespace json = boost::json;
namespace {

constexpr std::string_view countup_type = "cms_countclock_countup";
constexpr std::string_view unknown_item_type = "cms_article_body_unknown_item";

json::value local_time_or_null(long long unix_seconds, soci::indicator ind) {
  if (ind != soci::i_ok) return nullptr;
  return json::value(domain::format_api_local(unix_seconds));
}

json::value string_or_null(const std::string& text, soci::indicator ind) {
  if (ind != soci::i_ok) return nullptr;
  return json::value(text);
}

// Stored URLs pass the pages' safe_url rule; one it refuses ("javascript:", "data:", "//host") is
// sent as absent: the banner's url as null, and the modal's URLs as "", which the web app already
// reads as no button and its fallback image.
json::value url_or_null(const std::string& url, soci::indicator ind) {
  if (ind != soci::i_ok) return nullptr;
  auto safe = pages::safe_url(url);
  if (safe.empty()) return nullptr;
  return json::value(safe);
}

// The clock as spec §3 reads it: startDate only for a count-up, and an unknown item carries its
// type alone because its caption and endDate are ignored.
json::value count_clock(const std::string& type, soci::indicator type_ind, const std::string& caption,
                        soci::indicator caption_ind, long long start, soci::indicator start_ind, long long end,
                        soci::indicator end_ind) {
  if (type_ind != soci::i_ok || type.empty()) return nullptr;
  const bool unknown = type == unknown_item_type;
  return json::object{{"__typename", type},
                      {"caption", unknown ? json::value(nullptr) : string_or_null(caption, caption_ind)},
                      {"endDate", unknown ? json::value(nullptr) : local_time_or_null(end, end_ind)},
                      {"startDate", type == countup_type ? local_time_or_null(start, start_ind) : nullptr}};
}

}  // namespace

json::array event_modal_blocks(store::Database& db, std::int64_t now) {
  long long id = 0;
  std::string title;
  std::string description;
  std::string related_url;
  std::string related_url_text;
  std::string background_image_url;
  std::string logo_url;
  std::string type;
  std::string caption;
  long long start = 0;
  long long end = 0;
  soci::indicator type_ind = soci::i_null;
  soci::indicator caption_ind = soci::i_null;
  soci::indicator start_ind = soci::i_null;
  soci::indicator end_ind = soci::i_null;
  json::array blocks;
  auto lease = db.lease();
  soci::statement st =
      (lease->prepare << "SELECT id, title, description, related_url, related_url_text, background_image_url, "
                         "logo_url, count_clock_type, count_clock_caption, count_clock_start, count_clock_end "
                         "FROM event_modal_blocks WHERE " +
                             store::switched_visible("", "published", now) + " ORDER BY " +
                             std::string(store::kOverlayOrder),
       soci::into(id), soci::into(title), soci::into(description), soci::into(related_url),
       soci::into(related_url_text), soci::into(background_image_url), soci::into(logo_url), soci::into(type, type_ind),
       soci::into(caption, caption_ind), soci::into(start, start_ind), soci::into(end, end_ind));
  st.execute();
  while (st.fetch()) {
    blocks.push_back(json::object{
        {"id", id},
        {"__typename", "cms_eventmodal"},
        {"published", true},
        {"title", title},
        {"description", description},
        {"relatedUrl", pages::safe_url(related_url)},
        {"relatedUrlText", related_url_text},
        {"backgroundImage", json::object{{"url", pages::safe_url(background_image_url)}}},
        {"cmsLogo", json::object{{"url", pages::safe_url(logo_url)}}},
        {"countClock", count_clock(type, type_ind, caption, caption_ind, start, start_ind, end, end_ind)},
    });
  }
  return blocks;
}

json::array maintenance_notifications(store::Database& db, std::int64_t now) {
  long long id = 0;
  std::string title;
  std::string description;
  std::string url;
  int dismissable = 0;
  soci::indicator url_ind = soci::i_null;
  json::array notifications;
  auto lease = db.lease();
  soci::statement st =
      (lease->prepare << "SELECT id, title, description, url, is_dismissable "
                         "FROM maintenance_notifications WHERE " +
                             store::switched_visible("", "active", now) + " ORDER BY " +
                             std::string(store::kOverlayOrder),
       soci::into(id), soci::into(title), soci::into(description), soci::into(url, url_ind), soci::into(dismissable));
  st.execute();
  while (st.fetch()) {
    notifications.push_back(json::object{{"id", id},
                                         {"title", title},
                                         {"description", description},
                                         {"url", url_or_null(url, url_ind)},
                                         {"isDismissable", dismissable != 0}});
  }
  return notifications;
}

}  // namespace ether::content
