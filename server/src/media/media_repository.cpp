#include "media/media_repository.hpp"

#include "store/like_pattern.hpp"
#include "store/nullable.hpp"

namespace ether::media {
namespace {

constexpr const char* kColumns =
    "id, kind, content_hash, original_name, status, progress, error, mime_type, width, height, focal_x, focal_y, "
    "duration_ms, size_bytes, loudness_lufs, uploaded_by, created_at, updated_at, source_file, credit, "
    "caption";

struct Row {
  long long id = 0;
  std::string kind;
  std::string content_hash;
  std::string original_name;
  std::string status;
  int progress = 0;
  std::string error;
  std::string mime_type;
  int width = 0;
  int height = 0;
  int focal_x = 500;
  int focal_y = 500;
  long long duration_ms = 0;
  long long size_bytes = 0;
  int loudness = 0;
  store::Nullable<long long> uploaded_by;
  long long created_at = 0;
  long long updated_at = 0;
  std::string source_file;
  std::string credit;
  std::string caption;

  template <class Statement>
  void bind(Statement& statement) {
    statement.exchange(soci::into(id));
    statement.exchange(soci::into(kind));
    statement.exchange(soci::into(content_hash));
    statement.exchange(soci::into(original_name));
    statement.exchange(soci::into(status));
    statement.exchange(soci::into(progress));
    statement.exchange(soci::into(error));
    statement.exchange(soci::into(mime_type));
    statement.exchange(soci::into(width));
    statement.exchange(soci::into(height));
    statement.exchange(soci::into(focal_x));
    statement.exchange(soci::into(focal_y));
    statement.exchange(soci::into(duration_ms));
    statement.exchange(soci::into(size_bytes));
    statement.exchange(soci::into(loudness));
    statement.exchange(soci::into(uploaded_by.value, uploaded_by.ind));
    statement.exchange(soci::into(created_at));
    statement.exchange(soci::into(updated_at));
    statement.exchange(soci::into(source_file));
    statement.exchange(soci::into(credit));
    statement.exchange(soci::into(caption));
  }

  [[nodiscard]] MediaItem item() const {
    MediaItem m;
    m.id = id;
    m.kind = kind == "audio" ? MediaKind::audio : kind == "video" ? MediaKind::video : MediaKind::image;
    m.content_hash = content_hash;
    m.original_name = original_name;
    m.status = status;
    m.progress = progress;
    m.error = error;
    m.mime_type = mime_type;
    m.width = width;
    m.height = height;
    m.focal = {focal_x, focal_y};
    m.duration_ms = duration_ms;
    m.size_bytes = size_bytes;
    m.loudness_tenths = loudness;
    m.uploaded_by = uploaded_by.get();
    m.created_at = created_at;
    m.updated_at = updated_at;
    m.source_file = source_file;
    m.credit = credit;
    m.caption = caption;
    return m;
  }
};

}  // namespace

std::string_view kind_name(MediaKind kind) {
  switch (kind) {
    case MediaKind::audio:
      return "audio";
    case MediaKind::video:
      return "video";
    case MediaKind::image:
      break;
  }
  return "image";
}

std::optional<MediaItem> MediaRepository::find(std::int64_t id) {
  Row row;
  long long key = id;
  soci::statement statement(session_);
  row.bind(statement);
  statement.exchange(soci::use(key));
  statement.alloc();
  statement.prepare(std::string("SELECT ") + kColumns + " FROM media WHERE id = :id");
  statement.define_and_bind();
  if (!statement.execute(true)) return std::nullopt;
  return row.item();
}

std::optional<MediaItem> MediaRepository::find_stored(std::int64_t id) {
  auto item = find(id);
  if (!item || item->status != kDuplicateStatus) return item;
  const auto colon = item->content_hash.find(':');
  return find_by_hash(item->kind, item->content_hash.substr(0, colon));
}

std::optional<MediaItem> MediaRepository::find_by_hash(MediaKind kind, const std::string& content_hash) {
  Row row;
  std::string kind_text(kind_name(kind));
  std::string hash = content_hash;
  soci::statement statement(session_);
  row.bind(statement);
  statement.exchange(soci::use(kind_text));
  statement.exchange(soci::use(hash));
  statement.alloc();
  statement.prepare(std::string("SELECT ") + kColumns + " FROM media WHERE kind = :k AND content_hash = :h");
  statement.define_and_bind();
  if (!statement.execute(true)) return std::nullopt;
  return row.item();
}

namespace {

constexpr std::string_view kListed = " FROM media WHERE kind = :k AND status <> 'duplicate'";
// With a pattern of store::contains_pattern, whose escape character is '!'.
constexpr std::string_view kNamed = " AND LOWER(original_name) LIKE :q ESCAPE '!'";

}  // namespace

std::vector<MediaItem> MediaRepository::list(MediaKind kind, std::int64_t limit, std::int64_t offset,
                                             std::string_view name) {
  std::vector<MediaItem> items;
  Row row;
  std::string kind_text(kind_name(kind));
  std::string pattern = store::contains_pattern(name);
  long long n = limit;
  long long skip = offset;
  soci::statement statement(session_);
  row.bind(statement);
  statement.exchange(soci::use(kind_text));
  if (!name.empty()) statement.exchange(soci::use(pattern));
  statement.exchange(soci::use(n));
  statement.exchange(soci::use(skip));
  statement.alloc();
  statement.prepare(std::string("SELECT ") + kColumns + std::string(kListed) + std::string(name.empty() ? "" : kNamed) +
                    " ORDER BY created_at DESC, id DESC LIMIT :n OFFSET :o");
  statement.define_and_bind();
  if (statement.execute(true)) {
    do {
      items.push_back(row.item());
    } while (statement.fetch());
  }
  return items;
}

std::int64_t MediaRepository::count(MediaKind kind, std::string_view name) {
  long long n = 0;
  std::string kind_text(kind_name(kind));
  if (name.empty()) {
    session_ << "SELECT COUNT(*)" + std::string(kListed), soci::into(n), soci::use(kind_text);
    return n;
  }
  std::string pattern = store::contains_pattern(name);
  session_ << "SELECT COUNT(*)" + std::string(kListed) + std::string(kNamed), soci::into(n), soci::use(kind_text),
      soci::use(pattern);
  return n;
}

std::int64_t MediaRepository::insert(const MediaItem& item) {
  long long id = 0;
  std::string kind(kind_name(item.kind));
  std::string hash = item.content_hash;
  std::string name = item.original_name;
  std::string status = item.status;
  std::string mime = item.mime_type;
  int progress = item.progress;
  store::Nullable<long long> by(item.uploaded_by ? std::optional<long long>(*item.uploaded_by) : std::nullopt);
  long long created = item.created_at;
  long long updated = item.updated_at;
  std::string source = item.source_file;
  session_ << "INSERT INTO media (kind, content_hash, original_name, status, progress, mime_type, uploaded_by, "
              "created_at, updated_at, source_file) VALUES (:k, :h, :n, :s, :p, :m, :b, :c, :u, :f) RETURNING id",
      soci::use(kind), soci::use(hash), soci::use(name), soci::use(status), soci::use(progress), soci::use(mime),
      soci::use(by.value, by.ind), soci::use(created), soci::use(updated), soci::use(source), soci::into(id);
  return id;
}

void MediaRepository::update(const MediaItem& item) {
  long long id = item.id;
  std::string hash = item.content_hash;
  std::string name = item.original_name;
  std::string status = item.status;
  int progress = item.progress;
  std::string error = item.error;
  std::string mime = item.mime_type;
  int width = item.width;
  int height = item.height;
  int focal_x = item.focal.x;
  int focal_y = item.focal.y;
  long long duration = item.duration_ms;
  long long size = item.size_bytes;
  int loudness = item.loudness_tenths;
  long long updated = item.updated_at;
  std::string source = item.source_file;
  session_ << "UPDATE media SET content_hash = :ch, original_name = :n, status = :s, progress = :p, error = :e, "
              "mime_type = :m, "
              "width = :w, height = :h, focal_x = :fx, focal_y = :fy, duration_ms = :d, size_bytes = :b, "
              "loudness_lufs = :l, updated_at = :u, source_file = :f WHERE id = :id",
      soci::use(hash), soci::use(name), soci::use(status), soci::use(progress), soci::use(error), soci::use(mime),
      soci::use(width), soci::use(height), soci::use(focal_x), soci::use(focal_y), soci::use(duration), soci::use(size),
      soci::use(loudness), soci::use(updated), soci::use(source), soci::use(id);
}

bool MediaRepository::set_details(std::int64_t id, const std::string& credit, const std::string& caption,
                                  std::int64_t now) {
  long long key = id;
  long long at = now;
  std::string credit_text = credit;
  std::string caption_text = caption;
  soci::statement statement =
      (session_.prepare << "UPDATE media SET credit = :c, caption = :t, updated_at = :u WHERE id = :id",
       soci::use(credit_text), soci::use(caption_text), soci::use(at), soci::use(key));
  statement.execute(true);
  return statement.get_affected_rows() == 1;
}

void MediaRepository::set_progress(std::int64_t id, int progress, std::int64_t now) {
  long long key = id;
  long long at = now;
  int value = progress;
  session_ << "UPDATE media SET progress = :p, updated_at = :u WHERE id = :id AND status = 'processing'",
      soci::use(value), soci::use(at), soci::use(key);
}

bool MediaRepository::claim(std::int64_t id, const std::string& owner, std::int64_t now, std::int64_t stale_before) {
  long long key = id;
  long long at = now;
  long long before = stale_before;
  std::string me = owner;
  // Of several instances racing for a row, the one whose UPDATE still matches takes it.
  soci::statement statement = (session_.prepare << "UPDATE media SET claimed_by = :me, heartbeat_at = :n "
                                                   "WHERE id = :id AND status = 'processing' AND heartbeat_at < :b",
                               soci::use(me), soci::use(at), soci::use(key), soci::use(before));
  statement.execute(true);
  return statement.get_affected_rows() == 1;
}

std::int64_t MediaRepository::heartbeat(const std::string& owner, std::int64_t now) {
  long long at = now;
  std::string me = owner;
  soci::statement statement =
      (session_.prepare << "UPDATE media SET heartbeat_at = :n WHERE claimed_by = :me AND status = 'processing'",
       soci::use(at), soci::use(me));
  statement.execute(true);
  return statement.get_affected_rows();
}

void MediaRepository::release(const std::string& owner) {
  std::string me = owner;
  session_ << "UPDATE media SET heartbeat_at = 0 WHERE claimed_by = :me AND status = 'processing'", soci::use(me);
}

std::vector<std::int64_t> MediaRepository::stale(std::int64_t stale_before, int limit) {
  std::vector<std::int64_t> ids;
  long long id = 0;
  long long before = stale_before;
  int count = limit;
  soci::statement statement =
      (session_.prepare
           << "SELECT id FROM media WHERE status = 'processing' AND heartbeat_at < :b ORDER BY id LIMIT :l",
       soci::into(id), soci::use(before), soci::use(count));
  statement.execute();
  while (statement.fetch()) ids.push_back(id);
  return ids;
}

std::vector<std::int64_t> MediaRepository::stored_audio() {
  std::vector<std::int64_t> ids;
  long long id = 0;
  soci::statement statement = (session_.prepare << "SELECT id FROM media WHERE kind = 'audio' AND status IN "
                                                   "('ready', 'broken') ORDER BY id",
                               soci::into(id));
  statement.execute();
  while (statement.fetch()) ids.push_back(id);
  return ids;
}

}  // namespace ether::media
