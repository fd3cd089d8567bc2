// One action on several items of a list at once (issue 54): publish, take offline, into the
// trash, or a new category. Each item goes through the change its own route makes (publish_item,
// trash_item, update_item: role, channel, version, review, validation, audit row), in its own
// transaction, so that one refused item leaves the others done; the answer says per item.
#include <boost/json.hpp>

#include "admin/bulk_request.hpp"
#include "admin/content_api.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::TypeSpec;
using content_detail::begin_call;
using content_detail::Call;
using content_detail::kMaxBody;

namespace {

constexpr std::string_view kChangedMeanwhile =
    "Iemand anders heeft dit item intussen gewijzigd. Laad de lijst opnieuw en probeer het nog eens.";

Permission permission_of(BulkAction action) {
  switch (action) {
    case BulkAction::publish:
    case BulkAction::unpublish:
      return Permission::publish;
    case BulkAction::trash:
      return Permission::delete_content;
    case BulkAction::category:
      return Permission::edit_drafts;
  }
  return Permission::publish;
}

// What one item's change answered, as the bulk answer's entry for it.
json::object result_of(const TypeSpec& type, const std::string& id, const http::Response& response) {
  json::object out{{"id", id}, {"ok", response.status < 300}};
  boost::system::error_code ec;
  auto body = response.body.empty() ? json::value(nullptr) : json::parse(response.body, ec);
  if (ec || !body.is_object()) body = json::object{};
  if (response.status < 300) {
    if (const auto* item = body.get_object().if_contains("item")) out["item"] = *item;
    return out;
  }
  std::string code = "failed";
  std::string message = "Dit item kon niet worden gewijzigd.";
  if (const auto* error = body.get_object().if_contains("error"); error != nullptr && error->is_object()) {
    const auto& object = error->get_object();
    if (const auto* text = object.if_contains("code"); text != nullptr && text->is_string()) code = text->get_string();
    if (const auto* text = object.if_contains("message"); text != nullptr && text->is_string()) {
      message = text->get_string();
    }
    // The form errors named by their labels: there is no form to show them beside.
    if (const auto* fields = object.if_contains("fields"); fields != nullptr && fields->is_object()) {
      for (const auto& [name, text] : fields->get_object()) {
        const auto* field = type.field(name);
        message += " " + (field != nullptr ? field->label : std::string(name)) + ": " +
                   (text.is_string() ? std::string(text.get_string()) : std::string());
      }
    }
  }
  // The single route's message speaks of a form; here the list is what is out of date.
  if (code == "conflict") message = kChangedMeanwhile;
  out["error"] = json::object{{"code", code}, {"message", message}};
  return out;
}

}  // namespace

void ContentApi::add_bulk_routes(http::Router& router) {
  router.add("POST", "/api/admin/content/{type}/bulk",
             [this](const http::Request& r, const http::RouteParams& p) { return bulk(r, p.at("type")); });
}

http::Response ContentApi::bulk(const http::Request& request, const std::string& type_name) const {
  // Signed in and allowed to read the type first; what the action needs once the body names it.
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  auto body = api::read_object(request, kMaxBody);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  auto parsed = parse_bulk_request(type, std::get<json::object>(body));
  if (auto* refused = std::get_if<BulkRefusal>(&parsed)) return api::json_error(400, refused->code, refused->message);
  const auto& bulk = std::get<BulkRequest>(parsed);
  if (!allows(principal.user.role, permission_of(bulk.action))) return content_detail::forbidden();

  json::array results;
  std::int64_t succeeded = 0;
  for (const auto& target : bulk.items) {
    http::Response answer;
    switch (bulk.action) {
      case BulkAction::publish:
      case BulkAction::unpublish:
        answer =
            publish_item(type, principal, target.id, target.version, Moments{}, bulk.action == BulkAction::publish);
        break;
      case BulkAction::trash:
        answer = trash_item(type, principal, target.id, target.version);
        break;
      case BulkAction::category:
        answer = update_item(type, principal, target.id, target.version,
                             json::object{{category_field(type)->name, bulk.category}});
        break;
    }
    if (answer.status < 300) ++succeeded;
    results.push_back(result_of(type, target.id, answer));
  }
  const auto failed = static_cast<std::int64_t>(results.size()) - succeeded;
  auto response = api::private_json(
      200, json::object{{"results", std::move(results)}, {"succeeded", succeeded}, {"failed", failed}});
  // The caches follow once, after every item's own commit.
  return succeeded > 0 ? after_change(std::move(response)) : response;
}

}  // namespace ether::admin
