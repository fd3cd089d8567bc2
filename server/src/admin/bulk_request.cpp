#include "admin/bulk_request.hpp"

#include <set>

namespace ether::admin {
namespace json = boost::json;

namespace {

BulkRefusal bad(std::string message) { return BulkRefusal{"bad_json", std::move(message)}; }

}  // namespace

const content::FieldSpec* category_field(const content::TypeSpec& type) {
  const auto* field = type.field("category");
  return field != nullptr && field->kind == content::FieldKind::reference ? field : nullptr;
}

std::variant<BulkRequest, BulkRefusal> parse_bulk_request(const content::TypeSpec& type, const json::object& body) {
  BulkRequest request;
  const auto* action = body.if_contains("action");
  const std::string_view name = action != nullptr && action->is_string() ? std::string_view(action->get_string()) : "";
  const bool published = type.publication != content::Publication::none;
  if (name == "publish" && published) {
    request.action = BulkAction::publish;
  } else if (name == "unpublish" && published) {
    request.action = BulkAction::unpublish;
  } else if (name == "trash") {
    request.action = BulkAction::trash;
  } else if (name == "category" && category_field(type) != nullptr) {
    request.action = BulkAction::category;
  } else {
    std::string offered = published ? "publish, unpublish, trash" : "trash";
    if (category_field(type) != nullptr) offered += " of category";
    return BulkRefusal{"bad_action", "Deze actie bestaat niet voor " + type.label + ": kies uit " + offered + "."};
  }
  if (request.action == BulkAction::category) {
    const auto* category = body.if_contains("category");
    if (category == nullptr || !(category->is_string() || category->is_int64()) ||
        (category->is_string() && category->get_string().empty())) {
      return bad("Kies een categorie.");
    }
    request.category = *category;
  }
  const auto* items = body.if_contains("items");
  if (items == nullptr || !items->is_array() || items->get_array().empty()) {
    return bad("Kies een of meer items (items: [{id, version}]).");
  }
  if (items->get_array().size() > kMaxBulkItems) {
    return bad("Kies ten hoogste " + std::to_string(kMaxBulkItems) + " items tegelijk.");
  }
  std::set<std::string> seen;
  for (const auto& entry : items->get_array()) {
    const auto* object = entry.if_object();
    const auto* id = object != nullptr ? object->if_contains("id") : nullptr;
    const auto* version = object != nullptr ? object->if_contains("version") : nullptr;
    BulkTarget target;
    if (id != nullptr && id->is_string() && !id->get_string().empty() && id->get_string().size() <= 200) {
      target.id = std::string(id->get_string());
    } else if (id != nullptr && id->is_int64() && id->get_int64() > 0) {
      target.id = std::to_string(id->get_int64());
    } else {
      return bad("Elk item heeft een id.");
    }
    if (version == nullptr || !version->is_int64() || version->get_int64() <= 0) {
      return bad("Elk item heeft zijn versie.");
    }
    target.version = version->get_int64();
    if (!seen.insert(target.id).second) return bad("Item " + target.id + " staat er twee keer in.");
    request.items.push_back(std::move(target));
  }
  return request;
}

}  // namespace ether::admin
