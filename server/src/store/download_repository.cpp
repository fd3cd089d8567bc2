#include "store/download_repository.hpp"

#include <sodium.h>

#include <stdexcept>

namespace ether::store {

std::array<unsigned char, 32> DownloadRepository::salt_of_day(std::int64_t day,
                                                              const std::array<unsigned char, 32>& fresh) {
  std::string hex(fresh.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), fresh.data(), fresh.size());
  hex.pop_back();
  const long long d = day;
  session_ << "INSERT INTO download_salts (day, salt) VALUES (:d, :s) ON CONFLICT (day) DO NOTHING", soci::use(d),
      soci::use(hex);
  std::string stored;
  session_ << "SELECT salt FROM download_salts WHERE day = :d", soci::into(stored), soci::use(d);
  std::array<unsigned char, 32> salt{};
  std::size_t length = 0;
  if (!session_.got_data() ||
      sodium_hex2bin(salt.data(), salt.size(), stored.data(), stored.size(), nullptr, &length, nullptr) != 0 ||
      length != salt.size()) {
    throw std::runtime_error("download salt of the day unreadable");
  }
  sodium_memzero(hex.data(), hex.size());
  sodium_memzero(stored.data(), stored.size());
  return salt;
}

void DownloadRepository::delete_salts_before(std::int64_t day) {
  const long long d = day;
  session_ << "DELETE FROM download_salts WHERE day < :d", soci::use(d);
}

std::optional<EpisodeAudio> DownloadRepository::episode_by_audio_path(const std::string& audio_path) {
  long long id = 0;
  long long feed = 0;
  long long length = 0;
  long long duration = 0;
  session_ << "SELECT id, feed_id, byte_length, duration_ms FROM podcast_episodes WHERE audio_path = :p "
              "ORDER BY id LIMIT 1",
      soci::into(id), soci::into(feed), soci::into(length), soci::into(duration), soci::use(audio_path);
  if (!session_.got_data()) return std::nullopt;
  return EpisodeAudio{.id = id, .feed_id = feed, .byte_length = length, .duration_ms = duration};
}

std::vector<std::int64_t> DownloadRepository::add(const std::vector<DownloadBytes>& rows) {
  std::vector<std::int64_t> stored;
  if (rows.empty()) return stored;
  stored.reserve(rows.size());
  long long episode = 0;
  long long day = 0;
  std::string client;
  long long bytes = 0;
  long long total = 0;
  // RETURNING (SQLite 3.35+ and PostgreSQL) gives the sum as this statement left it: of two
  // instances adding to one client at once, exactly one sees its sum pass a threshold.
  soci::statement upsert = (session_.prepare << "INSERT INTO podcast_download_bytes (episode_id, day, client, bytes) "
                                                "VALUES (:e, :d, :c, :b) ON CONFLICT (episode_id, day, client) "
                                                "DO UPDATE SET bytes = podcast_download_bytes.bytes + excluded.bytes "
                                                "RETURNING bytes",
                            soci::into(total), soci::use(episode), soci::use(day), soci::use(client), soci::use(bytes));
  for (const auto& row : rows) {
    episode = row.episode_id;
    day = row.day;
    client = row.client;
    bytes = row.bytes;
    upsert.execute(true);
    stored.push_back(total);
  }
  return stored;
}

std::vector<DownloadBytes> DownloadRepository::of_feed(std::int64_t feed_id, std::int64_t from_day,
                                                       std::int64_t until_day) {
  std::vector<DownloadBytes> out;
  DownloadBytes row;
  long long episode = 0;
  long long day = 0;
  long long bytes = 0;
  const long long feed = feed_id;
  const long long from = from_day;
  const long long until = until_day;
  soci::statement select =
      (session_.prepare << "SELECT d.episode_id, d.day, d.client, d.bytes FROM podcast_download_bytes d "
                           "JOIN podcast_episodes e ON e.id = d.episode_id "
                           "WHERE e.feed_id = :f AND d.day >= :a AND d.day <= :b ORDER BY d.day, d.episode_id",
       soci::into(episode), soci::into(day), soci::into(row.client), soci::into(bytes), soci::use(feed),
       soci::use(from), soci::use(until));
  select.execute();
  while (select.fetch()) {
    row.episode_id = episode;
    row.day = day;
    row.bytes = bytes;
    out.push_back(row);
  }
  return out;
}

long long DownloadRepository::delete_before(std::int64_t day) {
  const long long d = day;
  soci::statement remove = (session_.prepare << "DELETE FROM podcast_download_bytes WHERE day < :d", soci::use(d));
  remove.execute(true);
  return remove.get_affected_rows();
}

}  // namespace ether::store
