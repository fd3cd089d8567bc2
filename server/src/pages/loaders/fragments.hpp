#pragma once
// The fragments: the list (/fragmenten, one day's, filtered by tag and programme), a programme's
// fragments of a day (/programmas/{slug}/fragmenten), both with links to the days around it, and one
// fragment (/fragmenten/{programme}/{id}/{slug}) with the fragments that follow it.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class FragmentsLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  /// The programme's fragments of the query's `date`, today when it is missing or malformed (spec §2).
  PageResult programme_fragments(const std::string& slug);
  /// The fragments of the query's `date`, today when it is missing or malformed (spec §2).
  PageResult fragments();
  PageResult fragment(const std::string& id_text);

 private:
  /// The day as links write it: today, the default day of spec §2, is left out.
  [[nodiscard]] std::optional<Date> linked(const Date& day) const;
  /// The day navigation of a fragments page in `data`: `previousDate`, `nextDate` (null from today
  /// on: no fragments are published ahead) and `earlierDate`, the latest day before `day` with
  /// fragments under `filter` (null when none), which an empty day links to.
  void add_day_links(json::object& data, const Date& day, queries::FragmentFilter filter);
  /// The fragment tags by name, and the kTopTags most used of them (ties by name).
  std::pair<json::array, json::array> fragment_tag_lists(std::int64_t programme_id);
};

}  // namespace ether::pages::loaders
