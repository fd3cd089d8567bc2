#include "store/listener_session_repository.hpp"

namespace ether::store {

void ListenerSessionRepository::add(const std::vector<domain::ListenerSession>& sessions) {
  if (sessions.empty()) return;
  std::string channel;
  std::string format;
  std::string listener;
  long long started = 0;
  long long ended = 0;
  long long bytes = 0;
  soci::statement insert =
      (session_.prepare
           << "INSERT INTO listener_sessions (channel, format, listener, started_at_ms, ended_at_ms, bytes) "
              "VALUES (:c, :f, :l, :s, :e, :b)",
       soci::use(channel), soci::use(format), soci::use(listener), soci::use(started), soci::use(ended),
       soci::use(bytes));
  for (const auto& session : sessions) {
    channel = session.channel;
    format = session.format;
    listener = session.listener;
    started = session.start_ms;
    ended = session.end_ms;
    bytes = static_cast<long long>(session.bytes);
    insert.execute(true);
  }
}

std::vector<domain::ListenerSession> ListenerSessionRepository::overlapping(std::int64_t from_ms, std::int64_t until_ms,
                                                                            const std::string& channel) {
  std::vector<domain::ListenerSession> out;
  domain::ListenerSession row;
  long long started = 0;
  long long ended = 0;
  long long bytes = 0;
  const long long from = from_ms;
  const long long until = until_ms;
  const std::string all = channel.empty() ? "1" : "0";
  soci::statement select =
      (session_.prepare << "SELECT channel, format, listener, started_at_ms, ended_at_ms, bytes FROM listener_sessions "
                           "WHERE ended_at_ms > :f AND started_at_ms < :u AND (:a = '1' OR channel = :c) "
                           "ORDER BY started_at_ms, id",
       soci::into(row.channel), soci::into(row.format), soci::into(row.listener), soci::into(started),
       soci::into(ended), soci::into(bytes), soci::use(from), soci::use(until), soci::use(all), soci::use(channel));
  select.execute();
  while (select.fetch()) {
    row.start_ms = started;
    row.end_ms = ended;
    row.bytes = static_cast<std::uint64_t>(bytes);
    out.push_back(row);
  }
  return out;
}

long long ListenerSessionRepository::delete_ended_before(std::int64_t before_ms) {
  const long long before = before_ms;
  soci::statement remove =
      (session_.prepare << "DELETE FROM listener_sessions WHERE ended_at_ms < :b", soci::use(before));
  remove.execute(true);
  return remove.get_affected_rows();
}

}  // namespace ether::store
