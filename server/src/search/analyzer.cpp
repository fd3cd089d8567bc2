#include "search/analyzer.hpp"

#include <libstemmer.h>

#include <algorithm>
#include <iterator>
#include <memory>

#include "domain/text_fold.hpp"

namespace ether::search {
namespace {

// The stop words of Snowball's Dutch list, folded.
constexpr std::string_view kStopWords[] = {
    "aan",   "al",   "alles",   "als",  "altijd", "andere", "ben",    "bij",   "daar",   "dan",   "dat",   "de",
    "der",   "deze", "die",     "dit",  "doch",   "doen",   "door",   "dus",   "een",    "eens",  "en",    "er",
    "ge",    "geen", "geweest", "haar", "had",    "heb",    "hebben", "heeft", "hem",    "het",   "hier",  "hij",
    "hoe",   "hun",  "iemand",  "iets", "ik",     "in",     "is",     "ja",    "je",     "kan",   "kon",   "kunnen",
    "maar",  "me",   "meer",    "men",  "met",    "mij",    "mijn",   "moet",  "na",     "naar",  "niet",  "niets",
    "nog",   "nu",   "of",      "om",   "omdat",  "onder",  "ons",    "ook",   "op",     "over",  "reeds", "te",
    "tegen", "toch", "toen",    "tot",  "u",      "uit",    "uw",     "van",   "veel",   "voor",  "want",  "waren",
    "was",   "wat",  "we",      "wel",  "werd",   "wezen",  "wie",    "wil",   "worden", "wordt", "zal",   "ze",
    "zelf",  "zich", "zij",     "zijn", "zo",     "zonder", "zou",    "'t"};

bool is_word_byte(unsigned char byte) {
  // Bytes of multi-byte UTF-8 sequences that folding kept (letters of other scripts) belong to words.
  return (byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9') || byte >= 0x80;
}

struct StemmerDeleter {
  void operator()(sb_stemmer* stemmer) const { sb_stemmer_delete(stemmer); }
};

// libstemmer's stemmers keep state between calls, so every thread gets its own.
sb_stemmer& dutch_stemmer() {
  thread_local std::unique_ptr<sb_stemmer, StemmerDeleter> stemmer(sb_stemmer_new("dutch", "UTF_8"));
  return *stemmer;
}

}  // namespace

std::vector<std::string> words(std::string_view text) {
  auto folded = domain::fold_text(text);
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < folded.size()) {
    while (i < folded.size() && !is_word_byte(static_cast<unsigned char>(folded[i]))) ++i;
    std::size_t start = i;
    while (i < folded.size() && is_word_byte(static_cast<unsigned char>(folded[i]))) ++i;
    if (i > start) out.emplace_back(folded.substr(start, i - start));
  }
  return out;
}

bool is_stop_word(std::string_view folded_word) {
  return std::find(std::begin(kStopWords), std::end(kStopWords), folded_word) != std::end(kStopWords);
}

std::string stem(std::string_view folded_word) {
  auto& stemmer = dutch_stemmer();
  const auto* stemmed = sb_stemmer_stem(&stemmer, reinterpret_cast<const sb_symbol*>(folded_word.data()),
                                        static_cast<int>(folded_word.size()));
  if (stemmed == nullptr) return std::string(folded_word);
  return {reinterpret_cast<const char*>(stemmed), static_cast<std::size_t>(sb_stemmer_length(&stemmer))};
}

std::vector<Token> analyze(std::string_view text) {
  std::vector<Token> tokens;
  for (auto& word : words(text)) {
    if (is_stop_word(word)) continue;
    auto stemmed = stem(word);
    tokens.push_back({std::move(word), std::move(stemmed)});
  }
  return tokens;
}

}  // namespace ether::search
