// Uploads (server/src/media/): the §9 sizes and focal-point cuts as pure logic, then a real server
// on 127.0.0.1 with the admin API, on SQLite and (when ETHER_TEST_DATABASE_URL names one)
// PostgreSQL: bodies streamed to disk, refusals (401 before the body for a forged or unknown session,
// 403, 413, 415, 429 above the uploads in flight) with Dutch messages, a JPEG
// with EXIF becoming WebP sizes without it and stored once, and audio made by ffmpeg becoming
// loudness-normalised MP3 of the right duration.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vips/vips.h>

#include <array>
#include <atomic>
#include <boost/json.hpp>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include "admin/admin_api.hpp"
#include "admin/bootstrap.hpp"
#include "admin/password.hpp"
#include "admin/sessions.hpp"
#include "admin/upload_api.hpp"
#include "http/router.hpp"
#include "http/server.hpp"
#include "media/image_processor.hpp"
#include "media/image_variants.hpp"
#include "media/media_library.hpp"
#include "media/upload_slots.hpp"
#include "store_test_support.hpp"
#include "support/file_bytes.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether::media {
namespace {
namespace json = boost::json;

// ---- pure logic -------------------------------------------------------------------------------

TEST(MediaVariants, EveryPresetSizeAtOneAndTwoTimes) {
  const auto& sizes = variant_sizes();
  auto has = [&](VariantSize size) { return std::find(sizes.begin(), sizes.end(), size) != sizes.end(); };
  EXPECT_TRUE(has({564, 424}));    // ARTICLE_CARD
  EXPECT_TRUE(has({1128, 848}));   // its 2x
  EXPECT_TRUE(has({2560, 1440}));  // LARGE_TILE 2x
  EXPECT_TRUE(has({540, 0}));      // CONTENT_IMAGE width
  EXPECT_TRUE(has({1080, 0}));
  EXPECT_TRUE(has({88, 88}));
  EXPECT_FALSE(has({100, 75}));
  // No duplicates (FRAGMENT_CARD and FRAGMENT_TILE share 360x270).
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    for (std::size_t k = i + 1; k < sizes.size(); ++k) EXPECT_FALSE(sizes[i] == sizes[k]);
  }
}

TEST(MediaVariants, NamesAsTheWebAppAsksForThem) {
  EXPECT_EQ(variant_name({564, 424}), "h_424,w_564,c_north");
  EXPECT_EQ(variant_name({540, 0}), "w_540");
  EXPECT_EQ(parse_variant("h_424,w_564,c_north"), (VariantSize{564, 424}));
  EXPECT_EQ(parse_variant("w_1080"), (VariantSize{1080, 0}));
  EXPECT_EQ(parse_variant("h_425,w_564,c_north"), std::nullopt);  // not a preset size
  EXPECT_EQ(parse_variant("h_0424,w_564,c_north"), std::nullopt);
  EXPECT_EQ(parse_variant("w_540/../x"), std::nullopt);
  EXPECT_EQ(parse_variant(""), std::nullopt);
  EXPECT_EQ(focal_folder({500, 250}), "f500-250");
}

TEST(MediaVariants, CutsAroundTheFocalPointInsideTheImage) {
  // 4:3 from a 2000x1000 original: a 1333x1000 window.
  auto centre = cut_for(2000, 1000, {564, 424}, {500, 500});
  EXPECT_NEAR(centre.width, 1330, 5);
  EXPECT_EQ(centre.height, 1000);
  EXPECT_NEAR(centre.left, (2000.0 - centre.width) / 2.0, 1);
  EXPECT_NEAR(centre.scale, 564.0 / centre.width, 1e-9);
  // Focal point far right: the window moves right until it touches the edge.
  auto right = cut_for(2000, 1000, {564, 424}, {950, 500});
  EXPECT_EQ(right.left + right.width, 2000);
  auto left = cut_for(2000, 1000, {564, 424}, {100, 500});
  EXPECT_EQ(left.left, 0);
  // A square from a portrait, focal point high.
  auto top = cut_for(600, 1200, {88, 88}, {500, 100});
  EXPECT_EQ(top.width, 600);
  EXPECT_EQ(top.height, 600);
  EXPECT_EQ(top.top, 0);
  // Never blown up; widths only keep the whole image.
  EXPECT_EQ(cut_for(300, 200, {1280, 720}, {500, 500}).scale, 1.0);
  auto width_only = cut_for(2000, 1000, {540, 0}, {0, 0});
  EXPECT_EQ(width_only.width, 2000);
  EXPECT_EQ(width_only.height, 1000);
  EXPECT_NEAR(width_only.scale, 0.27, 1e-9);
}

// ---- test media --------------------------------------------------------------------------------

struct VipsUnref {
  void operator()(VipsImage* image) const noexcept { g_object_unref(image); }
};
using VipsPtr = std::unique_ptr<VipsImage, VipsUnref>;

// A colourful test picture of `width` x `height` (a gradient, so that every cut differs).
VipsPtr gradient(int width, int height) {
  start_image_library();
  VipsImage* xyz = nullptr;
  EXPECT_EQ(vips_xyz(&xyz, width, height, nullptr), 0);
  VipsPtr coordinates(xyz);
  VipsImage* x = nullptr;
  VipsImage* y = nullptr;
  vips_extract_band(coordinates.get(), &x, 0, nullptr);
  vips_extract_band(coordinates.get(), &y, 1, nullptr);
  VipsPtr xs(x), ys(y);
  VipsImage* r = nullptr;
  VipsImage* g = nullptr;
  vips_linear1(xs.get(), &r, 255.0 / width, 0.0, nullptr);
  vips_linear1(ys.get(), &g, 255.0 / height, 0.0, nullptr);
  VipsPtr rs(r), gs(g);
  std::array<VipsImage*, 3> bands{rs.get(), gs.get(), rs.get()};
  VipsImage* joined = nullptr;
  vips_bandjoin(bands.data(), &joined, 3, nullptr);
  VipsPtr rgb(joined);
  VipsImage* cast = nullptr;
  vips_cast_uchar(rgb.get(), &cast, nullptr);
  VipsPtr out(cast);
  vips_image_set_int(out.get(), "interpretation", VIPS_INTERPRETATION_sRGB);
  out->Type = VIPS_INTERPRETATION_sRGB;
  return out;
}

std::string save(VipsImage* image, const char* suffix) {
  void* buffer = nullptr;
  std::size_t length = 0;
  EXPECT_EQ(vips_image_write_to_buffer(image, suffix, &buffer, &length, nullptr), 0) << vips_error_buffer();
  std::string bytes(static_cast<const char*>(buffer), length);
  g_free(buffer);
  return bytes;
}

constexpr std::string_view kSecretArtist = "Geheime Fotograaf Op Locatie";

// A JPEG of `width` x `height` with an EXIF block (APP1) naming an artist.
std::string jpeg_with_exif(int width, int height) {
  auto image = gradient(width, height);
  std::string jpeg = save(image.get(), ".jpg[Q=90,strip]");
  std::string artist(kSecretArtist);
  artist.push_back('\0');
  auto le16 = [](std::string& out, unsigned v) {
    out.push_back(static_cast<char>(v & 0xff));
    out.push_back(static_cast<char>(v >> 8));
  };
  auto le32 = [&](std::string& out, unsigned v) {
    le16(out, v & 0xffff);
    le16(out, v >> 16);
  };
  std::string tiff("II*\0", 4);
  le32(tiff, 8);       // IFD0 right after the header
  le16(tiff, 1);       // one entry
  le16(tiff, 0x013B);  // Artist
  le16(tiff, 2);       // ASCII
  le32(tiff, static_cast<unsigned>(artist.size()));
  le32(tiff, 26);  // its text after the IFD
  le32(tiff, 0);   // no next IFD
  tiff += artist;
  std::string payload("Exif\0\0", 6);
  payload += tiff;
  std::string segment{"\xFF\xE1", 2};
  const auto length = payload.size() + 2;
  segment.push_back(static_cast<char>(length >> 8));
  segment.push_back(static_cast<char>(length & 0xff));
  segment += payload;
  // After SOI and the JFIF APP0 segment.
  std::size_t at = 2;
  if (static_cast<unsigned char>(jpeg[2]) == 0xFF && static_cast<unsigned char>(jpeg[3]) == 0xE0) {
    at = 4 + ((static_cast<unsigned char>(jpeg[4]) << 8) | static_cast<unsigned char>(jpeg[5]));
  }
  jpeg.insert(at, segment);
  return jpeg;
}

VipsPtr decode(const std::string& bytes) {
  start_image_library();
  VipsPtr image(vips_image_new_from_buffer(bytes.data(), bytes.size(), "", nullptr));
  EXPECT_TRUE(image) << vips_error_buffer();
  return image;
}

bool has_exif(VipsImage* image) { return vips_image_get_typeof(image, VIPS_META_EXIF_NAME) != 0; }
// The original's EXIF fields (libvips may write a minimal EXIF block of its own into WebP).
bool has_artist(VipsImage* image) { return vips_image_get_typeof(image, "exif-ifd0-Artist") != 0; }

// ---- a plain HTTP/1.1 client -------------------------------------------------------------------

struct Answer {
  unsigned status = 0;
  std::string head;
  std::string body;
  [[nodiscard]] json::value json_body() const { return json::parse(body); }
  [[nodiscard]] std::string header(std::string name) const {
    std::string lower_head = head;
    for (char& c : lower_head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto at = lower_head.find("\r\n" + name + ": ");
    if (at == std::string::npos) return "";
    at += name.size() + 4;
    return head.substr(at, head.find("\r\n", at) - at);
  }
  [[nodiscard]] std::string error_message() const {
    return std::string(json_body().at("error").at("message").as_string());
  }
};

// Sends `head` and `body` on a fresh connection (Connection: close) and reads the whole answer.
// A server that answers early (413) and stops reading is fine: sending stops, the answer is read.
Answer exchange(std::uint16_t port, const std::string& head, const std::string& body) {
  Answer answer;
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    ADD_FAILURE() << "cannot connect";
    return answer;
  }
  std::string bytes = head + body;
  std::string_view left = bytes;
  std::string received;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  bool closed = false;
  while (!closed && std::chrono::steady_clock::now() < deadline) {
    pollfd watched{fd, static_cast<short>(POLLIN | (left.empty() ? 0 : POLLOUT)), 0};
    if (::poll(&watched, 1, 1000) <= 0) continue;
    if ((watched.revents & POLLIN) != 0) {
      char chunk[65536];
      const auto n = ::recv(fd, chunk, sizeof chunk, 0);
      if (n <= 0) {
        closed = true;
      } else {
        received.append(chunk, static_cast<std::size_t>(n));
      }
    }
    if (!left.empty() && (watched.revents & POLLOUT) != 0) {
      const auto n = ::send(fd, left.data(), std::min<std::size_t>(left.size(), 65536), MSG_NOSIGNAL);
      if (n <= 0) {
        left = {};
      } else {
        left.remove_prefix(static_cast<std::size_t>(n));
      }
    }
    if ((watched.revents & (POLLERR | POLLHUP)) != 0 && (watched.revents & POLLIN) == 0) closed = true;
  }
  ::close(fd);
  const auto end = received.find("\r\n\r\n");
  EXPECT_NE(end, std::string::npos) << "no answer";
  if (end == std::string::npos || received.size() < 12) return answer;
  answer.status = static_cast<unsigned>(std::stoul(received.substr(9, 3)));
  answer.head = received.substr(0, end + 2);
  answer.body = received.substr(end + 4);
  return answer;
}

// Sends `head` and the first bytes of a body on a connection left open (an upload in flight); the
// caller closes the returned descriptor.
int start_upload(std::uint16_t port, const std::string& head, const std::string& partial_body) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ADD_FAILURE() << "cannot connect";
  }
  const std::string bytes = head + partial_body;
  EXPECT_EQ(::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL), static_cast<ssize_t>(bytes.size()));
  return fd;
}

// Reads from `fd` until an answer's head has arrived (or 30 s went by) and returns what came.
std::string read_head(int fd) {
  std::string received;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (received.find("\r\n\r\n") == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    pollfd watched{fd, POLLIN, 0};
    if (::poll(&watched, 1, 1000) <= 0) continue;
    std::array<char, 4096> chunk{};
    const auto n = ::recv(fd, chunk.data(), chunk.size(), 0);
    if (n <= 0) break;
    received.append(chunk.data(), static_cast<std::size_t>(n));
  }
  return received;
}

// ---- the store of a backend --------------------------------------------------------------------

std::string postgres_url() {
  const char* url = std::getenv("ETHER_TEST_DATABASE_URL");
  return url == nullptr ? "" : url;
}

std::vector<std::string> backends() {
  std::vector<std::string> out{"sqlite"};
  if (!postgres_url().empty()) out.emplace_back("postgresql");
  return out;
}

class BackendStore {
 public:
  explicit BackendStore(const std::string& backend) {
    if (backend == "sqlite") {
      sqlite_ = std::make_unique<testing_support::TempStore>();
      return;
    }
    static std::atomic<int> counter{0};
    schema_ = "ether_media_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    {
      auto admin = store::Database::open(postgres_url(), 1);
      auto session = admin->lease();
      *session << "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE";
      *session << "CREATE SCHEMA " + schema_;
    }
    const auto base = postgres_url();
    db_ = store::Database::open(base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" +
                                schema_);
    db_->migrate();
  }
  ~BackendStore() {
    if (schema_.empty()) return;
    db_.reset();
    try {
      auto admin = store::Database::open(postgres_url(), 1);
      auto session = admin->lease();
      *session << "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE";
    } catch (const std::exception& error) {
      std::cerr << "cannot drop " << schema_ << ": " << error.what() << "\n";
    }
  }
  BackendStore(const BackendStore&) = delete;
  BackendStore& operator=(const BackendStore&) = delete;
  store::Database& db() { return sqlite_ ? sqlite_->db() : *db_; }

 private:
  std::unique_ptr<testing_support::TempStore> sqlite_;
  std::unique_ptr<store::Database> db_;
  std::string schema_;
};

// ---- the server --------------------------------------------------------------------------------

constexpr std::int64_t kNow = 1'795'258'800;  // 2026-11-21 11:00 UTC
constexpr std::uint64_t kImageLimit = 256 * 1024;
// The same for one address as in all, so that 127.0.0.1 meets the cap whether or not the server
// tells the upload route the client's address.
constexpr UploadCaps kCaps{.per_address = 3, .in_all = 3};

class MediaUploads : public ::testing::TestWithParam<std::string> {
 protected:
  // `start_jobs` false: the library's background jobs wait until the test starts them.
  // `max_audio_seconds`: longer audio is refused.
  explicit MediaUploads(bool start_jobs = true, int max_audio_seconds = 4 * 3600) : store_(GetParam()) {
    root_ = std::filesystem::path(ETHER_TEST_TMP) /
            ("media-" + GetParam() + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(root_);
    admin_ = std::make_unique<admin::AdminApi>(
        db(), admin::AdminOptions{.base_url = "https://radio.example", .password_cost = admin::kMinimumCost},
        [] { return kNow; });
    library_ = std::make_unique<MediaLibrary>(db(),
                                              MediaOptions{.root = root_ / "uploads",
                                                           .max_image_bytes = kImageLimit,
                                                           .max_audio_bytes = 8ULL << 20,
                                                           .max_audio_seconds = max_audio_seconds},
                                              [] { return kNow; });
    if (start_jobs) library_->start();
    uploads_ = std::make_unique<admin::UploadApi>(*library_, *admin_, "https://radio.example", kCaps);
    admin_->add_routes(router_);
    uploads_->add_routes(router_);
    http::ServerOptions options;
    options.address = "127.0.0.1";
    options.access_log = false;
    options.body_limit = 64 * 1024;
    http::Handlers handlers;
    handlers.handle = [this](const http::Request& r) { return router_.dispatch(r); };
    handlers.body_to_file = [this](const http::Request& head) { return uploads_->body_target(head); };
    server_ = std::make_unique<http::Server>(options, handlers);
    server_->start();
  }
  ~MediaUploads() override {
    server_->stop();
    library_->stop();
    std::filesystem::remove_all(root_);
  }

  store::Database& db() { return store_.db(); }
  [[nodiscard]] std::string origin() const { return "http://127.0.0.1:" + std::to_string(server_->port()); }

  struct Login {
    std::string cookie;
    std::string csrf;
  };

  // An account of `role` that has logged in (its one-time password counts as changed).
  Login account(const std::string& email, admin::Role role) {
    auto created = admin::create_account(db(), email, "Naam", role, kNow, admin::kMinimumCost);
    {
      auto lease = db().lease();
      long long id = created.user.id;
      *lease << "UPDATE admin_users SET must_change_password = 0 WHERE id = :id", soci::use(id);
    }
    auto answer = send("POST", "/api/admin/session",
                       json::serialize(json::object{{"email", email}, {"password", created.password}}), {});
    EXPECT_EQ(answer.status, 200U) << answer.body;
    auto cookie = answer.header("Set-Cookie");
    const auto start = cookie.find('=') + 1;
    return {cookie.substr(start, cookie.find(';') - start),
            std::string(answer.json_body().at("csrfToken").as_string())};
  }

  Answer send(const std::string& method, const std::string& target, const std::string& body,
              const std::optional<Login>& who, const std::optional<std::string>& origin_header = std::nullopt,
              const std::string& extra = "") {
    std::string head = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server_->port()) +
                       "\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
    head += "Origin: " + origin_header.value_or(origin()) + "\r\n";
    if (who) head += "Cookie: ether_session=" + who->cookie + "\r\nX-CSRF-Token: " + who->csrf + "\r\n";
    head += extra + "\r\n";
    return exchange(server_->port(), head, body);
  }

  json::object media_of(const Answer& answer) { return answer.json_body().at("media").as_object(); }

  json::object wait_ready(const Login& who, std::int64_t id) {
    EXPECT_TRUE(library_->wait_idle(std::chrono::seconds(90)));
    auto answer = send("GET", "/api/admin/media/" + std::to_string(id), "", who);
    EXPECT_EQ(answer.status, 200U) << answer.body;
    return media_of(answer);
  }

  std::size_t files_in(const std::filesystem::path& dir) {
    std::size_t n = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) n += entry.is_regular_file() ? 1 : 0;
    return n;
  }

  BackendStore store_;
  std::filesystem::path root_;
  std::unique_ptr<admin::AdminApi> admin_;
  std::unique_ptr<MediaLibrary> library_;
  std::unique_ptr<admin::UploadApi> uploads_;
  http::Router router_;
  std::unique_ptr<http::Server> server_;
  static inline std::atomic<int> counter{0};
};

TEST_P(MediaUploads, RefusesWithoutSessionWithABadOriginAndWrongOrOversizedFiles) {
  const auto png = save(gradient(64, 48).get(), ".png");
  const auto redacteur = account("redacteur@ether.local", admin::Role::redacteur);

  auto anonymous = send("POST", "/api/admin/media/images?name=a.png", png, std::nullopt);
  EXPECT_EQ(anonymous.status, 401U) << anonymous.body;
  auto foreign = send("POST", "/api/admin/media/images?name=a.png", png, redacteur, "https://evil.example");
  EXPECT_EQ(foreign.status, 403U) << foreign.body;

  // What a file is, is found out after the answer: it ends 'failed' with a Dutch message.
  auto text = send("POST", "/api/admin/media/images?name=foto.jpg", "Dit is gewoon tekst, geen JPEG.\n", redacteur);
  ASSERT_EQ(text.status, 202U) << text.body;
  auto text_item = wait_ready(redacteur, media_of(text).at("id").as_int64());
  EXPECT_EQ(text_item.at("status"), "failed");
  EXPECT_NE(std::string(text_item.at("error").as_string()).find("geen afbeelding"), std::string::npos);

  auto not_audio = send("POST", "/api/admin/media/audio?name=lied.mp3", png, redacteur);
  ASSERT_EQ(not_audio.status, 202U) << not_audio.body;
  auto not_audio_item = wait_ready(redacteur, media_of(not_audio).at("id").as_int64());
  EXPECT_EQ(not_audio_item.at("status"), "failed");
  EXPECT_NE(std::string(not_audio_item.at("error").as_string()).find("geen audio"), std::string::npos);

  // Larger than the image limit: refused from its Content-Length, before the body is read.
  std::string big(kImageLimit + 1, 'x');
  auto oversized = send("POST", "/api/admin/media/images?name=groot.jpg", big, redacteur);
  EXPECT_EQ(oversized.status, 413U) << oversized.body;
  EXPECT_EQ(oversized.error_message(), "Dit bestand is te groot: een afbeelding mag hoogstens 256 KB zijn.");
  // Chunked, without a length: refused once the limit is passed.
  std::string chunked;
  for (int i = 0; i < 8; ++i) chunked += "10000\r\n" + std::string(0x10000, 'y') + "\r\n";
  chunked += "0\r\n\r\n";
  auto streamed =
      exchange(server_->port(),
               "POST /api/admin/media/images HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server_->port()) +
                   "\r\nConnection: close\r\n"
                   "Transfer-Encoding: chunked\r\nOrigin: " +
                   origin() + "\r\nCookie: ether_session=" + redacteur.cookie + "\r\nX-CSRF-Token: " + redacteur.csrf +
                   "\r\n\r\n",
               chunked);
  EXPECT_EQ(streamed.status, 413U) << streamed.body;
  EXPECT_NE(streamed.error_message().find("te groot"), std::string::npos);
  // An empty upload.
  auto empty = send("POST", "/api/admin/media/images", "", redacteur);
  EXPECT_EQ(empty.status, 400U) << empty.body;

  // Nothing was kept but the two failed rows: no files left in the incoming folder.
  long long rows = -1;
  {
    auto lease = db().lease();
    *lease << "SELECT COUNT(*) FROM media WHERE status <> 'failed'", soci::into(rows);
  }
  EXPECT_EQ(rows, 0);
  EXPECT_EQ(files_in(root_ / "uploads" / "incoming"), 0U);
}

// Issue 37: a failed upload can be deleted from the library (its row, what is left of its file,
// an audit row); a ready one, one that content still names, an unknown one or a request without
// a session are refused with a clear answer.
TEST_P(MediaUploads, AFailedUploadIsDeletedButNotOneInUseOrReady) {
  const auto redacteur = account("redacteur@ether.local", admin::Role::redacteur);
  auto failed_id = [&](const std::string& name) {
    auto text = send("POST", "/api/admin/media/images?name=" + name, "Geen afbeelding.\n", redacteur);
    EXPECT_EQ(text.status, 202U) << text.body;
    auto item = wait_ready(redacteur, media_of(text).at("id").as_int64());
    EXPECT_EQ(item.at("status"), "failed");
    return item.at("id").as_int64();
  };
  const auto failed = failed_id("kapot.jpg");
  const auto path = "/api/admin/media/" + std::to_string(failed);
  EXPECT_EQ(send("DELETE", path, "", std::nullopt).status, 401U);

  const auto gone = send("DELETE", path, "", redacteur);
  EXPECT_EQ(gone.status, 204U) << gone.body;
  EXPECT_EQ(send("GET", path, "", redacteur).status, 404U);
  EXPECT_EQ(send("DELETE", path, "", redacteur).status, 404U);
  EXPECT_EQ(send("DELETE", "/api/admin/media/abc", "", redacteur).status, 404U);
  EXPECT_EQ(files_in(root_ / "uploads" / "incoming"), 0U);
  {
    auto lease = db().lease();
    long long audits = 0;
    *lease << "SELECT COUNT(*) FROM admin_audit_log WHERE item_type = 'media' AND action = 'delete' AND item_id = :i",
        soci::use(std::to_string(failed)), soci::into(audits);
    EXPECT_EQ(audits, 1);
  }

  // Still named by a fragment: refused, with what to do.
  const auto used = failed_id("gebruikt.jpg");
  {
    auto lease = db().lease();
    long long id = used;
    *lease << "INSERT INTO fragments (slug, title, audio_path, duration_ms, published_at, audio_media_id) "
              "VALUES ('f', 'Fragment', 'x.mp3', 1000, 0, :m)",
        soci::use(id);
  }
  const auto in_use = send("DELETE", "/api/admin/media/" + std::to_string(used), "", redacteur);
  EXPECT_EQ(in_use.status, 409U) << in_use.body;
  EXPECT_EQ(std::string(in_use.json_body().at("error").at("code").as_string()), "in_use");
  EXPECT_NE(in_use.error_message().find("nog gebruikt"), std::string::npos);

  // A ready image is not deleted here.
  const auto png = save(gradient(64, 48).get(), ".png");
  auto ready = send("POST", "/api/admin/media/images?name=goed.png", png, redacteur);
  ASSERT_EQ(ready.status, 202U) << ready.body;
  const auto ready_id = wait_ready(redacteur, media_of(ready).at("id").as_int64()).at("id").as_int64();
  const auto refused = send("DELETE", "/api/admin/media/" + std::to_string(ready_id), "", redacteur);
  EXPECT_EQ(refused.status, 409U) << refused.body;
  EXPECT_EQ(std::string(refused.json_body().at("error").at("code").as_string()), "not_removable");
}

TEST_P(MediaUploads, AForgedOrUnknownSessionIsRefusedBeforeTheBodyIsWritten) {
  const auto png = save(gradient(64, 48).get(), ".png");
  const auto redacteur = account("redacteur@ether.local", admin::Role::redacteur);
  const Login forged{std::string(64, 'a'), "csrf"};
  const auto incoming = root_ / "uploads" / "incoming";

  // A forged cookie with the site's Origin and a large Content-Length: 401 before any body byte.
  const std::string big(kImageLimit, 'x');
  auto with_length = send("POST", "/api/admin/media/images?name=a.png", big, forged);
  EXPECT_EQ(with_length.status, 401U) << with_length.body;
  EXPECT_NE(with_length.error_message().find("Laad de pagina opnieuw"), std::string::npos) << with_length.body;
  EXPECT_EQ(files_in(incoming), 0U);
  // Chunked: the first chunk is refused; the connection is held open with more to come, so that a
  // file written for it would still be there when the answer arrives.
  const int fd =
      start_upload(server_->port(),
                   "POST /api/admin/media/audio HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server_->port()) +
                       "\r\nTransfer-Encoding: chunked\r\nOrigin: " + origin() +
                       "\r\nCookie: ether_session=" + forged.cookie + "\r\n\r\n",
                   "10000\r\n" + std::string(0x10000, 'y') + "\r\n");
  const auto received = read_head(fd);
  EXPECT_TRUE(received.starts_with("HTTP/1.1 401")) << received;
  EXPECT_EQ(files_in(incoming), 0U);
  ::close(fd);

  // A live session that this process has not seen (a restart): reload the page, whose first API
  // call makes it known, and the upload goes.
  admin::SessionCache::instance().forget(admin::sha256_hex(redacteur.cookie));
  auto unknown = send("POST", "/api/admin/media/images?name=a.png", big, redacteur);
  EXPECT_EQ(unknown.status, 401U) << unknown.body;
  EXPECT_EQ(files_in(incoming), 0U);
  EXPECT_EQ(send("GET", "/api/admin/session", "", redacteur).status, 200U);
  auto known = send("POST", "/api/admin/media/images?name=a.png", png, redacteur);
  EXPECT_EQ(known.status, 202U) << known.body;
  // Its file waits in the incoming folder until the background job has read it.
  EXPECT_TRUE(library_->wait_idle(std::chrono::seconds(90)));

  // After logout the cookie writes nothing again.
  EXPECT_EQ(send("DELETE", "/api/admin/session", "", redacteur).status, 204U);
  auto after_logout = send("POST", "/api/admin/media/images?name=b.png", big, redacteur);
  EXPECT_EQ(after_logout.status, 401U) << after_logout.body;
  EXPECT_EQ(files_in(incoming), 0U);

  // An account that must still choose its password may not upload: 403, before the body.
  auto created =
      admin::create_account(db(), "nieuw@ether.local", "Nieuw", admin::Role::redacteur, kNow, admin::kMinimumCost);
  auto login = send("POST", "/api/admin/session",
                    json::serialize(json::object{{"email", "nieuw@ether.local"}, {"password", created.password}}), {});
  ASSERT_EQ(login.status, 200U) << login.body;
  const auto cookie = login.header("Set-Cookie");
  const Login fresh{cookie.substr(cookie.find('=') + 1, 64),
                    std::string(login.json_body().at("csrfToken").as_string())};
  auto must_change = send("POST", "/api/admin/media/images?name=c.png", big, fresh);
  EXPECT_EQ(must_change.status, 403U) << must_change.body;
  EXPECT_EQ(must_change.error_message(), "Kies eerst een nieuw wachtwoord.");
  EXPECT_EQ(files_in(incoming), 0U);

  // An account switched off by a beheerder: its session ends, the next upload gets 401.
  const auto beheerder = account("beheerder@ether.local", admin::Role::beheerder);
  const auto editor = account("eindredacteur@ether.local", admin::Role::eindredacteur);
  long long editor_id = 0;
  {
    auto lease = db().lease();
    *lease << "SELECT id FROM admin_users WHERE email_key = 'eindredacteur@ether.local'", soci::into(editor_id);
  }
  EXPECT_EQ(send("POST", "/api/admin/media/images?name=d.png", png, editor).status, 202U);
  auto off = send("PATCH", "/api/admin/users/" + std::to_string(editor_id), R"({"active":false})", beheerder);
  ASSERT_EQ(off.status, 200U) << off.body;
  auto switched_off = send("POST", "/api/admin/media/images?name=d.png", big, editor);
  EXPECT_EQ(switched_off.status, 401U) << switched_off.body;

  EXPECT_TRUE(library_->wait_idle(std::chrono::seconds(90)));
  EXPECT_EQ(files_in(incoming), 0U);
  long long rows = -1;
  {
    auto lease = db().lease();
    *lease << "SELECT COUNT(*) FROM media", soci::into(rows);
  }
  EXPECT_EQ(rows, 2);  // the two uploads of live sessions (the second a duplicate of the first)
}

TEST_P(MediaUploads, UploadsInFlightAreCapped) {
  const auto png = save(gradient(64, 48).get(), ".png");
  const auto redacteur = account("redacteur@ether.local", admin::Role::redacteur);
  const auto incoming = root_ / "uploads" / "incoming";
  const std::string head =
      "POST /api/admin/media/images?name=a.png HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server_->port()) +
      "\r\n"
      "Content-Length: 1000\r\nOrigin: " +
      origin() + "\r\nCookie: ether_session=" + redacteur.cookie + "\r\nX-CSRF-Token: " + redacteur.csrf + "\r\n\r\n";
  std::vector<int> open;
  open.reserve(static_cast<std::size_t>(kCaps.in_all));
  for (int i = 0; i < kCaps.in_all; ++i) open.push_back(start_upload(server_->port(), head, "0123456789"));
  // Each body in flight has its file in the incoming folder.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (files_in(incoming) < open.size() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(files_in(incoming), open.size());
  auto busy = send("POST", "/api/admin/media/images?name=b.png", png, redacteur);
  EXPECT_EQ(busy.status, 429U) << busy.body;
  EXPECT_EQ(busy.header("Retry-After"), std::to_string(admin::kUploadsRetryAfterSeconds));
  EXPECT_NE(busy.error_message().find("te veel bestanden tegelijk"), std::string::npos) << busy.body;
  EXPECT_EQ(files_in(incoming), open.size());

  // One body finished: its slot comes free and the next upload goes.
  ASSERT_EQ(::send(open.front(), std::string(990, 'z').data(), 990, MSG_NOSIGNAL), 990);
  EXPECT_TRUE(read_head(open.front()).starts_with("HTTP/1.1 202")) << "the first upload finished";
  auto after = send("POST", "/api/admin/media/images?name=b.png", png, redacteur);
  EXPECT_EQ(after.status, 202U) << after.body;

  // Connections that go away free theirs too.
  for (int fd : open) ::close(fd);
  const auto free_by = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (uploads_->uploads_in_flight() > 0 && std::chrono::steady_clock::now() < free_by) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(uploads_->uploads_in_flight(), 0);
  EXPECT_TRUE(library_->wait_idle(std::chrono::seconds(90)));
  EXPECT_EQ(files_in(incoming), 0U);
}

TEST(UploadSlots, CapsEachAddressAndTheWhole) {
  UploadSlots slots(UploadCaps{.per_address = 2, .in_all = 3});
  auto a1 = slots.take("192.0.2.1");
  auto a2 = slots.take("192.0.2.1");
  ASSERT_TRUE(a1 && a2);
  EXPECT_FALSE(slots.take("192.0.2.1")) << "a third of one address";
  auto b1 = slots.take("192.0.2.2");
  ASSERT_TRUE(b1);
  EXPECT_FALSE(slots.take("192.0.2.3")) << "a fourth in all";
  EXPECT_FALSE(slots.take("")) << "an unknown address counts in all";
  EXPECT_EQ(slots.in_flight(), 3);
  a1.reset();
  EXPECT_EQ(slots.in_flight(), 2);
  auto c1 = slots.take("192.0.2.3");
  EXPECT_TRUE(c1);
  EXPECT_FALSE(slots.take("192.0.2.1"));
  a2.reset();
  b1.reset();
  EXPECT_TRUE(slots.take("192.0.2.1")) << "the address is free again";
}

TEST_P(MediaUploads, AJpegWithExifBecomesWebpSizesWithoutItStoredOnce) {
  const auto jpeg = jpeg_with_exif(1200, 800);
  {
    auto input = decode(jpeg);
    ASSERT_TRUE(has_exif(input.get())) << "the test picture must carry EXIF";
    ASSERT_TRUE(has_artist(input.get()));
    ASSERT_NE(jpeg.find(kSecretArtist), std::string::npos);
  }
  const auto redacteur = account("redacteur@ether.local", admin::Role::redacteur);
  auto uploaded = send("POST", "/api/admin/media/images?name=strand%20foto.jpg", jpeg, redacteur);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  const auto id = media_of(uploaded).at("id").as_int64();
  EXPECT_EQ(media_of(uploaded).at("status"), "processing");

  auto item = wait_ready(redacteur, id);
  EXPECT_EQ(item.at("status"), "ready") << json::serialize(item);
  EXPECT_EQ(item.at("progress"), 100);
  EXPECT_EQ(item.at("width"), 1200);
  EXPECT_EQ(item.at("height"), 800);
  EXPECT_EQ(item.at("name"), "strand foto.jpg");
  EXPECT_EQ(item.at("mimeType"), "image/webp");
  const std::string url(item.at("url").as_string());
  ASSERT_NE(url.find("{format}"), std::string::npos) << url;

  // Every preset size is there as WebP, with the asked size and no EXIF.
  for (VariantSize size : {VariantSize{564, 424}, VariantSize{256, 192}, VariantSize{88, 88}, VariantSize{1080, 0}}) {
    auto target = url;
    target.replace(target.find("{format}"), 8, variant_name(size));
    auto file = send("GET", target, "", std::nullopt);
    ASSERT_EQ(file.status, 200U) << target;
    EXPECT_EQ(file.header("Content-Type"), "image/webp");
    EXPECT_EQ(file.header("Cache-Control"), "public, max-age=31536000, immutable");
    EXPECT_EQ(file.body.substr(8, 4), "WEBP");
    EXPECT_EQ(file.body.find(kSecretArtist), std::string::npos);
    auto image = decode(file.body);
    EXPECT_EQ(vips_image_get_width(image.get()), size.width);
    EXPECT_EQ(vips_image_get_height(image.get()), size.height == 0 ? 720 : size.height);
    EXPECT_FALSE(has_artist(image.get())) << target;
  }
  auto original = send("GET", std::string(item.at("originalUrl").as_string()), "", std::nullopt);
  ASSERT_EQ(original.status, 200U);
  EXPECT_FALSE(has_artist(decode(original.body).get()));
  EXPECT_EQ(original.body.find(kSecretArtist), std::string::npos);
  // Sizes that no preset has, and paths outside the stored files, are not served.
  auto odd = url;
  odd.replace(odd.find("{format}"), 8, "h_425,w_564,c_north");
  EXPECT_EQ(send("GET", odd, "", std::nullopt).status, 404U);
  EXPECT_EQ(send("GET", "/uploads/incoming/x.upload", "", std::nullopt).status, 404U);

  // The same bytes again: once read, its id answers with the same item, stored once.
  auto again = send("POST", "/api/admin/media/images?name=kopie.jpg", jpeg, redacteur);
  ASSERT_EQ(again.status, 202U) << again.body;
  EXPECT_EQ(wait_ready(redacteur, media_of(again).at("id").as_int64()).at("id").as_int64(), id);
  auto library = send("GET", "/api/admin/media?kind=image", "", redacteur);
  ASSERT_EQ(library.status, 200U) << library.body;
  EXPECT_EQ(library.json_body().at("total"), 1);
  EXPECT_EQ(library.json_body().at("items").as_array().size(), 1U);
  std::size_t stored = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(root_ / "uploads" / "images")) ++stored;
  EXPECT_EQ(stored, 1U);
  EXPECT_EQ(files_in(root_ / "uploads" / "incoming"), 0U);

  // A PNG is an image too.
  auto png = send("POST", "/api/admin/media/images?name=logo.png", save(gradient(300, 300).get(), ".png"), redacteur);
  ASSERT_EQ(png.status, 202U) << png.body;
  EXPECT_EQ(wait_ready(redacteur, media_of(png).at("id").as_int64()).at("status"), "ready");
}

TEST_P(MediaUploads, TheFocalPointMovesTheCrops) {
  const auto redacteur = account("redacteur@ether.local", admin::Role::redacteur);
  auto uploaded = send("POST", "/api/admin/media/images", save(gradient(1600, 600).get(), ".jpg"), redacteur);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  const auto id = media_of(uploaded).at("id").as_int64();
  auto centred = wait_ready(redacteur, id);
  const std::string path = "/api/admin/media/" + std::to_string(id) + "/focal-point";
  EXPECT_EQ(send("PUT", path, R"({"x":1.5,"y":0.5})", redacteur).status, 400U);
  EXPECT_EQ(send("PUT", path, R"({"x":0.9})", redacteur).status, 400U);
  EXPECT_EQ(send("PUT", path, R"({"x":0.9,"y":0.5})", std::nullopt).status, 401U);
  auto moved = send("PUT", path, R"({"x":0.9,"y":0.5})", redacteur);
  ASSERT_EQ(moved.status, 200U) << moved.body;
  auto item = wait_ready(redacteur, id);
  EXPECT_EQ(item.at("status"), "ready");
  EXPECT_DOUBLE_EQ(item.at("focalPoint").at("x").as_double(), 0.9);
  EXPECT_NE(item.at("url"), centred.at("url"));
  auto crop = [&](const json::object& of) {
    auto target = std::string(of.at("url").as_string());
    target.replace(target.find("{format}"), 8, "h_88,w_88,c_north");
    auto answer = send("GET", target, "", std::nullopt);
    EXPECT_EQ(answer.status, 200U) << target;
    auto image = decode(answer.body);
    double red = 0;
    VipsImage* band = nullptr;
    vips_extract_band(image.get(), &band, 0, nullptr);
    VipsPtr owned(band);
    vips_avg(owned.get(), &red, nullptr);
    return red;
  };
  // The red channel grows to the right: a crop around x = 0.9 is redder than one in the centre.
  EXPECT_GT(crop(item), crop(centred) + 60);
  // The audit log has the upload and the change.
  long long audit_rows = 0;
  {
    auto lease = db().lease();
    *lease << "SELECT COUNT(*) FROM admin_audit_log WHERE item_type = 'media'", soci::into(audit_rows);
  }
  EXPECT_EQ(audit_rows, 2);
}

// Issue 54: a library picture keeps its credit and caption (PUT .../details), answered with the
// item everywhere, checked (trimmed, at most 300 characters, no control characters, both strings),
// audited, and kept when the background makes new sizes for a moved focal point.
TEST_P(MediaUploads, APictureKeepsItsCreditAndCaption) {
  const auto redacteur = account("redacteur@ether.local", admin::Role::redacteur);
  auto uploaded =
      send("POST", "/api/admin/media/images?name=strand.png", save(gradient(640, 480).get(), ".png"), redacteur);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  const auto id = media_of(uploaded).at("id").as_int64();
  EXPECT_EQ(media_of(uploaded).at("credit"), "");
  EXPECT_EQ(media_of(uploaded).at("caption"), "");
  ASSERT_EQ(wait_ready(redacteur, id).at("status"), "ready");
  const std::string path = "/api/admin/media/" + std::to_string(id) + "/details";
  const std::string body = R"({"credit":"Foto: Anna de Vries","caption":"Het strand bij Zandvoort"})";

  // Who may not change it.
  EXPECT_EQ(send("PUT", path, body, std::nullopt).status, 401U);
  EXPECT_EQ(send("PUT", path, body, redacteur, "https://evil.example").status, 403U);
  EXPECT_EQ(send("PUT", path, body, Login{redacteur.cookie, "wrong-csrf-token"}).status, 403U);

  // Stored trimmed, answered, and there on every later read.
  auto saved =
      send("PUT", path, R"({"credit":"  Foto: Anna de Vries\t","caption":" Het strand bij Zandvoort "})", redacteur);
  ASSERT_EQ(saved.status, 200U) << saved.body;
  EXPECT_EQ(media_of(saved).at("id").as_int64(), id);
  EXPECT_EQ(media_of(saved).at("credit"), "Foto: Anna de Vries");
  EXPECT_EQ(media_of(saved).at("caption"), "Het strand bij Zandvoort");
  auto read = wait_ready(redacteur, id);
  EXPECT_EQ(read.at("credit"), "Foto: Anna de Vries");
  EXPECT_EQ(read.at("caption"), "Het strand bij Zandvoort");
  auto listed = send("GET", "/api/admin/media?kind=image", "", redacteur);
  ASSERT_EQ(listed.status, 200U) << listed.body;
  EXPECT_EQ(listed.json_body().at("items").at(0).at("credit"), "Foto: Anna de Vries");
  EXPECT_EQ(listed.json_body().at("items").at(0).at("caption"), "Het strand bij Zandvoort");

  // Refused, each with a Dutch message, and nothing stored.
  auto refused = [&](const std::string& bad, const std::string& code, const std::string& says) {
    auto answer = send("PUT", path, bad, redacteur);
    EXPECT_EQ(answer.status, 400U) << bad << ": " << answer.body;
    if (answer.status != 400U) return;
    EXPECT_EQ(std::string(answer.json_body().at("error").at("code").as_string()), code) << bad;
    EXPECT_NE(answer.error_message().find(says), std::string::npos) << bad << ": " << answer.body;
  };
  std::string accents;
  for (std::size_t i = 0; i < admin::kMaxMediaDetailLength; ++i) accents += "\u00e9";
  const std::string too_long = "details_too_long";
  const std::string control = "details_control_characters";
  const std::string unreadable = "bad_details";
  refused(R"({"credit":")" + std::string(admin::kMaxMediaDetailLength + 1, 'a') + R"(","caption":""})", too_long,
          "Maak de fotograaf of bron korter: hoogstens 300 tekens.");
  refused(R"({"credit":"","caption":")" + accents + R"(e"})", too_long,
          "Maak het bijschrift korter: hoogstens 300 tekens.");
  refused(R"({"credit":"Anna\u0007","caption":""})", control, "stuurtekens (zoals een regeleinde) in de fotograaf");
  refused(R"({"credit":"","caption":"Twee\nregels"})", control, "stuurtekens (zoals een regeleinde) in het bijschrift");
  refused(R"({"credit":"","caption":"C1 \u0085"})", control, "stuurtekens (zoals een regeleinde) in het bijschrift");
  refused(R"({"credit":"Anna"})", unreadable, "Geef een fotograaf of bron en een bijschrift");
  refused(R"({"credit":42,"caption":""})", unreadable, "Geef een fotograaf of bron en een bijschrift");
  refused(R"({"credit":"Anna","caption":null})", unreadable, "Geef een fotograaf of bron en een bijschrift");
  refused("geen json", unreadable, "Geef een fotograaf of bron en een bijschrift");
  read = wait_ready(redacteur, id);
  EXPECT_EQ(read.at("credit"), "Foto: Anna de Vries");
  EXPECT_EQ(read.at("caption"), "Het strand bij Zandvoort");

  // Three hundred characters is not too long, though it is 600 bytes of UTF-8.
  auto longest = send("PUT", path, R"({"credit":"","caption":")" + accents + R"("})", redacteur);
  ASSERT_EQ(longest.status, 200U) << longest.body;
  EXPECT_EQ(media_of(longest).at("credit"), "");
  EXPECT_EQ(media_of(longest).at("caption").as_string().size(), 2 * admin::kMaxMediaDetailLength);

  // Unknown items.
  EXPECT_EQ(send("PUT", "/api/admin/media/999999/details", body, redacteur).status, 404U);
  EXPECT_EQ(send("PUT", "/api/admin/media/abc/details", body, redacteur).status, 404U);

  // A moved focal point makes new sizes in the background; the words stay.
  ASSERT_EQ(send("PUT", path, body, redacteur).status, 200U);
  ASSERT_EQ(
      send("PUT", "/api/admin/media/" + std::to_string(id) + "/focal-point", R"({"x":0.2,"y":0.3})", redacteur).status,
      200U);
  read = wait_ready(redacteur, id);
  EXPECT_EQ(read.at("status"), "ready");
  EXPECT_EQ(read.at("credit"), "Foto: Anna de Vries");
  EXPECT_EQ(read.at("caption"), "Het strand bij Zandvoort");

  // The same words again change nothing; each change is in the audit log with what it was.
  ASSERT_EQ(send("PUT", path, body, redacteur).status, 200U);
  long long updates = 0;
  std::string changes;
  {
    auto lease = db().lease();
    *lease << "SELECT COUNT(*) FROM admin_audit_log WHERE item_type = 'media' AND action = 'update' AND item_id = :i",
        soci::use(std::to_string(id)), soci::into(updates);
    *lease << "SELECT changes FROM admin_audit_log WHERE item_type = 'media' AND action = 'update' AND item_id = :i "
              "ORDER BY id LIMIT 1",
        soci::use(std::to_string(id)), soci::into(changes);
  }
  EXPECT_EQ(updates, 4);  // the first words, the longest caption, the words back, the focal point
  EXPECT_NE(changes.find("Foto: Anna de Vries"), std::string::npos) << changes;
}

TEST_P(MediaUploads, AudioBecomesLoudnessNormalisedMp3WithItsDuration) {
  const auto ffmpeg = std::string("ffmpeg");
  const auto wav = root_ / "quiet.wav";
  std::filesystem::create_directories(root_);
  // 7 s of a quiet tone (about -35 LUFS), as a WAV file.
  const auto made = test::run_command(ffmpeg +
                                      " -hide_banner -loglevel error -y -f lavfi -i "
                                      "sine=frequency=440:sample_rate=44100:duration=7 -af volume=-30dB "
                                      "-ac 1 " +
                                      wav.string() + " 2>&1; echo rc=$?");
  ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
  const auto editor = account("eindredacteur@ether.local", admin::Role::eindredacteur);
  auto uploaded = send("POST", "/api/admin/media/audio?name=fragment.wav", test::file_bytes(wav), editor);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  const auto id = media_of(uploaded).at("id").as_int64();
  auto item = wait_ready(editor, id);
  ASSERT_EQ(item.at("status"), "ready") << json::serialize(item);
  EXPECT_EQ(item.at("mimeType"), "audio/mpeg");
  EXPECT_NEAR(static_cast<double>(item.at("durationMs").as_int64()), 7000.0, 120.0);
  EXPECT_EQ(item.at("durationSeconds"), 7);
  EXPECT_NEAR(item.at("loudnessLufs").as_double(), -16.0, 1.0);

  // Audio that no item on the site plays is an editor's only (issue 35).
  EXPECT_EQ(send("GET", std::string(item.at("url").as_string()), "", std::nullopt).status, 404U);
  auto file = send("GET", std::string(item.at("url").as_string()), "", editor);
  ASSERT_EQ(file.status, 200U);
  EXPECT_EQ(file.header("Content-Type"), "audio/mpeg");
  EXPECT_EQ(static_cast<std::int64_t>(file.body.size()), item.at("sizeBytes").as_int64());
  const auto mp3 = root_ / "result.mp3";
  std::ofstream(mp3, std::ios::binary) << file.body;
  // Measured independently: an MP3 of 7 s at about -16 LUFS integrated (EBU R128).
  const auto codec = test::run_command(
      "ffprobe -v error -select_streams a:0 -show_entries stream=codec_name "
      "-of default=nw=1:nk=1 " +
      mp3.string());
  EXPECT_EQ(codec, "mp3\n");
  const auto loudness = test::run_command("ffmpeg -hide_banner -nostats -i " + mp3.string() +
                                          " -af ebur128 -f null - 2>&1 | grep -A1 'Integrated loudness' | "
                                          "sed -n 's/.*I: *\\(-*[0-9.]*\\) LUFS.*/\\1/p' | tail -1");
  ASSERT_FALSE(loudness.empty());
  EXPECT_NEAR(std::stod(loudness), -16.0, 1.0) << loudness;
  const auto input_loudness = test::run_command("ffmpeg -hide_banner -nostats -i " + wav.string() +
                                                " -af ebur128 -f null - 2>&1 | grep -A1 'Integrated loudness' | "
                                                "sed -n 's/.*I: *\\(-*[0-9.]*\\) LUFS.*/\\1/p' | tail -1");
  EXPECT_LT(std::stod(input_loudness), -30.0) << "the input must be quiet for the test to mean something";

  // A file with only a picture in it is not audio.
  auto picture = send("POST", "/api/admin/media/audio", save(gradient(32, 32).get(), ".jpg"), editor);
  ASSERT_EQ(picture.status, 202U) << picture.body;
  auto refused = wait_ready(editor, media_of(picture).at("id").as_int64());
  EXPECT_EQ(refused.at("status"), "failed");
  EXPECT_NE(std::string(refused.at("error").as_string()).find("geen audio"), std::string::npos);
}

// An upload that names other files (an HLS playlist, a concat list) must not make ffmpeg read them:
// else any editor reads the server's media files through the library (issue 35).
TEST_P(MediaUploads, APlaylistNamingFilesOnTheServerIsRefusedUnread) {
  const auto incoming = root_ / "uploads" / "incoming";
  std::filesystem::create_directories(incoming);
  // A "secret" MP3 on the server's disk, one beside the uploads in flight (a concat list may name
  // files in its own folder).
  const auto secret = root_ / "secret.mp3";
  const auto made = test::run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=frequency=550:sample_rate=44100:duration=20 -ac 1 " +
      secret.string() + " && cp " + secret.string() + " " + (incoming / "neighbour.mp3").string() +
      " 2>&1; echo rc=$?");
  ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
  const auto editor = account("redacteur@ether.local", admin::Role::redacteur);
  const std::vector<std::pair<std::string, std::string>> uploads{
      {"hls", "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:20\n#EXTINF:20.0,\nfile://" + secret.string() +
                  "\n#EXTINF:20.0,\nfile://" + secret.string() + "\n#EXT-X-ENDLIST\n"},
      {"concat", "ffconcat version 1.0\nfile neighbour.mp3\nfile neighbour.mp3\n"},
  };
  for (const auto& [kind, body] : uploads) {
    SCOPED_TRACE(kind);
    auto uploaded = send("POST", "/api/admin/media/audio?name=x.mp3", body, editor);
    ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
    auto item = wait_ready(editor, media_of(uploaded).at("id").as_int64());
    EXPECT_EQ(item.at("status"), "failed") << json::serialize(item);
    const auto* error = item.if_contains("error");
    const std::string message = error != nullptr && error->is_string() ? std::string(error->get_string()) : "";
    EXPECT_NE(message.find("geen audio"), std::string::npos) << json::serialize(item);
  }
  const auto audio = root_ / "uploads" / "audio";
  EXPECT_TRUE(!std::filesystem::exists(audio) || files_in(audio) == 0U) << "a playlist's files were published";
}

// Confined to plain audio demuxers with -f forced, the usual formats still become MP3.
TEST_P(MediaUploads, CommonAudioFormatsStillBecomeMp3) {
  std::filesystem::create_directories(root_);
  const auto editor = account("redacteur@ether.local", admin::Role::redacteur);
  for (const std::string extension : {"m4a", "ogg", "flac", "aac", "webm"}) {
    SCOPED_TRACE(extension);
    const auto file = root_ / ("tone." + extension);
    const auto made = test::run_command(
        "ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=frequency=330:sample_rate=44100:duration=2 " +
        file.string() + " 2>&1; echo rc=$?");
    ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
    auto uploaded = send("POST", "/api/admin/media/audio?name=toon." + extension, test::file_bytes(file), editor);
    ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
    auto item = wait_ready(editor, media_of(uploaded).at("id").as_int64());
    EXPECT_EQ(item.at("status"), "ready") << json::serialize(item);
    EXPECT_EQ(item.at("durationSeconds"), 2) << json::serialize(item);
  }
}

// Issue 36: a damaged audio file is decoded in full once at upload and refused, rather than stored
// with a hole in it (ffmpeg's loudness passes skip frames that do not decode). The MP3 keeps every
// frame header, so ffprobe still finds its audio; a byte inside every few frames' data is flipped.
TEST_P(MediaUploads, AnAudioFileWithFramesThatDoNotDecodeEndsFailedWithADutchMessage) {
  std::filesystem::create_directories(root_);
  const auto mp3 = root_ / "damaged.mp3";
  const auto made = test::run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=frequency=440:sample_rate=44100:duration=20 "
      "-c:a libmp3lame -b:a 128k " +
      mp3.string() + " 2>&1; echo rc=$?");
  ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
  auto bytes = test::file_bytes(mp3);
  for (std::size_t at = 5000; at + 5000 < bytes.size(); at += 417) {
    bytes[at + 10] = static_cast<char>(static_cast<unsigned char>(bytes[at + 10]) ^ 0xFFU);
  }
  const auto editor = account("eindredacteur@ether.local", admin::Role::eindredacteur);
  auto uploaded = send("POST", "/api/admin/media/audio?name=beschadigd.mp3", bytes, editor);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  auto item = wait_ready(editor, media_of(uploaded).at("id").as_int64());
  EXPECT_EQ(item.at("status"), "failed") << json::serialize(item);
  ASSERT_TRUE(item.at("error").is_string()) << json::serialize(item);
  EXPECT_EQ(item.at("error"),
            "Dit audiobestand is beschadigd: een deel ervan kan niet worden afgespeeld. Exporteer of download het "
            "opnieuw en upload het dan weer.");
  const auto audio = root_ / "uploads" / "audio";
  EXPECT_TRUE(!std::filesystem::exists(audio) || files_in(audio) == 0U) << "a damaged file is not stored";

  // The same tone undamaged is stored, as before.
  auto whole = send("POST", "/api/admin/media/audio?name=heel.mp3", test::file_bytes(mp3), editor);
  ASSERT_EQ(whole.status, 202U) << whole.body;
  EXPECT_EQ(wait_ready(editor, media_of(whole).at("id").as_int64()).at("status"), "ready");
}

// Issue 36: at start the server reads every ready audio item's stored MP3 once; one that is gone or
// cut short is marked broken where the editor sees it (the media list, with a Dutch message), and
// is ready again once its file is whole.
TEST_P(MediaUploads, StoredAudioFoundMissingOrCutShortAtStartIsMarkedBroken) {
  std::filesystem::create_directories(root_);
  const auto editor = account("eindredacteur@ether.local", admin::Role::eindredacteur);
  std::vector<std::int64_t> ids;
  for (const std::string frequency : {"330", "440"}) {
    const auto wav = root_ / ("tone-" + frequency + ".wav");
    const auto made =
        test::run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=frequency=" + frequency +
                          ":sample_rate=44100:duration=12 -ac 1 " + wav.string() + " 2>&1; echo rc=$?");
    ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
    auto uploaded =
        send("POST", "/api/admin/media/audio?name=toon-" + frequency + ".wav", test::file_bytes(wav), editor);
    ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
    const auto id = media_of(uploaded).at("id").as_int64();
    ASSERT_EQ(wait_ready(editor, id).at("status"), "ready");
    ids.push_back(id);
  }
  EXPECT_EQ(library_->check_stored_audio(), 0);

  const auto stored = [&](std::int64_t id) {
    return root_ / "uploads" / "audio" /
           (std::string(wait_ready(editor, id).at("url").as_string()).substr(std::string("/uploads/audio/").size()));
  };
  const auto cut = stored(ids[0]);
  const auto whole = test::file_bytes(cut);
  std::filesystem::resize_file(cut, 24 * 1024);  // about 1.5 s of its 12 s
  const auto gone = stored(ids[1]);
  const auto kept = root_ / "kept.mp3";
  std::filesystem::rename(gone, kept);

  EXPECT_EQ(library_->check_stored_audio(), 2);
  auto cut_item = wait_ready(editor, ids[0]);
  EXPECT_EQ(cut_item.at("status"), "broken") << json::serialize(cut_item);
  EXPECT_EQ(cut_item.at("error"), "Beschadigd: van de 0:12 is op de server nog maar 0:01 over. Upload het opnieuw.");
  auto gone_item = wait_ready(editor, ids[1]);
  EXPECT_EQ(gone_item.at("status"), "broken");
  EXPECT_EQ(gone_item.at("error"), "Beschadigd: het audiobestand ontbreekt op de server. Upload het opnieuw.");
  // The media list an editor sees shows both as they are.
  auto list = send("GET", "/api/admin/media?kind=audio", "", editor);
  ASSERT_EQ(list.status, 200U) << list.body;
  std::size_t broken_listed = 0;
  for (const auto& item : list.json_body().at("items").as_array()) {
    broken_listed += item.at("status") == "broken" ? 1U : 0U;
  }
  EXPECT_EQ(broken_listed, 2U) << list.body;

  // Whole again (a restore): ready again at the next check.
  std::ofstream(cut, std::ios::binary | std::ios::trunc) << whole;
  std::filesystem::rename(kept, gone);
  EXPECT_EQ(library_->check_stored_audio(), 0);
  EXPECT_EQ(wait_ready(editor, ids[0]).at("status"), "ready");
  auto restored = wait_ready(editor, ids[1]);
  EXPECT_EQ(restored.at("status"), "ready");
  EXPECT_TRUE(restored.at("error").is_null()) << json::serialize(restored);
}

class ShortMediaUploads : public MediaUploads {
 protected:
  ShortMediaUploads() : MediaUploads(true, 3) {}
};

TEST_P(ShortMediaUploads, AudioLongerThanTheLimitIsRefused) {
  std::filesystem::create_directories(root_);
  const auto wav = root_ / "long.wav";
  const auto made = test::run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=frequency=440:sample_rate=44100:duration=6 -ac 1 " +
      wav.string() + " 2>&1; echo rc=$?");
  ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
  const auto editor = account("eindredacteur@ether.local", admin::Role::eindredacteur);
  auto uploaded = send("POST", "/api/admin/media/audio?name=lang.wav", test::file_bytes(wav), editor);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  auto item = wait_ready(editor, media_of(uploaded).at("id").as_int64());
  EXPECT_EQ(item.at("status"), "failed") << json::serialize(item);
  EXPECT_EQ(item.at("error"),
            "Dit audiobestand is te lang: hoogstens 3 seconden per bestand. Knip het eerst in delen.");
  const auto audio = root_ / "uploads" / "audio";
  EXPECT_TRUE(!std::filesystem::exists(audio) || files_in(audio) == 0U);
}

// The library's background jobs wait until the test starts them: whatever an answer says, it was
// given before anything read the uploaded file.
class HeldMediaUploads : public MediaUploads {
 protected:
  HeldMediaUploads() : MediaUploads(false) {}
};

TEST_P(HeldMediaUploads, ALargeUploadIsAnsweredBeforeItIsReadAndBecomesReadyLater) {
  const auto wav = root_ / "episode.wav";
  std::filesystem::create_directories(root_);
  // 60 s of a tone as a WAV file: about 5 MB.
  const auto made = test::run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=frequency=330:sample_rate=44100:duration=60 -ac 1 " +
      wav.string() + " 2>&1; echo rc=$?");
  ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
  ASSERT_GT(std::filesystem::file_size(wav), 5'000'000U);
  const auto incoming = root_ / "uploads" / "incoming";
  const auto editor = account("eindredacteur@ether.local", admin::Role::eindredacteur);

  auto uploaded = send("POST", "/api/admin/media/audio?name=aflevering.wav", test::file_bytes(wav), editor);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  const auto id = media_of(uploaded).at("id").as_int64();
  EXPECT_EQ(media_of(uploaded).at("status"), "processing");
  EXPECT_EQ(media_of(uploaded).at("progress"), 0);
  // Not even whether it is an image was looked at: a text file is answered the same way.
  auto text = send("POST", "/api/admin/media/images?name=foto.jpg", "Geen plaatje.\n", editor);
  ASSERT_EQ(text.status, 202U) << text.body;
  EXPECT_EQ(media_of(text).at("status"), "processing");
  EXPECT_EQ(files_in(incoming), 2U) << "both files wait for the background job";
  auto polled = send("GET", "/api/admin/media/" + std::to_string(id), "", editor);
  ASSERT_EQ(polled.status, 200U) << polled.body;
  EXPECT_EQ(media_of(polled).at("status"), "processing");

  library_->start();
  auto item = wait_ready(editor, id);
  ASSERT_EQ(item.at("status"), "ready") << json::serialize(item);
  EXPECT_EQ(item.at("id").as_int64(), id);
  EXPECT_NEAR(static_cast<double>(item.at("durationMs").as_int64()), 60000.0, 200.0);
  auto refused = wait_ready(editor, media_of(text).at("id").as_int64());
  EXPECT_EQ(refused.at("status"), "failed");
  EXPECT_NE(std::string(refused.at("error").as_string()).find("geen afbeelding"), std::string::npos);
  EXPECT_EQ(files_in(incoming), 0U);
}

// Rows left 'processing' by instances that stopped: one of the libraries looking at once takes
// each stale row and finishes it from its uploaded file, or fails it when the file is gone; a row
// another instance is processing (a fresh heartbeat) is left alone.
TEST_P(HeldMediaUploads, RowsLeftProcessingByAStoppedInstanceAreResumedOnce) {
  const auto incoming = root_ / "uploads" / "incoming";
  const auto wav = incoming / "left-audio.audio";
  const auto made = test::run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=frequency=440:sample_rate=44100:duration=3 -ac 1 "
      "-f wav " +
      wav.string() + " 2>&1; echo rc=$?");
  ASSERT_NE(made.find("rc=0"), std::string::npos) << made;
  std::ofstream(incoming / "left-image.image", std::ios::binary) << jpeg_with_exif(640, 480);
  std::ofstream(incoming / "busy-image.image", std::ios::binary) << jpeg_with_exif(320, 240);

  // What a stopped instance left behind, and what a running one is doing.
  auto row = [&](MediaKind kind, const std::string& token, const std::string& owner, std::int64_t heartbeat) {
    auto lease = db().lease();
    MediaRepository media(*lease);
    MediaItem item;
    item.kind = kind;
    item.content_hash = "pending:" + token;
    item.original_name = token;
    item.mime_type = kind == MediaKind::image ? "image/webp" : "audio/mpeg";
    item.created_at = kNow - 600;
    item.updated_at = kNow - 600;
    // A row from before migration 014 names no file: the audio row stands for one.
    if (kind == MediaKind::image) item.source_file = token + "." + std::string(kind_name(kind));
    const auto id = media.insert(item);
    EXPECT_TRUE(media.claim(id, owner, heartbeat, heartbeat + 1));
    return id;
  };
  const auto image = row(MediaKind::image, "left-image", "stopped-instance", kNow - 600);
  const auto audio = row(MediaKind::audio, "left-audio", "stopped-instance", kNow - kStaleSeconds - 1);
  const auto gone = row(MediaKind::image, "gone-image", "stopped-instance", kNow - 600);
  const auto busy = row(MediaKind::image, "busy-image", "running-instance", kNow - 10);

  const MediaOptions options{.root = root_ / "uploads", .max_image_bytes = kImageLimit, .max_audio_bytes = 8ULL << 20};
  MediaLibrary first(db(), options, [] { return kNow; });
  MediaLibrary second(db(), options, [] { return kNow; });
  std::atomic<int> taken_first{0};
  std::atomic<int> taken_second{0};
  {
    std::thread a([&] { taken_first = first.resume_stale(); });
    std::thread b([&] { taken_second = second.resume_stale(); });
    a.join();
    b.join();
  }
  EXPECT_EQ(taken_first + taken_second, 3) << "each stale row is taken by exactly one instance";
  first.start();
  second.start();
  ASSERT_TRUE(first.wait_idle(std::chrono::seconds(90)));
  ASSERT_TRUE(second.wait_idle(std::chrono::seconds(90)));
  EXPECT_EQ(first.resume_stale() + second.resume_stale(), 0);

  auto resumed_image = first.find(image);
  ASSERT_TRUE(resumed_image);
  EXPECT_EQ(resumed_image->status, "ready") << resumed_image->error;
  EXPECT_EQ(resumed_image->width, 640);
  EXPECT_EQ(resumed_image->content_hash.size(), 64U);
  EXPECT_TRUE(std::filesystem::is_regular_file(first.variants_folder(*resumed_image) / "w_540.webp"));
  auto resumed_audio = first.find(audio);
  ASSERT_TRUE(resumed_audio);
  EXPECT_EQ(resumed_audio->status, "ready") << resumed_audio->error;
  EXPECT_NEAR(static_cast<double>(resumed_audio->duration_ms), 3000.0, 120.0);
  EXPECT_TRUE(std::filesystem::is_regular_file(first.audio_file(*resumed_audio)));
  auto failed = first.find(gone);
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->status, "failed");
  EXPECT_NE(failed->error.find("Upload het opnieuw"), std::string::npos) << failed->error;

  auto untouched = first.find(busy);
  ASSERT_TRUE(untouched);
  EXPECT_EQ(untouched->status, "processing");
  EXPECT_TRUE(untouched->content_hash.starts_with("pending:"));
  EXPECT_TRUE(std::filesystem::exists(incoming / "busy-image.image")) << "its instance still needs the file";
  EXPECT_FALSE(std::filesystem::exists(incoming / "left-image.image"));
  EXPECT_FALSE(std::filesystem::exists(wav));
  {
    auto lease = db().lease();
    EXPECT_EQ(MediaRepository(*lease).heartbeat("running-instance", kNow), 1);
  }
}

// A library that stops in the middle keeps the uploaded file and lets go of its rows: the next
// one to start finishes them at once, without waiting for the heartbeat to go stale.
TEST_P(HeldMediaUploads, AStoppedLibraryLeavesItsUploadsForTheNextToFinish) {
  const auto editor = account("eindredacteur@ether.local", admin::Role::eindredacteur);
  auto uploaded = send("POST", "/api/admin/media/images?name=foto.jpg", jpeg_with_exif(320, 240), editor);
  ASSERT_EQ(uploaded.status, 202U) << uploaded.body;
  const auto id = media_of(uploaded).at("id").as_int64();
  library_->stop();  // its job was queued, never run
  EXPECT_EQ(files_in(root_ / "uploads" / "incoming"), 1U);

  MediaLibrary restarted(
      db(), MediaOptions{.root = root_ / "uploads", .max_image_bytes = kImageLimit, .max_audio_bytes = 8ULL << 20},
      [] { return kNow; });
  restarted.start();
  ASSERT_TRUE(restarted.wait_idle(std::chrono::seconds(90)));
  auto item = restarted.find(id);
  ASSERT_TRUE(item);
  EXPECT_EQ(item->status, "ready") << item->error;
  EXPECT_EQ(item->width, 320);
  EXPECT_EQ(files_in(root_ / "uploads" / "incoming"), 0U);
}

INSTANTIATE_TEST_SUITE_P(Backends, MediaUploads, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });
INSTANTIATE_TEST_SUITE_P(Backends, ShortMediaUploads, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });
INSTANTIATE_TEST_SUITE_P(Backends, HeldMediaUploads, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace ether::media
