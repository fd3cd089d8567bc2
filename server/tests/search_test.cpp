// The search module: the Dutch analyzer, the index's matching and ranking, the service's refresh,
// and the search page and suggestion API over a real SQLite store (pages_fixture.hpp).
#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>

#include "api/search_api.hpp"
#include "pages_fixture.hpp"
#include "search/analyzer.hpp"
#include "search/index.hpp"
#include "search/search_service.hpp"

namespace ether::search {
namespace {
namespace json = boost::json;
using Words = std::vector<std::string>;

Words stems(std::string_view text) {
  Words out;
  for (const auto& token : analyze(text)) out.push_back(token.stem);
  return out;
}

Document doc(std::string type, std::string title, std::string summary = {}, std::string body = {},
             std::int64_t published_at = 0) {
  Document d;
  d.type = std::move(type);
  d.title = std::move(title);
  d.summary = std::move(summary);
  d.body = std::move(body);
  d.url = "/" + d.title;
  d.published_at = published_at;
  return d;
}

Words titles(const Index& index, const std::vector<Group>& groups) {
  Words out;
  for (const auto& group : groups) {
    for (const auto& hit : group.hits) out.push_back(index.document(hit.document).title);
  }
  return out;
}

TEST(SearchAnalyzer, FoldsCaseAndDiacriticsAndSplitsWords) {
  EXPECT_EQ(words("Café"), (Words{"cafe"}));
  EXPECT_EQ(words("  ÉÉN, twee-DRIE! Ærø's"), (Words{"een", "twee", "drie", "aero", "s"}));
  EXPECT_EQ(words("Ĳsselmeer Straße 2026"), (Words{"ijsselmeer", "strasse", "2026"}));
  EXPECT_TRUE(words(" ,.;!").empty());
}

TEST(SearchAnalyzer, StemsDutchWordsWithSnowball) {
  EXPECT_EQ(stem("uitzending"), stem("uitzendingen"));
  EXPECT_EQ(stem("fragmenten"), stem("fragment"));
  EXPECT_EQ(stem("nieuwsberichten"), stem("nieuwsbericht"));
  EXPECT_EQ(stem("uitzendingen"), "uitzend");
}

TEST(SearchAnalyzer, DropsStopWords) {
  EXPECT_TRUE(is_stop_word("de"));
  EXPECT_TRUE(is_stop_word("het"));
  EXPECT_FALSE(is_stop_word("radio"));
  EXPECT_EQ(stems("De uitzending van het jaar"), (Words{"uitzend", "jar"}));
  auto tokens = analyze("Café Fragmenten");
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens[0].word, "cafe");
  EXPECT_EQ(tokens[1].word, "fragmenten");
  EXPECT_EQ(tokens[1].stem, stem("fragment"));
}

TEST(SearchIndex, TitleMatchRanksAboveSummaryAboveBody) {
  Index index({{doc("programma", "Avondklok", "", "Zomer en muziek."), doc("programma", "Zomer"),
                doc("programma", "Middag", "Zomer en muziek.")},
               0});
  auto groups = index.search("zomer", false);
  EXPECT_EQ(titles(index, groups), (Words{"Zomer", "Middag", "Avondklok"}));
}

TEST(SearchIndex, ExactTitleRanksAbovePartialTitle) {
  Index index({{doc("podcast", "Radio Rapport Extra Lang"), doc("podcast", "Het Radio Rapport"),
                doc("podcast", "Radio Rapport")},
               0});
  auto groups = index.search("radio rapport", false);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(titles(index, groups).front(), "Radio Rapport");
  EXPECT_EQ(titles(index, groups).size(), 3u);
}

TEST(SearchIndex, MatchesStemsDiacriticsAndEveryWord) {
  Index index({{doc("artikel", "Alle uitzendingen terugluisteren"), doc("fragment", "Live in het café"),
                doc("artikel", "Uitzending uit Café Ether")},
               0});
  // Both match through the stem; the title that starts with the query ranks first.
  EXPECT_EQ(titles(index, index.search("uitzending", false)),
            (Words{"Uitzending uit Café Ether", "Alle uitzendingen terugluisteren"}));
  EXPECT_EQ(titles(index, index.search("CAFE", false)).size(), 2u);
  EXPECT_EQ(titles(index, index.search("uitzending cafe", false)), (Words{"Uitzending uit Café Ether"}));
  EXPECT_TRUE(index.search("uitzending onbekend", false).empty());
  EXPECT_TRUE(index.search("de het", false).empty());
  EXPECT_TRUE(index.search("   ", false).empty());
}

TEST(SearchIndex, PrefixMatchesTheLastWordOnly) {
  Index index({{doc("programma", "Uitzendingen gemist"), doc("programma", "Uitz")}, 0});
  EXPECT_EQ(titles(index, index.search("uitz", false)), (Words{"Uitz"}));
  auto typed = titles(index, index.search("uitz", true));
  EXPECT_EQ(typed, (Words{"Uitz", "Uitzendingen gemist"}));  // the word itself before a longer one
  EXPECT_EQ(titles(index, index.search("gemist uitzen", true)), (Words{"Uitzendingen gemist"}));
  EXPECT_TRUE(index.search("uitzen gemist", false).empty());
}

TEST(SearchIndex, GroupsByTypeInAFixedOrder) {
  Index index({{doc("track", "Jazz Nacht"), doc("artikel", "Jazz"), doc("programma", "Jazz Cafe"),
                doc("presentator", "Jazzy Jan", "", "jazz")},
               0});
  auto groups = index.search("jazz", false);
  Words types;
  for (const auto& group : groups) types.emplace_back(group.type);
  EXPECT_EQ(types, (Words{"programma", "presentator", "artikel", "track"}));
  EXPECT_EQ(type_label("artikel"), "Nieuws");
  EXPECT_EQ(type_label("onbekend"), "");
}

TEST(SearchIndex, RecentNewsAndFragmentsRankHigher) {
  const std::int64_t now = 1'800'000'000;
  Index index({{doc("fragment", "Weerbericht oud", "", "", now - 200 * 86400),
                doc("fragment", "Weerbericht nieuw", "", "", now - 3600), doc("programma", "Weerbericht oud"),
                doc("programma", "Weerbericht nieuw")},
               now});
  auto groups = index.search("weerbericht", false);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(index.document(groups[1].hits[0].document).title, "Weerbericht nieuw");
  EXPECT_GT(groups[1].hits[0].score, groups[1].hits[1].score);
  EXPECT_DOUBLE_EQ(groups[0].hits[0].score, groups[0].hits[1].score);  // no dates, no boost
}

TEST(SearchService, RebuildsOnlyWhenTheFingerprintChanges) {
  std::vector<Document> docs{doc("programma", "Eerste")};
  std::string fingerprint = "1";
  std::atomic<int> builds = 0;
  SearchService service({[&] {
                           ++builds;
                           return Corpus{docs, 0};
                         },
                         [&] { return fingerprint; }});
  EXPECT_EQ(service.index()->size(), 1u);
  EXPECT_FALSE(service.refresh());
  docs.push_back(doc("programma", "Tweede"));
  EXPECT_FALSE(service.refresh());
  EXPECT_TRUE(service.index()->search("tweede", false).empty());
  fingerprint = "2";
  auto before = service.index();
  EXPECT_TRUE(service.refresh());
  EXPECT_EQ(service.index()->search("tweede", false).size(), 1u);
  EXPECT_TRUE(before->search("tweede", false).empty());  // a reader keeps the index it holds
  EXPECT_EQ(builds.load(), 2);
}

TEST(SearchService, AFailedRebuildKeepsTheOldIndex) {
  bool fail = false;
  int version = 0;
  SearchService service({[&] {
                           if (fail) throw std::runtime_error("store down");
                           return Corpus{{doc("programma", "Blijft")}, 0};
                         },
                         [&] { return std::to_string(version); }});
  EXPECT_EQ(service.index()->size(), 1u);
  fail = true;
  version = 1;
  EXPECT_THROW(service.refresh(), std::runtime_error);
  EXPECT_EQ(service.index()->search("blijft", false).size(), 1u);
  fail = false;
  EXPECT_TRUE(service.refresh());
}

}  // namespace
}  // namespace ether::search

namespace ether::pages::testing {
namespace {
namespace json = boost::json;

std::string str(const json::value& value) { return std::string(value.as_string()); }

class SearchPagesTest : public PagesFixture {
 protected:
  http::Response suggest(const std::string& target, const std::string& if_none_match = "") {
    http::Router router;
    api::SearchApi api(loader_->search());
    api.add_routes(router);
    http::Request request;
    request.method = "GET";
    EXPECT_TRUE(http::parse_target(target, request));
    if (!if_none_match.empty()) request.headers.emplace("If-None-Match", if_none_match);
    return router.dispatch(request);
  }
};

TEST_P(SearchPagesTest, PagesEachGroupOnItsOwn) {
  auto first = load("/zoeken/sportbericht");
  ASSERT_EQ(first.data.at("groups").as_array().size(), 1u);
  const auto& group = first.data.at("groups").at(0);
  EXPECT_EQ(group.at("total").as_int64(), 14);
  EXPECT_EQ(group.at("page").as_int64(), 1);
  EXPECT_EQ(group.at("pageCount").as_int64(), 2);
  EXPECT_EQ(group.at("hits").as_array().size(), 10u);

  auto second = load("/zoeken/sportbericht", {{"type", "artikel"}, {"page", "2"}});
  const auto& paged = second.data.at("groups").at(0);
  EXPECT_EQ(paged.at("page").as_int64(), 2);
  EXPECT_EQ(paged.at("hits").as_array().size(), 4u);
  std::set<std::string> urls;
  for (const auto& page : {group, paged}) {
    for (const auto& hit : page.at("hits").as_array()) urls.insert(str(hit.at("url")));
  }
  EXPECT_EQ(urls.size(), 14u);  // the two pages share no hit

  auto past_end = load("/zoeken/sportbericht", {{"type", "artikel"}, {"page", "9"}});
  EXPECT_EQ(past_end.data.at("groups").at(0).at("page").as_int64(), 2);
  auto other_type = load("/zoeken/sportbericht", {{"type", "track"}, {"page", "2"}});
  EXPECT_EQ(other_type.data.at("groups").at(0).at("page").as_int64(), 1);
}

TEST_P(SearchPagesTest, FindsStemsAndNewestSportFirst) {
  auto r = load("/zoeken/sportberichten");
  ASSERT_EQ(r.data.at("groups").as_array().size(), 1u);
  EXPECT_EQ(r.data.at("groups").at(0).at("total").as_int64(), 14);
  // Same words everywhere: the recency boost puts the newest article first.
  EXPECT_EQ(str(r.data.at("groups").at(0).at("hits").at(0).at("title")), "Sportbericht 13");
}

TEST_P(SearchPagesTest, NewContentIsFoundAfterARefresh) {
  EXPECT_EQ(load("/zoeken/zeldzaam").data.at("groups").as_array().size(), 0u);
  exec(
      "INSERT INTO programmes (id, slug, name, channel_slug, summary, description, image_url) VALUES "
      "(9, 'zeldzame-platen', 'Zeldzame Platen', 'radio2', 'Platen die niemand kent.', '', '')");
  EXPECT_TRUE(loader_->search().refresh());
  EXPECT_FALSE(loader_->search().refresh());
  auto r = load("/zoeken/zeldzame");
  ASSERT_EQ(r.data.at("groups").as_array().size(), 1u);
  EXPECT_EQ(str(r.data.at("groups").at(0).at("hits").at(0).at("url")), "/programmas/zeldzame-platen");

  exec("UPDATE programmes SET summary = 'Onbekende platen uit het archief.' WHERE id = 9");
  EXPECT_TRUE(loader_->search().refresh());  // an edit changes the fingerprint too
  EXPECT_EQ(load("/zoeken/archief").data.at("groups").as_array().size(), 1u);
}

TEST_P(SearchPagesTest, AnArticleIsFoundByTheWordsOfItsListItems) {
  exec(
      "INSERT INTO articles (id, slug, category_slug, programme_id, title, intro, author, image_url, body_json, "
      "published_at) VALUES (92, 'lijst', 'sport', NULL, 'Lijst', 'Intro.', 'Piet', '', "
      "'[{\"type\": \"list\", \"ordered\": true, \"items\": [{\"text\": \"Opstelling\"}, "
      "{\"text\": \"Wisselspelers\", \"html\": \"<strong>Wisselspelers</strong>\"}]}]', " +
      std::to_string(kNow - 60) + ")");
  EXPECT_TRUE(loader_->search().refresh());
  auto r = load("/zoeken/wisselspelers");
  ASSERT_EQ(r.data.at("groups").as_array().size(), 1u);
  EXPECT_EQ(str(r.data.at("groups").at(0).at("hits").at(0).at("url")), "/nieuws/sport/92/lijst");
}

TEST_P(SearchPagesTest, KeptSuggestionsGiveWayToARebuiltIndex) {
  // One API for every request, as the server has: its kept answers must not outlive the index.
  http::Router router;
  api::SearchApi api(loader_->search());
  api.add_routes(router);
  auto total = [&router] {
    http::Request request;
    request.method = "GET";
    EXPECT_TRUE(http::parse_target("/api/search/zeldz", request));
    auto response = router.dispatch(request);
    EXPECT_EQ(response.status, 200u);
    return json::parse(response.payload()).at("total").as_int64();
  };
  EXPECT_EQ(total(), 0);
  EXPECT_EQ(total(), 0);
  exec(
      "INSERT INTO programmes (id, slug, name, channel_slug, summary, description, image_url) VALUES "
      "(9, 'zeldzame-platen', 'Zeldzame Platen', 'radio2', 'Platen die niemand kent.', '', '')");
  EXPECT_EQ(total(), 0);  // the index has not been rebuilt yet
  EXPECT_TRUE(loader_->search().refresh());
  EXPECT_EQ(total(), 1);
}

TEST_P(SearchPagesTest, SuggestionsHaveTheirShape) {
  auto response = suggest("/api/search/koff");
  ASSERT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(response.header("Cache-Control"), "public, max-age=60");
  auto body = json::parse(response.payload()).as_object();
  EXPECT_EQ(str(body.at("term")), "koff");
  const auto& suggestions = body.at("suggestions").as_array();
  ASSERT_GE(suggestions.size(), 2u);
  std::set<std::string> keys;
  for (const auto& [key, value] : suggestions[0].as_object()) keys.insert(std::string(key));
  EXPECT_EQ(keys, (std::set<std::string>{"type", "label", "title", "subtitle", "url", "imageUrl"}));
  EXPECT_EQ(str(suggestions[0].at("type")), "programma");
  EXPECT_EQ(str(suggestions[0].at("title")), "Koffiepauze");
  EXPECT_EQ(str(suggestions[0].at("url")), "/programmas/koffiepauze");
  EXPECT_EQ(str(suggestions.back().at("type")), "track");
  EXPECT_EQ(str(suggestions.back().at("title")), "Koffie Zwart");
  EXPECT_EQ(str(suggestions.back().at("label")), "Gedraaide nummers");
}

TEST_P(SearchPagesTest, SuggestionsAreAtMostEightOrderedByType) {
  auto response = suggest("/api/search/sportb");
  ASSERT_EQ(response.status, 200u);
  auto body = json::parse(response.payload()).as_object();
  EXPECT_EQ(body.at("total").as_int64(), 14);
  EXPECT_EQ(body.at("suggestions").as_array().size(), api::kMaxSuggestions);

  auto mixed = json::parse(suggest("/api/search/e").payload()).as_object();
  std::vector<std::size_t> order;
  for (const auto& s : mixed.at("suggestions").as_array()) {
    std::size_t i = 0;
    while (search::kTypes[i].type != s.at("type").as_string()) ++i;
    order.push_back(i);
  }
  EXPECT_LE(order.size(), api::kMaxSuggestions);
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end()));
}

TEST_P(SearchPagesTest, SuggestionsRefuseBadTerms) {
  for (const auto* target : {"/api/search/%20%20", "/api/search/", "/api/search", "/api/search/%C3%28"}) {
    auto response = suggest(target);
    EXPECT_EQ(response.status, 400u) << target;
    EXPECT_EQ(str(json::parse(response.payload()).at("error").at("code")), "bad_term") << target;
  }
  EXPECT_EQ(suggest("/api/search/" + std::string(101, 'a')).status, 400u);
  EXPECT_EQ(suggest("/api/search/" + std::string(100, 'a')).status, 200u);
}

TEST_P(SearchPagesTest, SuggestionsAnswerNotModified) {
  auto first = suggest("/api/search/queen");
  ASSERT_EQ(first.status, 200u);
  auto etag = first.header("ETag");
  ASSERT_FALSE(etag.empty());
  auto again = suggest("/api/search/queen", std::string(etag));
  EXPECT_EQ(again.status, 304u);
  EXPECT_TRUE(again.payload().empty());
}

INSTANTIATE_TEST_SUITE_P(Store, SearchPagesTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::pages::testing
