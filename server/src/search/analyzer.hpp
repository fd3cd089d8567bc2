#pragma once
// The Dutch analyzer of the search index: folds case and diacritics ("Café" → "cafe"), splits text
// into words at every character that is not a letter or digit, drops Dutch stop words and reduces
// each word to its Snowball Dutch stem ("uitzendingen" → "uitzend"), so that a query and a text
// meet on the same terms.

#include <string>
#include <string_view>
#include <vector>

namespace ether::search {

/// One word of a text: its folded form (for prefix matching) and its stem (for matching).
struct Token {
  std::string word;
  std::string stem;
};

/// The folded words of `text` in order, stop words included ("De Café's" → {"de", "cafe", "s"}).
std::vector<std::string> words(std::string_view text);

/// True for a Dutch stop word in folded form ("de", "het", "een", "en", ...).
bool is_stop_word(std::string_view folded_word);

/// The Snowball Dutch stem of a folded word ("uitzending" → "uitzend").
std::string stem(std::string_view folded_word);

/// The tokens of `text` without stop words: what the index stores and a query looks up.
std::vector<Token> analyze(std::string_view text);

}  // namespace ether::search
