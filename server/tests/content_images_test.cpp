// The images of content chosen from the media library (content FieldKind::image), end to end on
// the real server with the demo station, on SQLite and, with ETHER_TEST_DATABASE_URL, on
// PostgreSQL: an image made by ffmpeg is uploaded, processed and found by its name; a presenter
// and a programme made with it store the URL of its sizes (whatever size of it the form sent) and
// the alt text, which a content image needs (a Dutch message on the alt field when missing); their
// pages draw it with the srcset and sizes of their §9 presets, every size served, and the alt
// text; JSON-LD names one of its sizes. A logo stores its 1080 px wide size; an image elsewhere
// keeps its URL under the safe-URL rule; a missing library image is refused; a seeded item stored
// without alt text keeps its image when saved.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <regex>
#include <string>

#include "admin/roles.hpp"
#include "content/content_validation.hpp"
#include "support/admin_client.hpp"
#include "support/admin_media.hpp"
#include "support/admin_server.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether::test {
namespace {
namespace json = boost::json;

json::object item_of(const ServerProcess::Answer& answer) { return json::parse(answer.body).at("item").as_object(); }

// The attribute `name` of the first <img> of `html` whose class holds `css_class`.
std::string img_attribute(const std::string& html, const std::string& css_class, const std::string& name) {
  std::smatch img;
  if (!std::regex_search(html, img, std::regex("<img [^>]*class=\"" + css_class + "[^\"]*\"[^>]*>")) &&
      !std::regex_search(html, img, std::regex("<img [^>]*>"))) {
    return "";
  }
  std::smatch value;
  const std::string tag = img[0].str();
  return std::regex_search(tag, value, std::regex(" " + name + "=\"([^\"]*)\"")) ? value[1].str() : "";
}

// The URLs of a srcset ("a 128w, b 256w").
std::vector<std::string> srcset_urls(const std::string& srcset) {
  std::vector<std::string> urls;
  static const std::regex kCandidate("(\\S+) \\d+w");
  for (std::sregex_iterator it(srcset.begin(), srcset.end(), kCandidate), end; it != end; ++it) {
    urls.push_back((*it)[1].str());
  }
  return urls;
}

void content_images_come_from_the_library(const std::string& database_url, const std::vector<std::string>& env) {
  ServerProcess server("content-images", env);
  const auto url = database_url.empty() ? sqlite_url_of(server) : database_url;
  const auto editor = server_login(server, url, "ilse@radio.example", admin::Role::eindredacteur);
  ASSERT_FALSE(editor.cookie.empty());

  // A real 4:3 photo-like image, made by ffmpeg.
  const auto png = server.dir() / "portret-ilse.png";
  ASSERT_NE(run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=s=800x600 -frames:v 1 '" +
                        png.string() + "' 2>&1; echo rc=$?")
                .find("rc=0"),
            std::string::npos);
  const auto image = processed_media(server, editor, upload_media(server, editor, "images", png).at("id").as_int64());
  ASSERT_EQ(image.at("status"), "ready") << json::serialize(image);
  const std::string sizes_url(image.at("url").as_string());
  ASSERT_TRUE(sizes_url.starts_with("/uploads/images/") && sizes_url.ends_with("/{format}.webp")) << sizes_url;

  // The picker's search: by a part of the file name, in any case.
  auto found = server_admin_call(server, "GET", "/api/admin/media?kind=image&q=PORTRET", nullptr, editor);
  ASSERT_EQ(found.status, 200) << found.body;
  EXPECT_EQ(json::parse(found.body).at("total"), 1);
  auto none = server_admin_call(server, "GET", "/api/admin/media?kind=image&q=100%25_zeker", nullptr, editor);
  ASSERT_EQ(none.status, 200) << none.body;
  EXPECT_EQ(json::parse(none.body).at("total"), 0);

  // A presenter with the library image but no alt text: refused on the alt field, in Dutch.
  const std::string presenters = "/api/admin/content/presenters";
  json::object presenter{{"name", "Ilse de Lange"}, {"slug", "ilse-de-lange"}, {"imageUrl", sizes_url}};
  auto refused = server_admin_call(server, "POST", presenters, json::object{{"values", presenter}}, editor);
  ASSERT_EQ(refused.status, 422) << refused.body;
  EXPECT_EQ(field_error(refused, "imageAlt"), content::kAltTextRequired);

  // With it: stored as the URL of its sizes, even when the form sent one size of it.
  presenter["imageUrl"] = image.at("contentUrl");
  presenter["imageAlt"] = "Ilse lacht in de studio, koptelefoon om";
  auto made = server_admin_call(server, "POST", presenters, json::object{{"values", presenter}}, editor);
  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_EQ(item_of(made).at("values").at("imageUrl"), json::value(sizes_url));
  EXPECT_EQ(item_of(made).at("values").at("imageAlt"), "Ilse lacht in de studio, koptelefoon om");

  // A programme with it, and the presenter.
  json::object programme{{"name", "Ilse in de middag"},
                         {"slug", "ilse-in-de-middag"},
                         {"channel", "radio2"},
                         {"imageUrl", sizes_url},
                         {"imageAlt", "Een testbeeld in kleur"},
                         {"presenters", json::array{std::stoll(std::string(item_of(made).at("id").as_string()))}}};
  auto made_programme =
      server_admin_call(server, "POST", "/api/admin/content/programmes", json::object{{"values", programme}}, editor);
  ASSERT_EQ(made_programme.status, 201) << made_programme.body;

  // Their pages draw it in the crops of their presets, with every size served, and the alt text.
  struct Expected {
    std::string path, css_class, alt, first_size;
    std::size_t candidates;
  };
  for (const auto& page : {Expected{"/presentatoren/ilse-de-lange", "detail-header__image",
                                    "Ilse lacht in de studio, koptelefoon om", "h_520,w_520,c_north", 4},
                           Expected{"/programmas/ilse-in-de-middag", "detail-header__image", "Een testbeeld in kleur",
                                    "h_360,w_640,c_north", 3}}) {
    auto html = server.get(page.path);
    ASSERT_EQ(html.status, 200) << page.path;
    const auto src = img_attribute(html.body, page.css_class, "src");
    EXPECT_NE(src.find(page.first_size), std::string::npos) << page.path << ": " << src;
    EXPECT_EQ(img_attribute(html.body, page.css_class, "alt"), page.alt);
    EXPECT_FALSE(img_attribute(html.body, page.css_class, "sizes").empty()) << page.path;
    const auto urls = srcset_urls(img_attribute(html.body, page.css_class, "srcset"));
    EXPECT_EQ(urls.size(), page.candidates) << page.path;
    for (const auto& size_url : urls) {
      EXPECT_TRUE(size_url.starts_with(sizes_url.substr(0, sizes_url.size() - 14))) << size_url;
      auto served = server.get(size_url, "-o /dev/null");
      EXPECT_EQ(served.status, 200) << size_url;
    }
    // JSON-LD names one of its sizes, never the placeholder.
    const auto ld = html.body.find("application/ld+json");
    ASSERT_NE(ld, std::string::npos);
    const auto ld_text = html.body.substr(ld, html.body.find("</script>", ld) - ld);
    EXPECT_EQ(ld_text.find("{format}"), std::string::npos) << ld_text;
    EXPECT_NE(ld_text.find(sizes_url.substr(0, sizes_url.size() - 14) + "/h_"), std::string::npos) << ld_text;
  }

  // A logo is shown whole: its 1080 px wide size; it needs no alt text (its item names it).
  // Broadcasters are station settings: a beheerder's.
  const auto admin = server_login(server, url, "beheer@radio.example", admin::Role::beheerder);
  auto logo = server_admin_call(
      server, "POST", "/api/admin/content/broadcasters",
      json::object{{"values", json::object{{"name", "Omroep Ilse"}, {"slug", "omroep-ilse"}, {"logoUrl", sizes_url}}}},
      admin);
  ASSERT_EQ(logo.status, 201) << logo.body;
  EXPECT_EQ(item_of(logo).at("values").at("logoUrl"), image.at("contentUrl"));

  // An image elsewhere keeps its URL, under the safe-URL rule; a library image that is not there is refused.
  const std::string elsewhere = "https://beelden.example/portretten/kees.jpg";
  json::object other{{"name", "Kees"}, {"slug", "kees"}, {"imageUrl", elsewhere}, {"imageAlt", "Kees"}};
  auto kept = server_admin_call(server, "POST", presenters, json::object{{"values", other}}, editor);
  ASSERT_EQ(kept.status, 201) << kept.body;
  EXPECT_EQ(item_of(kept).at("values").at("imageUrl"), json::value(elsewhere));
  other["slug"] = "kees-twee";
  other["imageUrl"] = "javascript:alert(1)";
  auto unsafe = server_admin_call(server, "POST", presenters, json::object{{"values", other}}, editor);
  ASSERT_EQ(unsafe.status, 422) << unsafe.body;
  EXPECT_EQ(field_error(unsafe, "imageUrl"), "Vul een link in die begint met https:// of /.");
  other["imageUrl"] = "/uploads/images/" + std::string(64, 'a') + "/f500-500/{format}.webp";
  auto missing = server_admin_call(server, "POST", presenters, json::object{{"values", other}}, editor);
  ASSERT_EQ(missing.status, 422) << missing.body;
  EXPECT_NE(field_error(missing, "imageUrl").find("bestaat niet"), std::string::npos) << missing.body;

  // A seeded presenter, stored without alt text, keeps its image when saved unchanged.
  auto seeded = server_admin_call(server, "GET", presenters + "/1", nullptr, editor);
  ASSERT_EQ(seeded.status, 200) << seeded.body;
  const auto seeded_item = item_of(seeded);
  ASSERT_FALSE(seeded_item.at("values").at("imageUrl").as_string().empty());
  auto saved = server_admin_call(
      server, "PUT", presenters + "/1",
      json::object{{"version", seeded_item.at("version")}, {"values", json::object{{"bio", "Een nieuwe bio."}}}},
      editor);
  EXPECT_EQ(saved.status, 200) << saved.body;
}

TEST(ContentImagesServer, ContentImagesComeFromTheLibraryOnSqlite) { content_images_come_from_the_library("", {}); }

const bool registered = register_postgres_tests("ContentImagesServerPostgreSQL", __FILE__,
                                                {{"ContentImagesComeFromTheLibrary", [] {
                                                    FreshPostgresDatabase database("content_images");
                                                    content_images_come_from_the_library(
                                                        database.url(), {"DATABASE_URL=" + database.url()});
                                                  }}});

}  // namespace
}  // namespace ether::test
