#include "store/live_source_repository.hpp"

namespace ether::store {

void LiveSourceRepository::claim(const std::string& channel, const std::string& instance_id,
                                 const std::string& instance_url, const std::string& title, std::int64_t now) {
  long long heartbeat = now;
  session_
      << "INSERT INTO live_sources (channel_slug, instance_id, instance_url, heartbeat_at, title) "
         "VALUES (:c, :i, :u, :h, :t) ON CONFLICT (channel_slug) DO UPDATE SET instance_id = excluded.instance_id, "
         "instance_url = excluded.instance_url, heartbeat_at = excluded.heartbeat_at, title = excluded.title",
      soci::use(channel), soci::use(instance_id), soci::use(instance_url), soci::use(heartbeat), soci::use(title);
}

void LiveSourceRepository::release(const std::string& channel, const std::string& instance_id) {
  session_ << "DELETE FROM live_sources WHERE channel_slug = :c AND instance_id = :i", soci::use(channel),
      soci::use(instance_id);
}

std::vector<LiveSourceRow> LiveSourceRepository::fresh(std::int64_t fresh_since) {
  std::vector<LiveSourceRow> rows;
  LiveSourceRow row;
  long long heartbeat = 0;
  long long since = fresh_since;
  soci::statement st = (session_.prepare << "SELECT channel_slug, instance_id, instance_url, heartbeat_at, title FROM "
                                            "live_sources WHERE heartbeat_at >= :s ORDER BY channel_slug",
                        soci::into(row.channel), soci::into(row.instance_id), soci::into(row.instance_url),
                        soci::into(heartbeat), soci::into(row.title), soci::use(since));
  st.execute();
  while (st.fetch()) {
    row.heartbeat_at = heartbeat;
    rows.push_back(row);
  }
  return rows;
}

}  // namespace ether::store
