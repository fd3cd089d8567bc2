#pragma once
// The fragments: the list (/fragmenten, filtered by date, tag and programme), a programme's
// fragments (/programmas/{slug}/fragmenten) and one fragment (/fragmenten/{programme}/{id}/{slug})
// with the fragments that follow it.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class FragmentsLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult programme_fragments(const std::string& slug);
  PageResult fragments();
  PageResult fragment(const std::string& id_text);

 private:
  /// The fragment tags by name, and the kTopTags most used of them (ties by name).
  std::pair<json::array, json::array> fragment_tag_lists(std::int64_t programme_id);
};

}  // namespace ether::pages::loaders
