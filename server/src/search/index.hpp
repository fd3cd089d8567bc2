#pragma once
// An in-memory inverted index over the site's searchable documents (programmes, presenters,
// articles, fragments, podcasts, episodes, played songs). Terms come from the Dutch analyzer; a
// query matches a document when every query term does (the last word may match as a prefix, for
// typing ahead). Ranking is BM25F with field weights title > names > summary > body, a boost when
// the folded query is the title or a phrase in it, a lower weight for prefix-only matches, and a
// small recency boost for news articles and fragments. Immutable once built: share it freely.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ether::search {

/// The result types in the order the groups appear, with their Dutch group labels.
struct TypeInfo {
  std::string_view type;
  std::string_view label;
};
inline constexpr std::array<TypeInfo, 7> kTypes = {{{"programma", "Programma's"},
                                                    {"presentator", "Presentatoren"},
                                                    {"artikel", "Nieuws"},
                                                    {"fragment", "Fragmenten"},
                                                    {"podcast", "Podcasts"},
                                                    {"aflevering", "Podcastafleveringen"},
                                                    {"track", "Gedraaide nummers"}}};

/// The label of a type of kTypes; empty for an unknown type.
std::string_view type_label(std::string_view type);

/// One searchable thing and how a hit on it is shown.
struct Document {
  std::string type;  // one of kTypes
  std::string title;
  std::string subtitle;  // shown under the title
  std::string url;       // where the hit links to (route rules of spec §2)
  std::string image_url;
  std::string names;              // people and names besides the title: presenters, artist, author, programme
  std::string summary;            // a short description
  std::string body;               // the long text
  std::int64_t published_at = 0;  // unix seconds; 0 when the type has no date
};

/// The documents to index and the time their recency is measured against.
struct Corpus {
  std::vector<Document> documents;
  std::int64_t now = 0;
};

struct Hit {
  std::size_t document = 0;  // position in Index::document()
  double score = 0;
};

/// The hits of one type, best first.
struct Group {
  std::string_view type;
  std::vector<Hit> hits;
};

class Index {
 public:
  explicit Index(Corpus corpus);

  /// The groups (in kTypes order, only those with hits) of the documents matching `query`. With
  /// `prefix_last` the last word also matches every indexed word it begins ("uitz" → "uitzending").
  [[nodiscard]] std::vector<Group> search(std::string_view query, bool prefix_last) const;

  [[nodiscard]] const Document& document(std::size_t position) const { return documents_[position]; }
  [[nodiscard]] std::size_t size() const { return documents_.size(); }

 private:
  static constexpr std::size_t kFields = 4;  // title, names, summary, body
  struct Posting {
    std::uint32_t document;
    std::array<std::uint16_t, kFields> frequency;
  };
  struct Alternative {
    const std::vector<Posting>* postings;
    double weight;  // 1 for the word itself, less for a word it only begins
  };

  [[nodiscard]] std::vector<Alternative> alternatives(const std::string& word, bool prefix) const;
  [[nodiscard]] double term_score(const Posting& posting, double idf) const;

  std::vector<Document> documents_;
  std::int64_t now_;
  std::vector<std::array<std::uint16_t, kFields>> lengths_;
  std::array<double, kFields> average_length_{};
  std::unordered_map<std::string, std::vector<Posting>> postings_;  // by stem
  std::vector<std::pair<std::string, std::string>> vocabulary_;     // (folded word, stem), sorted
  std::vector<std::string> folded_titles_;                          // words joined by one space
};

}  // namespace ether::search
