#include "store/slug_history_repository.hpp"

namespace ether::store {

std::optional<std::string> earlier_slug_owner(soci::session& session, std::string_view type, std::string_view scope,
                                              std::string_view slug) {
  std::string key;
  soci::indicator ind = soci::i_null;
  const std::string type_text(type);
  const std::string scope_text(scope);
  const std::string slug_text(slug);
  session << "SELECT item_key FROM slug_history WHERE type = :t AND scope = :s AND slug = :g", soci::into(key, ind),
      soci::use(type_text), soci::use(scope_text), soci::use(slug_text);
  if (!session.got_data() || ind != soci::i_ok) return std::nullopt;
  return key;
}

}  // namespace ether::store
