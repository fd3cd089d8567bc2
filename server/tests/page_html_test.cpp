// The server-rendered page HTML (render/): pure functions from page data to HTML. Headings, text,
// lists and links of each route family; escaping of stored text; unsafe URLs kept out of hrefs;
// the pagination window; the share image of the head (og:image, Twitter card).

#include "render/page_html.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <set>

#include "http_test_support.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "render/cards.hpp"
#include "render/markup.hpp"
#include "seo/share_image.hpp"
#include "shell/html_shell.hpp"

namespace ether::render {
namespace {

namespace json = boost::json;

json::object site() {
  return json::parse(R"({"name":"Ether","baseUrl":"https://ether.example","defaultChannel":"radio2","channels":[
      {"slug":"radio2","name":"Ether Radio 2","parentSlug":null},
      {"slug":"soulenjazz","name":"Soul & Jazz","parentSlug":"radio2"},
      {"slug":"radio1","name":"Ether Radio 1","parentSlug":null}]})")
      .as_object();
}

pages::PageResult page_of(std::string route, std::string_view data, std::string canonical = "/") {
  pages::PageResult page;
  page.route = std::move(route);
  page.title = "Titel - Ether";
  page.canonical_path = std::move(canonical);
  page.data = json::parse(data).as_object();
  return page;
}

bool has(const std::string& html, std::string_view needle) { return html.find(needle) != std::string::npos; }

constexpr std::string_view kProgramme = R"({"programme":{"slug":"de-ochtendploeg","name":"De Ochtendploeg",
  "channel":{"slug":"radio2","name":"Ether Radio 2"},"summary":"Wakker worden.","description":"Elke ochtend.",
  "imageUrl":"/media/images/programmes/de-ochtendploeg.webp","presenters":[],"schedule":"Ma-vr 06:00-09:00",
  "broadcasters":[]},
  "presenters":[{"slug":"anna","name":"Anna","role":"Presentator","imageUrl":""}],
  "fragments":[{"id":7,"slug":"live","title":"Live in de studio","programme":{"slug":"de-ochtendploeg","name":"De Ochtendploeg"},
    "publishedAt":"2026-11-20T09:00:00Z","durationSeconds":185,"imageUrl":"","audioUrl":"/media/f.mp3","tags":[]}],
  "news":[],"broadcasts":[],"upcoming":[]})";

TEST(PageHtml, ASlotOfAWholeDayReadsHeleDagNotMidnightToMidnight) {
  EXPECT_EQ(render::time_range("2026-11-20T23:00:00Z", "2026-11-21T23:00:00Z"), "hele dag");
  EXPECT_EQ(render::time_range("2026-11-20T23:00:00Z", "2026-11-21T22:59:00Z"), "00:00–23:59");
  EXPECT_EQ(render::time_range("2026-11-21T17:00:00Z", "2026-11-21T23:00:00Z"), "18:00–00:00");
}

TEST(PageHtml, FrameHasTheHeaderNavigationMainAndFooter) {
  auto html = page_html(page_of("programmas", R"({"programmes":[]})", "/programmas"), site(), "/programmas");
  EXPECT_TRUE(html.starts_with("<div class=\"app app--with-player\" data-server-html>"));
  EXPECT_TRUE(has(html, "<a class=\"skip-link\" href=\"#main\">Naar de inhoud</a>"));
  // The phone's menu toggle is a link to the list until the app's button replaces it.
  EXPECT_TRUE(has(html,
                  "<nav aria-label=\"Hoofdmenu\" class=\"main-nav\"><a class=\"main-nav__toggle\" "
                  "href=\"#hoofdmenu\"><span class=\"main-nav__toggle-icon\" aria-hidden=\"true\"></span>Menu</a>"
                  "<ul id=\"hoofdmenu\" class=\"main-nav__list\">"));
  EXPECT_TRUE(has(html,
                  "<a href=\"/programmas\" class=\"main-nav__link main-nav__link--active\" "
                  "aria-current=\"page\">Programma&apos;s</a>"));
  EXPECT_TRUE(has(html, "<a href=\"/gids?channel=soulenjazz\" class=\"channel-nav__link\">Soul &amp; Jazz</a>"));
  EXPECT_TRUE(has(html, "<form role=\"search\" aria-label=\"Zoeken op de site\""));
  EXPECT_TRUE(has(html, "action=\"/zoeken\" method=\"get\""));
  EXPECT_TRUE(has(html, "<main id=\"main\" tabindex=\"-1\" class=\"main\">"));
  EXPECT_TRUE(has(html, "<h1 tabindex=\"-1\" id=\"main-heading\" class=\"page-title\">Programma&apos;s</h1>"));
  EXPECT_TRUE(has(html, "<p class=\"state state--empty\">Geen programma&apos;s gevonden.</p>"));
  EXPECT_TRUE(has(html, "<footer class=\"site-footer\">"));
  EXPECT_TRUE(html.ends_with("</footer></div>"));
}

TEST(PageHtml, AppViewsAndThePopoutHaveNoHeaderOrFooter) {
  auto article = page_of(
      "artikel", R"({"article":{"id":2,"slug":"a","title":"A","intro":"","category":{"slug":"sport","name":"Sport"},
      "tags":[],"blocks":[],"imageUrl":"","publishedAt":"2026-11-21T08:00:00Z","author":"Piet","programme":null},
      "related":[{"id":3,"slug":"b","title":"B","intro":"","category":{"slug":"sport","name":"Sport"},"imageUrl":"",
      "publishedAt":"2026-11-21T08:00:00Z","tags":[]}]})");
  auto html = page_html(article, site(), "/app/nieuws/sport/2/a");
  EXPECT_TRUE(html.starts_with("<div class=\"app app--embedded app--with-player\" data-server-html>"));
  EXPECT_FALSE(has(html, "site-header"));
  EXPECT_FALSE(has(html, "site-footer"));
  EXPECT_TRUE(has(html, "href=\"/app/nieuws/sport/3/b\""));  // related articles stay in the app views
  auto normal = page_html(article, site(), "/nieuws/sport/2/a");
  EXPECT_TRUE(has(normal, "href=\"/nieuws/sport/3/b\""));

  auto popout =
      page_html(page_of("popout", R"({"channel":{"slug":"radio2","name":"Ether Radio 2"}})"), site(), "/popout/radio2");
  EXPECT_TRUE(popout.starts_with("<div class=\"app\" data-server-html>"));
  EXPECT_FALSE(has(popout, "site-header"));
}

TEST(PageHtml, ProgrammeShowsItsHeadingSectionsCardsAndLinks) {
  auto html = main_html(page_of("programma", kProgramme), site());
  EXPECT_TRUE(has(html,
                  "<header class=\"detail-header\"><img src=\"/media/images/programmes/de-ochtendploeg.webp\" "
                  "alt=\"\" width=\"640\" height=\"360\" loading=\"eager\" fetchpriority=\"high\""));
  EXPECT_TRUE(has(html,
                  "<p class=\"card__kicker\">Ether Radio 2</p><h1 tabindex=\"-1\" id=\"main-heading\" "
                  "class=\"page-title\">De Ochtendploeg</h1>"));
  EXPECT_TRUE(has(html, "<a href=\"/programmas/de-ochtendploeg/fragmenten\">Alle fragmenten</a>"));
  EXPECT_TRUE(has(html, "<h2 id=\"sectie-presentatoren\" class=\"section__title\">Presentatoren</h2>"));
  EXPECT_TRUE(has(html, "<a href=\"/presentatoren/anna\" class=\"card__link\">Anna</a>"));
  // The card's stand-in artwork when an item has none.
  EXPECT_TRUE(has(html, "<img src=\"/images/unknown_programme.webp\""));
  EXPECT_TRUE(has(html,
                  "<a href=\"/fragmenten/de-ochtendploeg/7/2026-11-20-live\" class=\"card__link\">"
                  "Live in de studio</a>"));
  EXPECT_TRUE(has(html, "<p class=\"card__meta\">vrijdag 20 november 2026 · 3:05</p>"));
  EXPECT_TRUE(has(html, "Geen geplande uitzendingen gevonden."));
}

// 'Binnenkort' spans several days: each time has its day (issue 39: five rows '18:00–00:00
// Avondrood' with no day).
TEST(PageHtml, AProgrammesUpcomingBroadcastsSayTheirDay) {
  auto data = boost::json::parse(kProgramme).as_object();
  data["upcoming"] = boost::json::parse(R"([{"id":1,"title":"Avondrood","from":"2020-01-03T17:00:00Z",
      "until":"2020-01-03T23:00:00Z","presenters":[],"broadcasters":[],"programme":null}])");
  auto html = main_html(page_of("programma", boost::json::serialize(data)), site());
  EXPECT_TRUE(has(html,
                  "<p class=\"guide-item__time\"><span class=\"guide-item__day\">Vrijdag 3 januari</span> "
                  "<time datetime=\"2020-01-03T17:00:00Z\">18:00"))
      << html;
  const auto today = *pages::parse_iso_date("2026-11-25");
  EXPECT_EQ(render::broadcast_day_label(today, today), "Vandaag");
  EXPECT_EQ(render::broadcast_day_label(pages::add_days(today, 1), today), "Morgen");
  EXPECT_EQ(render::broadcast_day_label(pages::add_days(today, -1), today), "Gisteren");
  EXPECT_EQ(render::broadcast_day_label(pages::add_days(today, 2), today), "Vrijdag 27 november");
}

TEST(PageHtml, StoredTextIsEscapedAndUnsafeUrlsNeverReachAnHref) {
  auto page = page_of("thema", R"json({"slug":"x","title":"<script>alert(1)</script> & co","description":"\"quoted\"",
      "blocks":[
        {"type":"hero","title":"Held","text":"<img src=x onerror=alert(1)>","imageUrl":"javascript:alert(1)","url":"javascript:alert(2)"},
        {"type":"tiles","title":"Tegels","items":[{"title":"Boos","text":"","url":"//evil.example/x","imageUrl":"data:image/png;base64,AAAA"},
                                                   {"title":"Goed","text":"","url":"https://ether.example/gids","imageUrl":"/media/t.webp"}]},
        {"type":"radio","title":"Top","channel":{"slug":"radio2","name":"R2"},"items":[
          {"label":"1","title":"Nummer","slug":"n","url":"vbscript:x","urlType":"external","hasNoLink":false}]}]
})json");
  auto html = main_html(page, site());
  EXPECT_FALSE(has(html, "<script"));
  EXPECT_FALSE(has(html, "<img src=x"));
  EXPECT_FALSE(has(html, "javascript:"));
  EXPECT_FALSE(has(html, "vbscript:"));
  EXPECT_FALSE(has(html, "//evil.example"));
  EXPECT_FALSE(has(html, "data:image"));
  EXPECT_TRUE(has(html, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</h1>"));
  EXPECT_TRUE(has(html, "<p class=\"page-intro\">&quot;quoted&quot;</p>"));
  EXPECT_TRUE(has(html, "&lt;img src=x onerror=alert(1)&gt;"));
  EXPECT_TRUE(has(html, "<span class=\"card__link\">Boos</span>"));  // refused link: text only
  EXPECT_TRUE(has(html, "<a href=\"https://ether.example/gids\" class=\"card__link\">Goed</a>"));
  EXPECT_TRUE(has(html, "<img src=\"/images/unknown_programme.webp\" alt=\"\" width=\"1280\" height=\"720\""));
}

TEST(PageHtml, LinksOutOfTheSiteOpenInANewTabAndSaySo) {
  // Spec §2: links to internal paths or to the site's own base URL stay in the site; all others
  // open in a new tab. Before, only the app added the target, once it had taken the page over.
  auto page = page_of("thema", R"json({"slug":"x","title":"Thema","description":"",
      "blocks":[{"type":"tiles","title":"Tegels","items":[
        {"title":"Elders","text":"","url":"https://example.org/verhaal","imageUrl":""},
        {"title":"Eigen","text":"","url":"https://ether.example/gids?dag=morgen","imageUrl":""},
        {"title":"Pad","text":"","url":"/programmas","imageUrl":""},
        {"title":"Lijkt eigen","text":"","url":"https://ether.example.evil.org/x","imageUrl":""}]}]})json");
  auto html = main_html(page, site());
  EXPECT_TRUE(has(html,
                  "<a href=\"https://example.org/verhaal\" class=\"card__link\" target=\"_blank\" "
                  "rel=\"noopener noreferrer\">Elders<span class=\"visually-hidden\"> (opent in een nieuw "
                  "venster)</span></a>"))
      << html;
  EXPECT_TRUE(has(html, "<a href=\"https://ether.example/gids?dag=morgen\" class=\"card__link\">Eigen</a>"));
  EXPECT_TRUE(has(html, "<a href=\"/programmas\" class=\"card__link\">Pad</a>"));
  EXPECT_TRUE(has(html, "<a href=\"https://ether.example.evil.org/x\" class=\"card__link\" target=\"_blank\""));
}

TEST(PageHtml, ParagraphLinksOutOfTheSiteOpenInANewTab) {
  // spec §2 "All other links open in a new tab": a rich paragraph's links too, in the server's HTML.
  auto page = page_of("artikel", R"json({"article":{"id":1,"slug":"a","title":"A","intro":"","imageUrl":"",
      "publishedAt":"2026-11-21T10:00:00Z","category":{"slug":"sport","name":"Sport","color":"#00a000"},"tags":[],
      "blocks":[{"type":"paragraph","text":"x","html":"Zie <a href=\"https://nos.example/a?b=1&amp;c=2\"><strong>NOS</strong></a>, <a href=\"/gids\">de gids</a> en <a href=\"https://ether.example/nieuws\">het nieuws</a>."}]}})json");
  auto html = main_html(page, site());
  EXPECT_TRUE(has(html,
                  "Zie <a href=\"https://nos.example/a?b=1&amp;c=2\" target=\"_blank\" rel=\"noopener noreferrer\">"
                  "<strong>NOS</strong><span class=\"visually-hidden\"> (opent in een nieuw venster)</span></a>, "
                  "<a href=\"/gids\" rel=\"noopener noreferrer\">de gids</a> en "
                  "<a href=\"https://ether.example/nieuws\" rel=\"noopener noreferrer\">het nieuws</a>."))
      << html;
}

TEST(PageHtml, InAppLinksAreTheSitesOwn) {
  EXPECT_TRUE(is_in_app_link("/nieuws", "https://ether.example"));
  EXPECT_TRUE(is_in_app_link("?page=2", "https://ether.example"));
  EXPECT_TRUE(is_in_app_link("#top", ""));
  EXPECT_TRUE(is_in_app_link("https://ether.example", "https://ether.example/"));
  EXPECT_TRUE(is_in_app_link("https://ether.example/gids", "https://ether.example/"));
  EXPECT_FALSE(is_in_app_link("//ether.example/gids", "https://ether.example"));
  EXPECT_FALSE(is_in_app_link("https://ether.examples/gids", "https://ether.example"));
  EXPECT_FALSE(is_in_app_link("https://example.org/", "https://ether.example"));
  EXPECT_FALSE(is_in_app_link("https://example.org/", ""));
}

TEST(PageHtml, PlayedTracksListAndPagination) {
  auto page = page_of("gedraaid", R"({"channel":{"slug":"radio1","name":"Ether Radio 1","classical":false},
      "date":"2026-11-21","time":"8_9","window":{"first":"2026-11-07","last":"2026-11-21","contains":true},
      "tracks":[{"id":1,"from":"2026-11-21T07:04:00Z","until":"2026-11-21T07:08:00Z","title":"Zomeravond","artist":"De Golven",
                 "name":"Zomeravond","displayArtist":"De Golven","coverUrl":null,"url":"/nummers/7/zomeravond"},
                {"id":2,"from":"2026-11-21T07:08:00Z","until":"2026-11-21T07:12:00Z","title":"Zonder pagina","artist":"X",
                 "name":"Zonder pagina","displayArtist":"X","coverUrl":null}],
      "paging":{"page":12,"pageCount":23,"total":451}})",
                      "/gedraaid?channel=radio1&page=12&time=8_9");
  auto html = main_html(page, site());
  EXPECT_TRUE(has(html, "<h1 tabindex=\"-1\" id=\"main-heading\" class=\"page-title\">Gedraaid op Ether Radio 1</h1>"));
  EXPECT_TRUE(has(html, "<p class=\"filters__summary\">451 nummers · pagina 12 van 23</p>"));
  EXPECT_TRUE(has(html, "<time class=\"track__time\" datetime=\"2026-11-21T07:04:00Z\">08:04</time>"));
  // The name links to the song's page (spec §3 Track); a play without a url keeps plain text.
  EXPECT_TRUE(has(html,
                  "<span class=\"track__name\"><a href=\"/nummers/7/zomeravond\">Zomeravond</a></span>"
                  "<span class=\"track__artist\">De Golven</span>"));
  EXPECT_TRUE(has(html, "<span class=\"track__name\">Zonder pagina</span>"));
  EXPECT_TRUE(has(html, "<nav class=\"pagination\" aria-label=\"Paginering\">"));
  EXPECT_TRUE(has(html,
                  "<a href=\"/gedraaid?channel=radio1&amp;page=11&amp;time=8_9\" class=\"pagination__link "
                  "pagination__step\" rel=\"prev\">Vorige</a>"));
  EXPECT_TRUE(has(
      html,
      "<a href=\"/gedraaid?channel=radio1&amp;time=8_9\" class=\"pagination__link\" aria-label=\"Pagina 1\">1</a>"));
  EXPECT_TRUE(has(html, "aria-label=\"Pagina 23\">23</a>"));
  EXPECT_TRUE(has(html, "<span class=\"pagination__current\" aria-current=\"page\">"));
  EXPECT_TRUE(has(html, "rel=\"next\">Volgende</a>"));
  EXPECT_FALSE(has(html, "aria-label=\"Pagina 5\""));
}

constexpr std::string_view kTrackPage = R"({"track":{"id":7,"slug":"zomeravond","url":"/nummers/7/zomeravond",
    "title":"Zomeravond","artist":"De Golven","composer":null,"completeWork":null,"ensemble":null,"coverUrl":null},
  "playCount":3,
  "plays":[
    {"id":41,"from":"2026-11-21T07:04:00Z","until":"2026-11-21T07:08:00Z","chartPosition":null,
     "channel":{"slug":"radio2","name":"Ether Radio 2"},"playedTracksUrl":"/gedraaid",
     "broadcast":{"id":3,"slug":"ochtend","title":"De Ochtendploeg","channel":{"slug":"radio2","name":"Ether Radio 2"},
                  "programme":null,"presenters":[],"broadcasters":[],"from":"2026-11-21T05:00:00Z",
                  "until":"2026-11-21T09:00:00Z","imageUrl":""},
     "hour":{"from":"2026-11-21T07:00:00Z","until":"2026-11-21T08:00:00Z","label":"Zaterdag 21 november 2026 8 - 9 uur",
             "url":"/uitzendingen/null/3/2026-11-21-ochtend/08-uur"},
     "offsetSeconds":240,"recording":{"available":true,"durationSeconds":3600,"gaps":[]}},
    {"id":40,"from":"2026-11-20T22:10:00Z","until":"2026-11-20T22:14:00Z","chartPosition":null,
     "channel":{"slug":"radio1","name":"Ether Radio 1"},"playedTracksUrl":"/gedraaid/20-11-2026?channel=radio1",
     "broadcast":null,"hour":null,"offsetSeconds":0,"recording":{"available":false,"durationSeconds":null,"gaps":[]}}]})";

TEST(PageHtml, TrackPageShowsTheSongAndAWayIntoTheRecordingOfEachPlay) {
  auto html = main_html(page_of("nummer", kTrackPage, "/nummers/7/zomeravond"), site());
  EXPECT_TRUE(has(html,
                  "<p class=\"card__kicker\">Nummer</p><h1 tabindex=\"-1\" id=\"main-heading\" "
                  "class=\"page-title\">Zomeravond</h1><p class=\"card__meta\">De Golven</p>"))
      << html;
  EXPECT_TRUE(has(html, "src=\"/images/unknown_track.webp\""));
  EXPECT_TRUE(has(html,
                  "<p class=\"track-page__last\">Laatst gedraaid: zaterdag 21 november 2026, 08:04 op "
                  "<a href=\"/gedraaid\">Ether Radio 2</a></p>"));
  EXPECT_TRUE(has(html, "<p class=\"filters__summary\">3 keer gedraaid</p>"));
  EXPECT_TRUE(has(html,
                  "<a href=\"/uitzendingen/null/3/2026-11-21-ochtend/08-uur\" class=\"track-plays__broadcast\">De "
                  "Ochtendploeg, 08:00–09:00</a>"));
  // Before the app runs, the browser opens the hour's recording at the moment the song started.
  EXPECT_TRUE(has(html,
                  "<a href=\"/api/play/broadcast/3/1795244400/audio#t=240\" class=\"button button--small "
                  "track-plays__listen\" aria-label=\"Luister vanaf 08:04 op zaterdag 21 november 2026\">Luister "
                  "vanaf 08:04</a>"))
      << html;
  EXPECT_TRUE(has(html,
                  "<span class=\"track-plays__channel\">Ether Radio 1</span><span "
                  "class=\"track-plays__none\">Geen opname</span>"));
}

TEST(PageHtml, PlayedTracksTodayEmptyPointsToYesterday) {
  // Today is the kept window's last day, 21 November.
  auto empty_on = [](const std::string& date, const std::string& time) {
    return page_of("gedraaid",
                   R"({"channel":{"slug":"radio1","name":"Ether Radio 1","classical":false},"date":")" + date +
                       R"(","time":")" + time +
                       R"(","window":{"first":"2026-11-07","last":"2026-11-21","contains":true},
                       "tracks":[],"paging":{"page":1,"pageCount":1,"total":0}})",
                   "/gedraaid?channel=radio1");
  };
  auto html = main_html(empty_on("2026-11-21", "0_24"), site());
  EXPECT_TRUE(has(html,
                  "<p class=\"state state--empty\">Vandaag is er nog niets gedraaid op Ether Radio 1. <a "
                  "href=\"/gedraaid/20-11-2026?channel=radio1\""));
  EXPECT_TRUE(has(html, ">Bekijk wat er gisteren is gedraaid</a></p>"));
  // An earlier day, or one hour of today, is simply empty.
  for (const auto& [date, time] : {std::pair{"2026-11-10", "0_24"}, std::pair{"2026-11-21", "8_9"}}) {
    auto other = main_html(empty_on(date, time), site());
    EXPECT_FALSE(has(other, "gisteren")) << date << " " << time;
    EXPECT_TRUE(has(other, "Geen gedraaide nummers gevonden voor dit tijdvak.")) << date << " " << time;
  }
}

TEST(PageHtml, PageWindowShowsFirstLastAndNearbyPages) {
  EXPECT_EQ(page_window(1, 23), (std::vector<int>{1, 2, 0, 23}));
  EXPECT_EQ(page_window(12, 23), (std::vector<int>{1, 0, 11, 12, 13, 0, 23}));
  EXPECT_EQ(page_window(23, 23), (std::vector<int>{1, 0, 22, 23}));
  EXPECT_EQ(page_window(3, 5), (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(page_window(40, 3), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(page_window(1, 1), (std::vector<int>{1}));
  EXPECT_TRUE(page_window(1, 0).empty());
}

// A two-hour broadcast from 18:00 to 20:00 in Amsterdam (17:00 to 19:00 UTC), the first hour ended.
constexpr std::string_view kBroadcast = R"({"id":20,"slug":"avondshow","title":"De Avondshow",
  "channel":{"slug":"radio2","name":"Ether Radio 2"},"programme":{"slug":"de-avondshow","name":"De Avondshow"},
  "presenters":[{"slug":"anna","name":"Anna"}],"broadcasters":[],"from":"2026-11-21T17:00:00Z",
  "until":"2026-11-21T19:00:00Z","imageUrl":"/media/images/programmes/avond.webp"})";

std::string hour_json(std::string_view from, std::string_view until, std::string_view label, bool ended) {
  return R"({"from":")" + std::string(from) + R"(","until":")" + std::string(until) + R"(","label":")" +
         std::string(label) + R"(","url":"/ignored","ended":)" + (ended ? "true" : "false") + "}";
}

TEST(PageHtml, GemistListsHoursLinkedThroughTheRouteBuilder) {
  auto item = std::string(kBroadcast);
  item.insert(item.size() - 1, R"(,"hour":)" + hour_json("2026-11-21T17:00:00Z", "2026-11-21T18:00:00Z",
                                                         "Zaterdag 21 november 2026 18 - 19 uur", true));
  auto page = page_of("uitzendingen", R"({"programme":null,"programmes":[{"slug":"de-avondshow","name":"De Avondshow"}],
      "broadcasts":[)" + item + R"(],"paging":{"page":1,"pageCount":2,"total":13}})",
                      "/uitzendingen");
  auto html = main_html(page, site());
  EXPECT_TRUE(has(html, "<h1 tabindex=\"-1\" id=\"main-heading\" class=\"page-title\">Gemist</h1>"));
  EXPECT_TRUE(has(html, "<a href=\"" +
                            pages::routes::broadcast_hour("de-avondshow", 20, pages::Date{date::year{2026} / 11 / 21},
                                                          "avondshow", "18-uur") +
                            "\" class=\"card__link\">De Avondshow</a>"));
  EXPECT_TRUE(has(html, "<p class=\"card__meta\">Zaterdag 21 november 2026 18 - 19 uur</p>"));
  EXPECT_FALSE(has(html, "/ignored"));
  // Without JavaScript the programme filter is a GET form of the list.
  EXPECT_TRUE(has(html, "action=\"/uitzendingen\" method=\"get\""));
  EXPECT_TRUE(has(html, "<option value=\"de-avondshow\">De Avondshow</option>"));
  EXPECT_TRUE(has(html, "<a href=\"/uitzendingen?page=2\" class=\"pagination__link pagination__step\" rel=\"next\">"));
}

TEST(PageHtml, AnHourHasItsLabelAudioAndTheOtherHours) {
  const auto first =
      hour_json("2026-11-21T17:00:00Z", "2026-11-21T18:00:00Z", "Zaterdag 21 november 2026 18 - 19 uur", true);
  const auto second =
      hour_json("2026-11-21T18:00:00Z", "2026-11-21T19:00:00Z", "Zaterdag 21 november 2026 19 - 20 uur", false);
  auto page = page_of("uitzendinguur", "{\"broadcast\":" + std::string(kBroadcast) + ",\"hour\":" + first +
                                           ",\"hours\":[" + first + "," + second +
                                           R"(],"recording":{"available":true,"durationSeconds":3600},"tracks":[]})");
  auto html = main_html(page, site());
  EXPECT_TRUE(has(html, "class=\"page-title\">De Avondshow</h1>"));
  EXPECT_TRUE(has(html, "<time datetime=\"2026-11-21T17:00:00Z\">Zaterdag 21 november 2026 18 - 19 uur</time>"));
  EXPECT_TRUE(has(html,
                  "<audio class=\"broadcast-recording__audio\" controls preload=\"none\" "
                  "src=\"/api/play/broadcast/20/1795280400/audio\""));
  EXPECT_TRUE(has(html, "Duur 1:00:00"));
  EXPECT_TRUE(
      has(html, "<a href=\"/uitzendingen/de-avondshow/20/2026-11-21-avondshow\">Hele uitzending (18:00–20:00)</a>"));
  // The hour shown is the current one; the hour still on air is no link yet.
  EXPECT_TRUE(has(html, "<span class=\"broadcast-hours__hour\" aria-current=\"page\">18:00–19:00</span>"));
  EXPECT_TRUE(has(html, "<span class=\"broadcast-hours__hour\">19:00–20:00</span>"));
  EXPECT_TRUE(has(html, "In dit uur zijn geen nummers gedraaid."));

  // The broadcast's own page links its ended hours.
  auto whole =
      page_of("uitzending", "{\"broadcast\":" + std::string(kBroadcast) + ",\"hours\":[" + first + "," + second +
                                R"(],"recording":{"available":false,"durationSeconds":null},"tracks":[]})");
  EXPECT_TRUE(has(main_html(whole, site()),
                  "<a href=\"/uitzendingen/de-avondshow/20/2026-11-21-avondshow/18-uur\" "
                  "class=\"broadcast-hours__hour\">18:00–19:00</a>"));

  // Without a recording there is no audio element, but a Dutch explanation.
  auto unrecorded =
      page_of("uitzendinguur", "{\"broadcast\":" + std::string(kBroadcast) + ",\"hour\":" + first + ",\"hours\":[" +
                                   first + R"(],"recording":{"available":false,"durationSeconds":null},"tracks":[]})");
  auto none = main_html(unrecorded, site());
  EXPECT_FALSE(has(none, "<audio"));
  EXPECT_TRUE(has(none, "geen opname beschikbaar"));
  EXPECT_EQ(seo::share_image(unrecorded, "https://ether.example"),
            "https://ether.example/media/images/programmes/avond.webp");
}

// Issue 36: a missing hour plays as silence; the server's HTML names it as the app does.
TEST(PageHtml, ABroadcastNamesTheHoursMissingFromItsRecording) {
  const auto first =
      hour_json("2026-11-21T17:00:00Z", "2026-11-21T18:00:00Z", "Zaterdag 21 november 2026 18 - 19 uur", true);
  auto page = page_of("uitzending", "{\"broadcast\":" + std::string(kBroadcast) + ",\"hours\":[" + first +
                                        R"(],"recording":{"available":true,"durationSeconds":7200,"gaps":[)"
                                        R"({"from":"2026-11-21T18:00:00Z","until":"2026-11-21T19:00:00Z",)"
                                        R"("offsetSeconds":3600,"untilSeconds":7200},)"
                                        R"({"from":"2026-11-21T17:40:00Z","until":"2026-11-21T18:00:00Z",)"
                                        R"("offsetSeconds":2400,"untilSeconds":3600}]},"tracks":[]})");
  auto html = main_html(page, site());
  EXPECT_TRUE(has(html, "<ul class=\"broadcast-recording__gaps\" aria-label=\"Ontbreekt in de opname\">"));
  EXPECT_TRUE(has(html, "<li>Het uur 19:00–20:00 ontbreekt in de opname</li>")) << html;
  EXPECT_TRUE(has(html, "<li>Het deel 18:40–19:00 ontbreekt in de opname</li>"));
  EXPECT_TRUE(has(html, "Duur 2:00:00"));
}

TEST(PageHtml, FragmentsShowTheMostUsedTagsFirst) {
  auto page =
      page_of("fragmenten", R"({"date":null,"tag":"zeldzaam","program":null,"tags":["a-tag","muziek","zeldzaam"],
      "topTags":["muziek"],"fragments":[],"paging":{"page":1,"pageCount":1,"total":0}})",
              "/fragmenten");
  auto html = main_html(page, site());
  auto muziek = html.find(">muziek</a>");
  auto a_tag = html.find(">a-tag</a>");
  ASSERT_NE(muziek, std::string::npos);
  ASSERT_NE(a_tag, std::string::npos);
  EXPECT_LT(muziek, a_tag);
  EXPECT_TRUE(has(html, "<a href=\"/fragmenten?tag=zeldzaam\" class=\"chip chip--active\" aria-current=\"page\">"));
  EXPECT_TRUE(has(html, "Geen fragmenten gevonden."));
}

// Today is the default day of a fragments page: its tag and page links leave it out, another day's keep it.
TEST(PageHtml, FragmentLinksKeepOnlyAnotherDay) {
  constexpr std::string_view kData = R"({"date":"2026-11-21","tag":null,"program":null,"tags":["muziek"],
      "topTags":["muziek"],"fragments":[],"paging":{"page":1,"pageCount":2,"total":20}})";
  auto today = page_of("fragmenten", kData, "/fragmenten");
  auto html = main_html(today, site());
  EXPECT_TRUE(has(html, "href=\"/fragmenten?tag=muziek\"")) << html;
  EXPECT_TRUE(has(html, "href=\"/fragmenten?page=2\"")) << html;
  EXPECT_FALSE(has(html, "date=21-11-2026")) << html;

  auto other = page_of("fragmenten", kData, "/fragmenten?date=20-11-2026");
  other.params["date"] = "20-11-2026";
  EXPECT_TRUE(has(main_html(other, site()), "href=\"/fragmenten?date=20-11-2026&amp;tag=muziek\""));
}

// Issue 51: a fragments page moves between days without JavaScript: links to the day before and
// after with the tag kept, a GET form with a date field, the day as the heading of its fragments, and
// an empty day says so and links to the latest earlier day with fragments.
TEST(PageHtml, AFragmentsDayLinksTheDaysAroundAndAnEmptyDayTheLatestEarlierOne) {
  auto page = page_of("fragmenten", R"({"date":"2026-11-20","tag":"muziek","program":null,"tags":["muziek"],
      "topTags":["muziek"],"fragments":[],"paging":{"page":1,"pageCount":1,"total":0},
      "previousDate":"2026-11-19","nextDate":"2026-11-21","earlierDate":"2026-11-17"})",
                      "/fragmenten?date=20-11-2026&tag=muziek");
  page.params["date"] = "20-11-2026";
  auto html = main_html(page, site());
  EXPECT_TRUE(
      has(html,
          "<nav aria-label=\"Dagen\" class=\"day-nav\"><a href=\"/fragmenten?date=19-11-2026&amp;tag=muziek\" "
          "class=\"day-nav__link day-nav__link--previous\" aria-label=\"Vorige dag: donderdag 19 november 2026\">"
          "Vorige dag</a>"))
      << html;
  EXPECT_TRUE(has(html,
                  "<form class=\"day-nav__form\" method=\"get\" action=\"/fragmenten\"><input type=\"hidden\" "
                  "name=\"tag\" value=\"muziek\"><label class=\"field day-nav__field\"><span>Kies een dag</span>"
                  "<input type=\"date\" name=\"date\" value=\"2026-11-20\" required></label>"));
  EXPECT_TRUE(has(html,
                  "<a href=\"/fragmenten?date=21-11-2026&amp;tag=muziek\" class=\"day-nav__link "
                  "day-nav__link--next\" aria-label=\"Volgende dag: zaterdag 21 november 2026\">Volgende dag</a>"));
  EXPECT_TRUE(has(html, "<h2 class=\"day-heading\">Vrijdag 20 november 2026</h2>"));
  EXPECT_TRUE(has(html,
                  "Op vrijdag 20 november 2026 zijn geen fragmenten over muziek gepubliceerd. <a "
                  "href=\"/fragmenten?date=17-11-2026&amp;tag=muziek\">Bekijk de fragmenten van dinsdag 17 "
                  "november 2026</a>"))
      << html;

  // A programme's day with fragments: its cards are the day heading's, and no day follows today.
  auto programme = page_of("programma-fragmenten",
                           R"({"programme":{"slug":"de-ochtendploeg","name":"De Ochtendploeg"},"date":"2026-11-21",
      "tag":null,"tags":[],"topTags":[],"fragments":[{"id":7,"slug":"live","title":"Live in de studio",
      "programme":{"slug":"de-ochtendploeg","name":"De Ochtendploeg"},"publishedAt":"2026-11-21T09:00:00Z",
      "durationSeconds":185,"imageUrl":"","audioUrl":"/media/f.mp3","tags":[]}],
      "paging":{"page":1,"pageCount":1,"total":1},"previousDate":"2026-11-20","nextDate":null,"earlierDate":"2026-11-20"})",
                           "/programmas/de-ochtendploeg/fragmenten");
  auto day = main_html(programme, site());
  EXPECT_TRUE(has(day,
                  "href=\"/programmas/de-ochtendploeg/fragmenten?date=20-11-2026\" class=\"day-nav__link "
                  "day-nav__link--previous\""))
      << day;
  EXPECT_TRUE(has(day, "action=\"/programmas/de-ochtendploeg/fragmenten\">"));
  EXPECT_FALSE(has(day, "day-nav__link--next"));
  EXPECT_FALSE(has(day, "state--empty"));
  EXPECT_TRUE(has(day, "<h3 class=\"card__title\">"));
}

TEST(PageHtml, SearchKeepsTheTermInTheHeaderBox) {
  auto page = page_of("zoeken", R"({"term":"de golven","groups":[{"type":"track","label":"Gedraaide nummers","page":1,
      "pageCount":2,"total":30,"hits":[{"type":"track","title":"Zomeravond","text":"De Golven","url":"/gedraaid","imageUrl":""}]}]})",
                      "/zoeken/de%20golven");
  auto html = page_html(page, site(), "/zoeken/de%20golven");
  EXPECT_TRUE(has(html, "name=\"q\" placeholder=\"Zoek programma's, nieuws, muziek…\" value=\"de golven\""));
  EXPECT_TRUE(has(html, "Zoekresultaten voor ‘de golven’</h1>"));
  EXPECT_TRUE(has(html, "<h3 class=\"search-hit__title\"><a href=\"/gedraaid\">Zomeravond</a></h3>"));
  EXPECT_TRUE(has(html, "<a href=\"/zoeken/de%20golven?page=2&amp;type=track\""));
}

// The home page, Kijk live and Video's as the app draws them (features/home, features/live,
// features/videos): the same boxes in the same order, so that nothing moves when the app takes over.
TEST(PageHtml, OnAirLiveAndVideosLayOutAsTheApp) {
  const std::string on_air =
      R"({"channel":{"slug":"radio1","name":"Ether Radio 1","hasVisualRadio":true},
          "broadcast":{"title":"Dit is de Dag","programme":{"slug":"dit-is-de-dag"},"presenters":[{"name":"Hanna"}],
                       "broadcasters":[{"slug":"npo","name":"NPO","logoUrl":""}],
                       "from":"2026-11-21T23:00:00Z","until":"2026-11-22T07:00:00Z","imageUrl":""},
          "track":{"name":"Wij zijn de stad","displayArtist":"De Havenlichten","coverUrl":"","url":"/nummer/1/wij"}})";
  auto home = main_html(page_of("home", R"({"onAir":)" + on_air + R"(,"channels":[)" + on_air +
                                            R"(],"news":[],"fragments":[],"podcasts":[],"guide":[]})"),
                        site());
  EXPECT_TRUE(has(home,
                  "<ul class=\"broadcaster-icons\" aria-label=\"Omroepen\"><li class=\"broadcaster-icons__item\">"
                  "NPO</li></ul><div class=\"on-air__track\"><img src=\"/images/unknown_track.webp\""))
      << home;
  EXPECT_TRUE(has(home,
                  "<span class=\"on-air__label\">Nu gedraaid</span><span class=\"on-air__song\"><a "
                  "href=\"/nummer/1/wij\">Wij zijn de stad</a></span><span class=\"on-air__artist\">De "
                  "Havenlichten</span></p></div><p class=\"on-air__play\"><a href=\"/popout/radio1\" "
                  "class=\"button needs-script live-button\">"))
      << home;
  EXPECT_TRUE(has(home, ">Kijk live</a></p></div></div>")) << home;
  EXPECT_TRUE(has(home, "<ul class=\"channel-grid\"><li class=\"channel-card\">")) << home;
  EXPECT_TRUE(has(home, "</span></a></p></li></ul></section>")) << home;
  EXPECT_TRUE(
      has(home,
          "<p class=\"channel-card__song\"><span class=\"visually-hidden\">Nu: </span>Wij zijn de stad "
          "— De Havenlichten</p><p class=\"channel-card__actions\"><a href=\"/popout/radio1\" "
          "class=\"button needs-script live-button button--small\" aria-label=\"Luister live naar Ether Radio 1\">"))
      << home;

  auto live = main_html(page_of("live", R"({"onAir":)" + on_air +
                                            R"(,"streamUrl":"/live/radio1/index.m3u8","videoTokenUrl":"/api/play"})"),
                        site());
  EXPECT_TRUE(has(live, "Kijk live: Ether Radio 1</h1>")) << live;
  EXPECT_TRUE(has(live, "<p class=\"live-listen\"><a class=\"button needs-script\" href=\"/popout/radio1\"")) << live;
  EXPECT_TRUE(has(live,
                  "<div class=\"live-layout\"><div class=\"live-stage\"><div class=\"live-video\"><div "
                  "class=\"live-video__frame\"><img "))
      << live;
  EXPECT_TRUE(has(live, "<h2 id=\"live-now\" class=\"section__title\">Nu op Ether Radio 1</h2>")) << live;
  EXPECT_TRUE(has(live, "<span class=\"visually-hidden\">van 00:00 tot 08:00</span> · Met Hanna</p></div>")) << live;

  auto videos = main_html(page_of("videos", R"({"videos":[{"id":1,"title":"Sessie","description":"Live",
      "publishedAt":"2026-11-20T10:00:00Z","durationSeconds":61,"posterUrl":"","videoUrl":"/uploads/v.mp4"}]})"),
                          site());
  EXPECT_TRUE(has(videos,
                  "<figure class=\"video\"><div class=\"video__container\"><video controls playsinline "
                  "preload=\"none\" src=\"/uploads/v.mp4\" aria-label=\"Sessie\"></video></div></figure>"))
      << videos;
  EXPECT_TRUE(has(videos,
                  "<span aria-hidden=\"true\">1:01</span><span class=\"visually-hidden\">1 minuut 1 "
                  "seconde</span>"))
      << videos;
}

TEST(PageHtml, EveryRouteKindRendersAHeadingAndUnknownKindsTheNotFoundPage) {
  const std::vector<std::pair<std::string, std::string>> routes{
      {"home", R"({"onAir":{"channel":{"slug":"radio2","name":"Ether Radio 2"},"broadcast":null,"track":null},
                   "channels":[],"news":[],"fragments":[],"podcasts":[],"guide":[]})"},
      {"sitemap",
       R"({"group":null,"groups":[{"slug":"nieuws","title":"Nieuws","links":[{"title":"Sport","url":"/nieuws/sport"}]}]})"},
      {"live", R"({"onAir":{"channel":{"slug":"radio2","name":"Ether Radio 2"},"broadcast":null,"track":null},
                   "streamUrl":null,"videoTokenUrl":null})"},
      {"gids",
       R"({"channel":{"slug":"radio2","name":"Ether Radio 2"},"date":"2026-11-21","days":["2026-11-21","2026-11-22"],
                   "window":{"first":"2026-11-07","last":"2026-11-28","contains":true},"broadcasts":[]})"},
      {"presentatoren", R"({"presenters":[]})"},
      {"presentator", R"({"presenter":{"slug":"anna","name":"Anna","role":"Dj","imageUrl":"","bio":"Bio"},
                          "programmes":[],"fragments":[]})"},
      {"nieuws",
       R"({"category":null,"categories":[],"tag":null,"articles":[],"paging":{"page":1,"pageCount":1,"total":0}})"},
      {"programma-fragmenten", R"({"programme":{"slug":"p","name":"P"},"date":null,"tag":null,"tags":[],"topTags":[],
                                   "fragments":[],"paging":{"page":1,"pageCount":1,"total":0}})"},
      {"programma-nieuws", R"({"programme":{"slug":"p","name":"P"},"category":null,"categories":[],"articles":[],
                               "paging":{"page":1,"pageCount":1,"total":0}})"},
      {"fragment", R"({"fragment":{"id":1,"slug":"f","title":"Frag","description":"","programme":null,"publishedAt":"",
                        "durationSeconds":1,"imageUrl":"","audioUrl":"","tags":[]},"queue":[]})"},
      {"uitzendingen",
       R"({"programme":null,"programmes":[],"broadcasts":[],"paging":{"page":1,"pageCount":1,"total":0}})"},
      {"uitzending", R"({"broadcast":{"id":1,"slug":"b","title":"Uitz","channel":{"slug":"radio2","name":"R2"},
                          "programme":null,"presenters":[],"broadcasters":[],"from":"","until":"","imageUrl":""},
                          "recording":{"available":false,"durationSeconds":null},"tracks":[]})"},
      {"uitzendinguur", R"({"broadcast":{"id":1,"slug":"b","title":"Uitz","channel":{"slug":"radio2","name":"R2"},
                             "programme":null,"presenters":[],"broadcasters":[],"from":"","until":"","imageUrl":""},
                             "hour":{"from":"","until":"","label":"","url":""},"hours":[],
                             "recording":{"available":false,"durationSeconds":null},"tracks":[]})"},
      {"podcasts", R"({"feeds":[]})"},
      {"podcast",
       R"({"feed":{"slug":"p","title":"Pod","description":"","author":"A","imageUrl":"","episodeCount":0},"episodes":[]})"},
      {"podcast-aflevering",
       R"({"feed":{"slug":"p","title":"Pod"},"episode":{"id":1,"slug":"e","feedSlug":"p","title":"Afl",
                                  "description":"","publishedAt":"","durationSeconds":60,"imageUrl":""},"episodes":[]})"},
      {"videos", R"({"videos":[]})"},
      {"overzicht", R"({"slug":"o","title":"Overzicht","description":"","blocks":[]})"},
      {"not-found", R"({"path":"/bestaat-<niet>"})"},
      {"iets-nieuws", R"({})"},
  };
  for (const auto& [route, data] : routes) {
    auto html = main_html(page_of(route, data), site());
    EXPECT_TRUE(has(html, "<h1 tabindex=\"-1\" id=\"main-heading\"")) << route << ": " << html;
    EXPECT_EQ(html.find("<h1"), html.rfind("<h1")) << route << " has one h1";
  }
  EXPECT_TRUE(has(main_html(page_of("not-found", R"({"path":"/bestaat-<niet>"})"), site()),
                  "<code>/bestaat-&lt;niet&gt;</code>"));
  EXPECT_TRUE(has(main_html(page_of("gids", routes[3].second), site()),
                  "<a href=\"/gids/2026/11/22\" class=\"day-tab\"><span class=\"day-tab__label\">Morgen</span>"
                  "<span class=\"day-tab__detail\">22 nov</span></a>"));
}

// The guide's day tabs as the app draws them (features/guide): a short label over a short date, so
// that the server's page is as wide as the app's that replaces it (a long date widened a phone's page).
TEST(PageHtml, GuideDayTabsMatchTheApp) {
  auto html = main_html(page_of("gids", R"({"channel":{"slug":"radio2","name":"Ether Radio 2","color":"#ff6600"},
                   "date":"2026-11-21","days":["2026-11-19","2026-11-20","2026-11-21","2026-11-22","2026-11-23"],
                   "window":{"first":"2026-11-07","last":"2026-11-28","contains":true},"broadcasts":[]})"),
                        site());
  EXPECT_TRUE(has(html,
                  "<a href=\"/gids/2026/11/19\" class=\"day-tab\"><span class=\"day-tab__label\">Donderdag</span>"
                  "<span class=\"day-tab__detail\">19 nov</span></a>"))
      << html;
  EXPECT_TRUE(has(html, ">Gisteren</span><span class=\"day-tab__detail\">20 nov</span>")) << html;
  EXPECT_TRUE(has(html,
                  "<a href=\"/gids\" class=\"day-tab day-tab--active\" aria-current=\"date\">"
                  "<span class=\"day-tab__label\">Vandaag</span>"
                  "<span class=\"day-tab__detail\">21 nov</span></a>"))
      << html;
  EXPECT_TRUE(has(html, ">Maandag</span><span class=\"day-tab__detail\">23 nov</span>")) << html;
  // No style attribute: the CSP (style-src 'self') refuses it, and Chromium logs a violation.
  EXPECT_FALSE(has(html, "style=")) << html;
}

TEST(ShareImage, TheArtworkOfThePageAsAnAbsoluteUrl) {
  const std::string base = "https://ether.example";
  EXPECT_EQ(seo::share_image(page_of("programma", kProgramme), base + "/"),
            "https://ether.example/media/images/programmes/de-ochtendploeg.webp");
  EXPECT_EQ(seo::share_image(page_of("podcast-aflevering", R"({"feed":{"imageUrl":"/media/feed.webp"},
                                     "episode":{"imageUrl":""}})"),
                             base),
            "https://ether.example/media/feed.webp");
  EXPECT_EQ(
      seo::share_image(page_of("thema", R"({"blocks":[{"type":"text"},{"type":"tiles","items":[{"imageUrl":"/t.webp"}]},
                                     {"type":"hero","imageUrl":"https://cdn.example/{format}/h.jpg"}]})"),
                       base),
      "https://cdn.example/h_720,w_1280,c_north/h.jpg");
  EXPECT_EQ(
      seo::share_image(page_of("fragment", R"({"fragment":{"imageUrl":"/images/unknown_programme.webp"}})"), base), "");
  EXPECT_EQ(seo::share_image(page_of("artikel", R"json({"article":{"imageUrl":"javascript:alert(1)"}})json"), base),
            "");
  EXPECT_EQ(seo::share_image(page_of("programmas", R"({"programmes":[]})"), base), "");
  EXPECT_EQ(seo::share_image(page_of("nummer", R"({"track":{"coverUrl":"/media/images/covers/z.webp"}})"), base),
            "https://ether.example/media/images/covers/z.webp");
  auto missing = page_of("programma", kProgramme);
  missing.status = 404;
  EXPECT_EQ(seo::share_image(missing, base), "");
}

TEST(ShareImage, ShellHeadCarriesOpenGraphAndTwitterCardTags) {
  shell::HtmlShell shell(test::kIndexHtml);
  auto programme = page_of("programma", kProgramme, "/programmas/de-ochtendploeg");
  programme.description = "Wakker worden.";
  auto html = shell.render(programme, site(), "https://ether.example", "<div data-server-html>x</div>");
  EXPECT_TRUE(has(html,
                  "<meta property=\"og:image\" content=\"https://ether.example/media/images/programmes/"
                  "de-ochtendploeg.webp\">"));
  EXPECT_TRUE(has(html, "<meta name=\"twitter:card\" content=\"summary_large_image\">"));
  EXPECT_TRUE(has(html, "<meta name=\"twitter:title\" content=\"Titel - Ether\">"));
  EXPECT_TRUE(has(html, "<meta name=\"twitter:description\" content=\"Wakker worden.\">"));
  EXPECT_TRUE(has(html,
                  "<meta name=\"twitter:image\" content=\"https://ether.example/media/images/programmes/"
                  "de-ochtendploeg.webp\">"));
  EXPECT_TRUE(has(html, "<div id=\"root\"><div data-server-html>x</div><!--/ether-body--></div>"));

  // A list shares the site's default picture (the site has no channels here) on a plain summary card.
  auto list = shell.render(page_of("programmas", R"({"programmes":[]})"), site(), "https://ether.example");
  EXPECT_TRUE(has(list, "<meta name=\"twitter:card\" content=\"summary\">"));
  EXPECT_TRUE(has(list, "<meta property=\"og:image\" content=\"https://ether.example/images/share.webp\">"));
  EXPECT_TRUE(has(list, "<meta property=\"og:image:alt\" content=\"Logo van Ether\">"));
  EXPECT_TRUE(has(list, "<meta name=\"twitter:image\" content=\"https://ether.example/images/share.webp\">"));
  EXPECT_TRUE(has(list, "<div id=\"root\"></div>"));

  // With the sizes of the images behind site paths, the size follows the image.
  shell.set_image_sizes([](std::string_view path) -> std::optional<media::ImageSize> {
    if (path == "/media/images/programmes/de-ochtendploeg.webp") return media::ImageSize{640, 360};
    return std::nullopt;
  });
  html = shell.render(programme, site(), "https://ether.example");
  EXPECT_TRUE(has(html,
                  "<meta property=\"og:image:width\" content=\"640\"><meta property=\"og:image:height\" "
                  "content=\"360\"><meta property=\"og:image:alt\" content=\"Titel - Ether\">"))
      << html;
}

// A site with two channels, the second the default, each with a logo.
boost::json::object site_with_channels() {
  auto s = site();
  s["defaultChannel"] = "radio2";
  s["channels"] = boost::json::array{
      boost::json::object{{"slug", "3fm"}, {"name", "3FM"}, {"logoUrl", "/media/images/channels/3fm.webp"}},
      boost::json::object{{"slug", "radio2"}, {"name", "Radio 2"}, {"logoUrl", "/media/images/channels/radio2.webp"}}};
  return s;
}

TEST(ShareImage, EveryPageSharesItsArtworkElseItsChannelsLogoElseTheSiteDefault) {
  const std::string base = "https://ether.example";
  std::set<std::string> present{"/media/images/programmes/de-ochtendploeg.webp", "/media/images/channels/3fm.webp",
                                "/media/images/channels/radio2.webp", "/images/share.webp"};
  const seo::ImageSizeLookup sizes = [&](std::string_view path) -> std::optional<media::ImageSize> {
    if (!present.contains(std::string(path))) return std::nullopt;
    return path.starts_with("/media/images/channels/") ? media::ImageSize{300, 300} : media::ImageSize{640, 360};
  };
  const auto sites = site_with_channels();

  auto own = seo::share_card(page_of("programma", kProgramme), sites, base, sizes);
  EXPECT_EQ(own.url, base + "/media/images/programmes/de-ochtendploeg.webp");
  EXPECT_EQ(own.size, (media::ImageSize{640, 360}));
  EXPECT_EQ(own.alt, "Titel - Ether");
  EXPECT_TRUE(own.own_artwork);

  // A list on a channel of its own: that channel's logo.
  auto guide = page_of("gids", R"({"broadcasts":[]})");
  guide.params["channel"] = "3fm";
  auto logo = seo::share_card(guide, sites, base, sizes);
  EXPECT_EQ(logo.url, base + "/media/images/channels/3fm.webp");
  EXPECT_EQ(logo.size, (media::ImageSize{300, 300}));
  EXPECT_EQ(logo.alt, "Logo van 3FM");
  EXPECT_FALSE(logo.own_artwork);

  // A programme without artwork shows its channel's logo; a list the default channel's; so does a 404.
  auto bare = page_of("programma", R"({"programme":{"imageUrl":"/images/unknown_programme.webp",
                                       "channel":{"slug":"3fm","name":"3FM"}}})");
  EXPECT_EQ(seo::share_card(bare, sites, base, sizes).url, base + "/media/images/channels/3fm.webp");
  EXPECT_EQ(seo::share_card(page_of("programmas", R"({"programmes":[]})"), sites, base, sizes).url,
            base + "/media/images/channels/radio2.webp");
  auto missing = page_of("programma", kProgramme);
  missing.status = 404;
  EXPECT_EQ(seo::share_card(missing, sites, base, sizes).url, base + "/media/images/channels/radio2.webp");

  // Artwork whose file is gone is passed over; without any logo the site's default is left.
  present.erase("/media/images/programmes/de-ochtendploeg.webp");
  EXPECT_EQ(seo::share_card(page_of("programma", kProgramme), sites, base, sizes).url,
            base + "/media/images/channels/radio2.webp");
  auto fallback = seo::share_card(page_of("programmas", R"({"programmes":[]})"), site(), base, sizes);
  EXPECT_EQ(fallback.url, base + "/images/share.webp");
  EXPECT_EQ(fallback.size, (media::ImageSize{640, 360}));
  EXPECT_EQ(fallback.alt, "Logo van Ether");

  // Artwork on another site is shared as it is: its size is not known here.
  auto remote = seo::share_card(page_of("artikel", R"({"article":{"imageUrl":"https://cdn.example/a.jpg"}})"), sites,
                                base, sizes);
  EXPECT_EQ(remote.url, "https://cdn.example/a.jpg");
  EXPECT_FALSE(remote.size);
}

TEST(ShareImage, TheBodyMarkerOfTheBuiltIndexTakesThePageHtml) {
  shell::HtmlShell shell(
      "<html><head><title>Ether</title><!--ether-head--></head><body><div id=\"root\"><!--ether-body--></div>"
      "<!--ether-data--><script src=\"/a.js\"></script></body></html>");
  auto html = shell.render(page_of("programmas", R"({"programmes":[]})"), site(), "https://ether.example", "<p>x</p>");
  EXPECT_TRUE(has(html,
                  "<div id=\"root\"><p>x</p><!--/ether-body--></div><script type=\"application/json\" "
                  "id=\"ether-site\">"));
  EXPECT_FALSE(has(html, "<!--ether-body-->"));
}

}  // namespace
}  // namespace ether::render
