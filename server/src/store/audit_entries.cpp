#include "store/audit_entries.hpp"

#include <boost/json/serialize.hpp>

namespace ether::store {

void add_change(boost::json::object& changes, std::string_view field, const boost::json::value& before,
                const boost::json::value& after) {
  if (before == after) return;
  changes[field] = boost::json::object{{"before", before}, {"after", after}};
}

std::int64_t record_audit_entry(soci::session& session, const Actor& actor, std::int64_t at,
                                const std::string& item_type, const std::string& item_id, const std::string& action,
                                const boost::json::object& changes) {
  long long when = at;
  long long user = actor.user_id;
  soci::indicator user_ind = actor.user_id == 0 ? soci::i_null : soci::i_ok;
  std::string text = boost::json::serialize(changes);
  long long id = 0;
  session << "INSERT INTO admin_audit_log (at, user_id, user_name, item_type, item_id, action, changes) VALUES "
             "(:at, :u, :n, :t, :i, :a, :c) RETURNING id",
      soci::use(when), soci::use(user, user_ind), soci::use(actor.name), soci::use(item_type), soci::use(item_id),
      soci::use(action), soci::use(text), soci::into(id);
  return id;
}

}  // namespace ether::store
