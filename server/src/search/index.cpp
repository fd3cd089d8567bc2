#include "search/index.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "search/analyzer.hpp"

namespace ether::search {
namespace {

constexpr std::array<double, 4> kFieldWeight = {5.0, 2.5, 1.5, 1.0};  // title, names, summary, body
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;
constexpr double kPrefixWeight = 0.7;  // a word the query only begins ranks below the word itself
constexpr double kRecencyBoost = 0.25;
constexpr double kRecencyDays = 30;

std::string joined_words(std::string_view text) {
  std::string out;
  for (const auto& word : words(text)) {
    if (!out.empty()) out.push_back(' ');
    out += word;
  }
  return out;
}

// An exact title beats a title that starts with the query, which beats one holding it as a phrase.
double phrase_boost(const std::string& title, const std::string& query) {
  if (query.empty()) return 1;
  if (title == query) return 2.0;
  if (title.starts_with(query + ' ')) return 1.6;
  if (title.find(' ' + query + ' ') != std::string::npos || title.ends_with(' ' + query)) return 1.3;
  return 1;
}

}  // namespace

std::string_view type_label(std::string_view type) {
  for (const auto& info : kTypes) {
    if (info.type == type) return info.label;
  }
  return {};
}

Index::Index(Corpus corpus) : documents_(std::move(corpus.documents)), now_(corpus.now) {
  std::unordered_map<std::string, std::string> vocabulary;
  std::array<double, kFields> total_length{};
  lengths_.reserve(documents_.size());
  folded_titles_.reserve(documents_.size());
  for (std::size_t d = 0; d < documents_.size(); ++d) {
    const auto& doc = documents_[d];
    const std::array<const std::string*, kFields> fields = {&doc.title, &doc.names, &doc.summary, &doc.body};
    std::unordered_map<std::string, std::array<std::uint16_t, kFields>> frequencies;
    std::array<std::uint16_t, kFields> lengths{};
    for (std::size_t f = 0; f < kFields; ++f) {
      for (auto& token : analyze(*fields[f])) {
        auto& count = frequencies[token.stem][f];
        if (count < std::numeric_limits<std::uint16_t>::max()) ++count;
        if (lengths[f] < std::numeric_limits<std::uint16_t>::max()) ++lengths[f];
        vocabulary.try_emplace(std::move(token.word), std::move(token.stem));
      }
      total_length[f] += lengths[f];
    }
    for (auto& [stem, frequency] : frequencies) {
      postings_[stem].push_back({static_cast<std::uint32_t>(d), frequency});
    }
    lengths_.push_back(lengths);
    folded_titles_.push_back(joined_words(doc.title));
  }
  for (std::size_t f = 0; f < kFields; ++f) {
    average_length_[f] =
        documents_.empty() ? 1 : std::max(1.0, total_length[f] / static_cast<double>(documents_.size()));
  }
  vocabulary_.assign(vocabulary.begin(), vocabulary.end());
  std::sort(vocabulary_.begin(), vocabulary_.end());
}

std::vector<Index::Alternative> Index::alternatives(const std::string& word, bool prefix) const {
  std::vector<Alternative> out;
  auto own_stem = stem(word);
  if (auto it = postings_.find(own_stem); it != postings_.end()) out.push_back({&it->second, 1.0});
  if (!prefix) return out;
  std::vector<std::string_view> seen{own_stem};
  for (auto it = std::lower_bound(vocabulary_.begin(), vocabulary_.end(), std::make_pair(word, std::string()));
       it != vocabulary_.end() && it->first.starts_with(word); ++it) {
    if (std::find(seen.begin(), seen.end(), it->second) != seen.end()) continue;
    seen.push_back(it->second);
    if (auto p = postings_.find(it->second); p != postings_.end()) out.push_back({&p->second, kPrefixWeight});
  }
  return out;
}

double Index::term_score(const Posting& posting, double idf) const {
  double weighted = 0;
  const auto& lengths = lengths_[posting.document];
  for (std::size_t f = 0; f < kFields; ++f) {
    if (posting.frequency[f] == 0) continue;
    double norm = 1 - kB + kB * lengths[f] / average_length_[f];
    weighted += kFieldWeight[f] * posting.frequency[f] / norm;
  }
  return idf * weighted * (kK1 + 1) / (weighted + kK1);
}

std::vector<Group> Index::search(std::string_view query, bool prefix_last) const {
  auto query_words = words(query);
  std::vector<Group> groups;
  if (query_words.empty() || documents_.empty()) return groups;

  // Each query word is one slot that a document must fill; a slot scores its best alternative.
  std::vector<std::vector<Alternative>> slots;
  for (std::size_t i = 0; i < query_words.size(); ++i) {
    bool prefix = prefix_last && i + 1 == query_words.size();
    if (!prefix && is_stop_word(query_words[i])) continue;
    auto found = alternatives(query_words[i], prefix);
    if (found.empty()) {
      if (prefix && is_stop_word(query_words[i])) continue;  // "de" typed last matches nothing more
      return groups;
    }
    slots.push_back(std::move(found));
  }
  if (slots.empty()) return groups;

  const auto n = static_cast<double>(documents_.size());
  std::vector<double> scores(documents_.size(), 0);
  std::vector<std::uint32_t> filled(documents_.size(), 0);
  std::vector<double> slot_score(documents_.size(), 0);
  std::vector<std::uint32_t> touched;
  for (std::uint32_t s = 0; s < slots.size(); ++s) {
    touched.clear();
    for (const auto& alternative : slots[s]) {
      auto df = static_cast<double>(alternative.postings->size());
      double idf = std::log(1 + (n - df + 0.5) / (df + 0.5));
      for (const auto& posting : *alternative.postings) {
        if (filled[posting.document] != s) continue;  // missed an earlier slot
        double score = alternative.weight * term_score(posting, idf);
        if (slot_score[posting.document] == 0) touched.push_back(posting.document);
        slot_score[posting.document] = std::max(slot_score[posting.document], score);
      }
    }
    for (auto d : touched) {
      scores[d] += slot_score[d];
      slot_score[d] = 0;
      filled[d] = s + 1;
    }
  }

  auto folded_query = joined_words(query);
  std::vector<std::vector<Hit>> by_type(kTypes.size());
  for (std::size_t d = 0; d < documents_.size(); ++d) {
    if (filled[d] != slots.size()) continue;
    const auto& doc = documents_[d];
    double score = scores[d] * phrase_boost(folded_titles_[d], folded_query);
    if ((doc.type == "artikel" || doc.type == "fragment") && doc.published_at > 0) {
      double age_days = std::max<double>(0, static_cast<double>(now_ - doc.published_at) / 86400.0);
      score *= 1 + kRecencyBoost * std::exp(-age_days / kRecencyDays);
    }
    for (std::size_t t = 0; t < kTypes.size(); ++t) {
      if (kTypes[t].type == doc.type) by_type[t].push_back({d, score});
    }
  }
  for (std::size_t t = 0; t < kTypes.size(); ++t) {
    if (by_type[t].empty()) continue;
    std::stable_sort(by_type[t].begin(), by_type[t].end(),
                     [](const Hit& a, const Hit& b) { return a.score > b.score; });
    groups.push_back({kTypes[t].type, std::move(by_type[t])});
  }
  return groups;
}

}  // namespace ether::search
