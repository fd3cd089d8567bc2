// The pure rules of the admin's list tools (issue 54): the list order a request's sort and dir
// name (content/list_order.hpp), and what a bulk action's body asks (admin/bulk_request.hpp).

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>
#include <variant>

#include "admin/bulk_request.hpp"
#include "content/content_types.hpp"
#include "content/list_order.hpp"

namespace ether {
namespace {
namespace json = boost::json;

const content::TypeSpec& type(const char* name) { return *content::find_type(name); }

TEST(ListOrder, ReadsTheSortAndItsDirection) {
  auto order = content::parse_list_order(type("articles"), "publication", "desc");
  ASSERT_TRUE(std::holds_alternative<content::ListOrder>(order));
  EXPECT_EQ(std::get<content::ListOrder>(order).sort, content::ListSort::publication);
  EXPECT_TRUE(std::get<content::ListOrder>(order).descending);
  auto none = content::parse_list_order(type("articles"), "", "");
  EXPECT_EQ(std::get<content::ListOrder>(none).sort, content::ListSort::type_order);
  EXPECT_FALSE(std::get<content::ListOrder>(none).descending);
}

TEST(ListOrder, RefusesWhatItDoesNotKnow) {
  EXPECT_TRUE(std::holds_alternative<std::string>(content::parse_list_order(type("articles"), "views", "")));
  EXPECT_TRUE(std::holds_alternative<std::string>(content::parse_list_order(type("articles"), "title", "down")));
  // A type that is not published has no status or publication to sort by.
  auto status = content::parse_list_order(type("presenters"), "status", "");
  ASSERT_TRUE(std::holds_alternative<std::string>(status));
  EXPECT_EQ(std::get<std::string>(status), "De parameter 'sort' is title, edited of author.");
}

TEST(ListOrder, EndsWithTheKeySoThatPagesNeverOverlap) {
  const auto sql = content::order_sql(type("articles"), {content::ListSort::title, true}, 0);
  EXPECT_EQ(sql, "LOWER(articles.title) DESC, articles.id DESC");
  const auto own = content::order_sql(type("presenters"), {}, 0);
  EXPECT_TRUE(own.ends_with(", presenters.id")) << own;
}

std::variant<admin::BulkRequest, admin::BulkRefusal> parse(const char* type_name, const char* body) {
  return admin::parse_bulk_request(type(type_name), json::parse(body).as_object());
}

TEST(BulkRequest, ReadsTheActionTheItemsAndTheCategory) {
  auto request = parse(
      "articles", R"({"action":"category","category":"sport","items":[{"id":"4","version":2},{"id":7,"version":1}]})");
  ASSERT_TRUE(std::holds_alternative<admin::BulkRequest>(request));
  const auto& read = std::get<admin::BulkRequest>(request);
  EXPECT_EQ(read.action, admin::BulkAction::category);
  EXPECT_EQ(read.category, "sport");
  ASSERT_EQ(read.items.size(), 2U);
  EXPECT_EQ(read.items[0].id, "4");
  EXPECT_EQ(read.items[0].version, 2);
  EXPECT_EQ(read.items[1].id, "7");
}

TEST(BulkRequest, RefusesAMalformedBody) {
  const char* bodies[] = {
      R"({"items":[{"id":"1","version":1}]})",
      R"({"action":"publish","items":[]})",
      R"({"action":"publish","items":{"id":"1"}})",
      R"({"action":"publish","items":[{"id":"1","version":0}]})",
      R"({"action":"publish","items":[{"id":"","version":1}]})",
      R"({"action":"publish","items":[{"id":"1","version":1},{"id":"1","version":2}]})",
      R"({"action":"category","items":[{"id":"1","version":1}]})",
      R"({"action":"category","category":"","items":[{"id":"1","version":1}]})",
  };
  for (const auto* body : bodies) {
    auto request = parse("articles", body);
    ASSERT_TRUE(std::holds_alternative<admin::BulkRefusal>(request)) << body;
    EXPECT_FALSE(std::get<admin::BulkRefusal>(request).message.empty());
  }
}

TEST(BulkRequest, OffersOnlyWhatTheTypeHas) {
  auto publish = parse("presenters", R"({"action":"publish","items":[{"id":"1","version":1}]})");
  ASSERT_TRUE(std::holds_alternative<admin::BulkRefusal>(publish));
  EXPECT_EQ(std::get<admin::BulkRefusal>(publish).code, "bad_action");
  EXPECT_EQ(std::get<admin::BulkRefusal>(publish).message,
            "Deze actie bestaat niet voor Presentatoren: kies uit trash.");
  EXPECT_TRUE(std::holds_alternative<admin::BulkRefusal>(
      parse("podcast-feeds", R"({"action":"category","category":"x","items":[{"id":"1","version":1}]})")));
  EXPECT_TRUE(std::holds_alternative<admin::BulkRequest>(
      parse("presenters", R"({"action":"trash","items":[{"id":"1","version":1}]})")));
}

}  // namespace
}  // namespace ether
