#pragma once
// What a bulk action of the admin's content lists asks (issue 54): POST
// /api/admin/content/{type}/bulk with {"action": "publish"|"unpublish"|"trash"|"category",
// "items": [{"id", "version"}, ...], "category"?}. Pure: it reads the body against the type and
// says what is wrong with it (a 400); whether each item may be changed is the routes' business.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "content/content_types.hpp"

namespace ether::admin {

enum class BulkAction { publish, unpublish, trash, category };

/// One item of a bulk action: its key as the routes name it, and the version the list showed.
struct BulkTarget {
  std::string id;
  std::int64_t version = 0;
};

struct BulkRequest {
  BulkAction action = BulkAction::publish;
  std::vector<BulkTarget> items;
  boost::json::value category;  // for BulkAction::category: what the type's category field takes
};

/// The most items one bulk action takes (four pages of a list).
inline constexpr std::size_t kMaxBulkItems = 100;

/// Why a body is refused: the error code and the Dutch message of its 400.
struct BulkRefusal {
  std::string code;
  std::string message;
};

/// The field a bulk category change sets: the type's reference field named "category", or nullptr.
const content::FieldSpec* category_field(const content::TypeSpec& type);

/// The request `body` asks of `type`, or why not: an unknown action (or publish and unpublish of
/// a type that is not published, a category of one without), no items, more than kMaxBulkItems,
/// an item without a text or numeric id or a positive version, an id twice, no category.
std::variant<BulkRequest, BulkRefusal> parse_bulk_request(const content::TypeSpec& type,
                                                          const boost::json::object& body);

}  // namespace ether::admin
