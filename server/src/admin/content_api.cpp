// The content API's core: its options and hooks, the description of the types, and what every
// change does after its commit (after_change). The routes live one resource a file:
// content_item_routes.cpp, content_publication_routes.cpp, content_review_routes.cpp,
// content_draft_routes.cpp, content_revision_routes.cpp and content_trash_routes.cpp, over what they share in
// content_api_detail.hpp.
#include "admin/content_api.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "content/content_types.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::TypeSpec;
using content_detail::archivable;
using content_detail::with_preview;
using content_detail::write_permission;

namespace {

json::object type_json(const TypeSpec& type) {
  json::array fields;
  for (const auto& field : type.fields) {
    json::array choices;
    for (const auto& choice : field.choices)
      choices.push_back(json::object{{"value", choice.value}, {"label", choice.label}});
    json::array crops;
    for (const auto& crop : field.crops) crops.emplace_back(crop);
    fields.push_back(json::object{{"name", field.name},
                                  {"label", field.label},
                                  {"kind", content::kind_name(field.kind)},
                                  {"required", field.required || field.kind == content::FieldKind::slug},
                                  {"immutable", field.immutable},
                                  {"derived", content::fact_name(field.derived)},
                                  {"maxLength", field.max_length},
                                  {"choices", std::move(choices)},
                                  {"reference", field.reference},
                                  {"referenceKey", field.reference_column},
                                  {"crops", std::move(crops)},
                                  {"altField", field.alt_field},
                                  {"mediaFile", field.media_file}});
  }
  // What each change needs, from the rule the routes refuse by, so that the admin offers only
  // what the user's permissions (GET /api/admin/session) allow.
  content::Item draft;
  draft.published = false;
  content::Item on_site;
  json::object needs{{"create", permission_name(write_permission(type, nullptr))},
                     {"editDraft", permission_name(write_permission(type, &draft))},
                     {"editPublished", permission_name(write_permission(type, &on_site))},
                     {"publish", permission_name(Permission::publish)}};
  std::string_view publication = type.publication == content::Publication::none    ? "none"
                                 : type.publication == content::Publication::dated ? "dated"
                                                                                   : "switched";
  return json::object{{"name", type.name},
                      {"label", type.label},
                      {"labelSingular", type.label_singular},
                      {"titleField", type.title_field},
                      {"slugField", type.slug_field},
                      {"publication", publication},
                      {"revisions", type.revisions},
                      {"origin", type.origin},
                      {"settings", type.settings},
                      {"preview", with_preview(type)},
                      {"archivable", type.archivable},
                      {"needs", std::move(needs)},
                      {"fields", std::move(fields)}};
}

// The types do not change while the server runs: their description is built once.
const json::object& types_body() {
  static const json::object body = [] {
    json::array out;
    for (const auto& type : content::content_types()) out.push_back(type_json(type));
    return json::object{{"types", std::move(out)}};
  }();
  return body;
}

}  // namespace

ContentApi::ContentApi(store::Database& db, const AdminApi& admin, ContentApiOptions options,
                       std::function<std::int64_t()> now, std::function<void()> changed, Published published)
    : db_(db),
      admin_(admin),
      options_(std::move(options)),
      now_(std::move(now)),
      changed_(std::move(changed)),
      published_(std::move(published)) {}
void ContentApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/content-types",
             [this](const http::Request& r, const http::RouteParams&) { return types(r); });
  // The router tries patterns in turn: {type}/options must come before {type}/{id}. Across the
  // groups no path matches two patterns, so only the order within a group matters.
  add_bulk_routes(router);
  add_item_routes(router);
  add_publication_routes(router);
  add_review_routes(router);
  add_draft_routes(router);
  add_revision_routes(router);
  add_trash_routes(router);
}

// Called once the handler has returned, and with it given back its store session: the caches that
// follow the change read the store, and a handler waiting for them while holding a session could
// hold up every worker (and the threads the caches wait for) until the pool's lease timeout.
http::Response ContentApi::after_change(http::Response response) const {
  if (!changed_ || response.status >= 300) return response;
  try {
    changed_();
  } catch (const std::exception& failure) {
    spdlog::warn("admin: a cache could not follow a content change: {}", failure.what());
  }
  return response;
}

http::Response ContentApi::types(const http::Request& request) const {
  auto who = admin_.authorize(request, Guard{.permission = Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  return api::private_json(200, types_body());
}

}  // namespace ether::admin
