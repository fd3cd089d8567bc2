#pragma once
// Which passwords may be chosen (ASVS 2.1): 12 to 1024 characters, and not guessable. Guessable is
// what Debian's libzxcvbn (zxcvbn-c, Dropbox's estimator) puts under 10^8 guesses, zxcvbn's score
// 3: its built-in lists of the most common breached passwords, English words and names, keyboard
// rows, number and letter sequences, repeats, dates, l33t spellings and reversals, checked offline,
// and the words of the account itself (its e-mail address and name) and of the station.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::admin {

inline constexpr std::size_t kMinPasswordLength = 12;
inline constexpr std::size_t kMaxPasswordLength = 1024;

/// Estimated guesses below which a password is refused (zxcvbn's score 3 starts here).
inline constexpr double kMinPasswordGuesses = 1e8;

/// log10 of the guesses libzxcvbn estimates for `password`, with `context` (e-mail, name) as words
/// a guesser would try first.
double password_guesses_log10(std::string_view password, const std::vector<std::string>& context);

/// Why `password` may not be chosen, as a Dutch sentence for the form; nullopt when it may.
std::optional<std::string> password_refusal(std::string_view password, const std::vector<std::string>& context);

}  // namespace ether::admin
