#include "admin/start_api.hpp"

#include <boost/json.hpp>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "api/json_error.hpp"
#include "content/live_overlays.hpp"
#include "content/work_lists.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
namespace {

// The blocks of the start page, in the page's order: the answer's key and the list it shows. A
// block of items waiting for review is one more line here, with its content::WorkList.
struct Block {
  const char* key;
  std::function<content::WorkList(const Principal& who, std::int64_t now)> list;
};

const std::vector<Block>& blocks() {
  static const std::vector<Block> all{
      {"myDrafts", [](const Principal& who, std::int64_t) { return content::drafts_created_by(who.user.id); }},
      {"waitingForReview", [](const Principal&, std::int64_t) { return content::waiting_for_review(); }},
      {"scheduled", [](const Principal&, std::int64_t now) { return content::scheduled_after(now); }},
  };
  return all;
}

json::value item_json(const content::WorkItem& item) {
  json::value edit = nullptr;
  if (item.last_edit) {
    edit = json::object{{"by", item.last_edit->user_name}, {"at", domain::format_iso_utc(item.last_edit->at)}};
  }
  return json::object{
      {"type", item.type->name},
      {"typeLabel", item.type->label_singular},
      {"id", item.key},
      {"title", item.title},
      {"state", item.state},
      {"publishAt", item.publish_at ? json::value(domain::format_iso_utc(*item.publish_at)) : json::value(nullptr)},
      {"lastEdit", std::move(edit)},
      {"hasDraft", item.has_draft},
      {"url", "/beheer/inhoud/" + item.type->name + "/" + item.key}};
}

json::array items_json(const std::vector<content::WorkItem>& items) {
  json::array out;
  for (const auto& item : items) out.push_back(item_json(item));
  return out;
}

// What a visitor sees now, as the items of the lists are answered (or null).
json::value on_site_json(content::WorkLists& lists, const std::optional<content::LiveOverlay>& overlay) {
  if (!overlay) return nullptr;
  const auto* type = content::find_type(overlay->type);
  auto item = type != nullptr ? lists.find(*type, overlay->id) : std::nullopt;
  return item ? item_json(*item) : json::value(nullptr);
}

}  // namespace

StartApi::StartApi(store::Database& db, const AdminApi& admin, Clock clock)
    : db_(db), admin_(admin), clock_(std::move(clock)) {}

void StartApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/start", [this](const http::Request& r, const http::RouteParams&) { return start(r); });
}

http::Response StartApi::start(const http::Request& request) const {
  // Every role reads the content lists (Permission::edit_drafts), each within its channels.
  auto who = admin_.authorize(request, Guard{.permission = Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  const auto now = clock_();
  auto lease = db_.lease();
  content::WorkLists lists(*lease, principal.user.channels, now);
  json::object answer{{"user", json::object{{"name", principal.user.display_name}}}};
  for (const auto& block : blocks())
    answer[block.key] = items_json(lists.items(block.list(principal, now), kStartListSize));
  answer["recentlyEdited"] = items_json(lists.recently_edited(kStartListSize));
  const auto overlays = content::live_overlays(*lease, now);
  answer["onSite"] =
      json::object{{"banner", on_site_json(lists, overlays.banner)}, {"modal", on_site_json(lists, overlays.modal)}};
  return api::private_json(200, std::move(answer));
}

}  // namespace ether::admin
