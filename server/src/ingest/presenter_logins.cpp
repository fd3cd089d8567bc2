#include "ingest/presenter_logins.hpp"

#include <map>

#include "ingest/source_credentials.hpp"

namespace ether::ingest {
namespace {

struct Row {
  long long id = 0;
  std::string slug;
  std::string name;
  std::string username;
  int only_in_slots = 0;
  long long updated_at = 0;
  soci::indicator login = soci::i_ok;
  soci::indicator slots_ind = soci::i_ok;
  soci::indicator updated_ind = soci::i_ok;

  [[nodiscard]] PresenterWithLogin presenter() const {
    PresenterWithLogin out{.presenter_id = id, .slug = slug, .name = name, .channels = {}, .login = std::nullopt};
    if (login == soci::i_ok) {
      out.login = PresenterLogin{.presenter_id = id,
                                 .username = username,
                                 .only_in_slots = slots_ind == soci::i_ok && only_in_slots != 0,
                                 .updated_at = updated_ind == soci::i_ok ? updated_at : 0};
    }
    return out;
  }
};

// Every presenter (`only` unset) or one.
std::vector<PresenterWithLogin> presenters(soci::session& session, std::optional<long long> only) {
  std::vector<PresenterWithLogin> out;
  Row row;
  const long long wanted = only.value_or(0);
  const int all = only ? 0 : 1;
  soci::statement st =
      (session.prepare << "SELECT p.id, p.slug, p.name, l.username, l.only_in_slots, l.updated_at FROM presenters p "
                          "LEFT JOIN presenter_source_logins l ON l.presenter_id = p.id "
                          "WHERE (:all = 1 OR p.id = :id) ORDER BY p.name, p.id",
       soci::use(all, "all"), soci::use(wanted, "id"), soci::into(row.id), soci::into(row.slug), soci::into(row.name),
       soci::into(row.username, row.login), soci::into(row.only_in_slots, row.slots_ind),
       soci::into(row.updated_at, row.updated_ind));
  st.execute();
  while (st.fetch()) out.push_back(row.presenter());
  return out;
}

// The channels of each presenter's programmes.
std::map<long long, std::vector<std::string>> channels_by_presenter(soci::session& session,
                                                                    std::optional<long long> only) {
  std::map<long long, std::vector<std::string>> out;
  long long presenter = 0;
  std::string channel;
  const long long wanted = only.value_or(0);
  const int all = only ? 0 : 1;
  soci::statement st =
      (session.prepare << "SELECT DISTINCT pp.presenter_id, pr.channel_slug FROM programme_presenters pp "
                          "JOIN programmes pr ON pr.id = pp.programme_id WHERE (:all = 1 OR pp.presenter_id = :id) "
                          "ORDER BY pp.presenter_id, pr.channel_slug",
       soci::use(all, "all"), soci::use(wanted, "id"), soci::into(presenter), soci::into(channel));
  st.execute();
  while (st.fetch()) out[presenter].push_back(channel);
  return out;
}

}  // namespace

bool is_valid_source_username(std::string_view username) {
  if (username.size() < 3 || username.size() > 64 || username == kSourceUser) return false;
  for (char c : username) {
    const bool allowed = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!allowed) return false;
  }
  return true;
}

std::vector<PresenterWithLogin> PresenterLoginRepository::list() {
  auto out = presenters(session_, std::nullopt);
  auto channels = channels_by_presenter(session_, std::nullopt);
  for (auto& presenter : out) presenter.channels = std::move(channels[presenter.presenter_id]);
  return out;
}

std::optional<PresenterWithLogin> PresenterLoginRepository::find(std::int64_t presenter_id) {
  const long long id = presenter_id;
  auto found = presenters(session_, id);
  if (found.empty()) return std::nullopt;
  found.front().channels = std::move(channels_by_presenter(session_, id)[id]);
  return std::move(found.front());
}

std::optional<std::int64_t> PresenterLoginRepository::owner_of(std::string_view username) {
  long long id = 0;
  const std::string name(username);
  session_ << "SELECT presenter_id FROM presenter_source_logins WHERE username = :u", soci::use(name), soci::into(id);
  if (!session_.got_data()) return std::nullopt;
  return id;
}

void PresenterLoginRepository::save(std::int64_t presenter_id, const std::string& username,
                                    const std::string& password_hash, bool only_in_slots, std::int64_t now) {
  const long long id = presenter_id;
  const int slots = only_in_slots ? 1 : 0;
  const long long at = now;
  int existing = 0;
  session_ << "SELECT COUNT(*) FROM presenter_source_logins WHERE presenter_id = :id", soci::use(id),
      soci::into(existing);
  if (existing == 0) {
    session_
        << "INSERT INTO presenter_source_logins (presenter_id, username, password_hash, only_in_slots, updated_at) "
           "VALUES (:id, :u, :h, :s, :a)",
        soci::use(id), soci::use(username), soci::use(password_hash), soci::use(slots), soci::use(at);
  } else if (password_hash.empty()) {
    session_ << "UPDATE presenter_source_logins SET username = :u, only_in_slots = :s, updated_at = :a "
                "WHERE presenter_id = :id",
        soci::use(username), soci::use(slots), soci::use(at), soci::use(id);
  } else {
    session_ << "UPDATE presenter_source_logins SET username = :u, password_hash = :h, only_in_slots = :s, "
                "updated_at = :a WHERE presenter_id = :id",
        soci::use(username), soci::use(password_hash), soci::use(slots), soci::use(at), soci::use(id);
  }
}

bool PresenterLoginRepository::remove(std::int64_t presenter_id) {
  const long long id = presenter_id;
  soci::statement st =
      (session_.prepare << "DELETE FROM presenter_source_logins WHERE presenter_id = :id", soci::use(id));
  st.execute(true);
  return st.get_affected_rows() > 0;
}

PresenterSourceAuth::PresenterSourceAuth(store::Database& db, std::function<std::int64_t()> now,
                                         const admin::PasswordCost& cost)
    : db_(db), now_(std::move(now)), stand_in_hash_(admin::stand_in_hash(cost)) {}

bool PresenterSourceAuth::may_send(std::string_view channel, std::string_view username,
                                   std::string_view password) const {
  long long presenter = 0;
  std::string hash;
  int only_in_slots = 0;
  {
    auto lease = db_.lease();
    const std::string name(username);
    *lease << "SELECT presenter_id, password_hash, only_in_slots FROM presenter_source_logins WHERE username = :u",
        soci::use(name), soci::into(presenter), soci::into(hash), soci::into(only_in_slots);
    if (!lease->got_data()) hash.clear();
  }
  // The hash is verified (outside the lease) whether or not the username exists.
  const bool known = !hash.empty();
  if (!admin::verify_password(known ? hash : stand_in_hash_, password) || !known) return false;

  const std::string slug(channel);
  int matches = 0;
  auto lease = db_.lease();
  if (only_in_slots != 0) {
    const long long now = now_();
    *lease << "SELECT COUNT(*) FROM broadcasts b JOIN programme_presenters pp ON pp.programme_id = b.programme_id "
              "WHERE pp.presenter_id = :p AND b.channel_slug = :c AND b.starts_at <= :n AND b.ends_at > :n2",
        soci::use(presenter), soci::use(slug), soci::use(now), soci::use(now), soci::into(matches);
  } else {
    *lease << "SELECT COUNT(*) FROM programmes pr JOIN programme_presenters pp ON pp.programme_id = pr.id "
              "WHERE pp.presenter_id = :p AND pr.channel_slug = :c",
        soci::use(presenter), soci::use(slug), soci::into(matches);
  }
  return matches > 0;
}

}  // namespace ether::ingest
