#include "admin/password_policy.hpp"

#include <zxcvbn.h>

#include <cmath>

namespace ether::admin {

namespace {

// Words of the station a guesser tries first, beside the account's own.
constexpr const char* kStationWords[] = {"ether", "omroep", "radio", "beheer", "wachtwoord", "welkom"};

// The parts of an e-mail address and a name ("anna.de.boer@omroep.example" gives "anna", "de",
// "boer", "omroep", "example") besides the whole.
void add_words(std::string_view text, std::vector<std::string>& words) {
  if (text.empty()) return;
  words.emplace_back(text);
  std::string word;
  for (char c : text) {
    if (c == '@' || c == '.' || c == ' ' || c == '-' || c == '_' || c == '+') {
      if (word.size() >= 3) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (word.size() >= 3) words.push_back(word);
}

}  // namespace

double password_guesses_log10(std::string_view password, const std::vector<std::string>& context) {
  std::vector<std::string> words;
  for (const auto& entry : context) add_words(entry, words);
  for (const char* word : kStationWords) words.emplace_back(word);
  std::vector<const char*> dictionary;
  dictionary.reserve(words.size() + 1);
  for (const auto& word : words) dictionary.push_back(word.c_str());
  dictionary.push_back(nullptr);
  const std::string text(password);
  // ZxcvbnMatch answers in bits: log2 of the guesses.
  const double bits = ZxcvbnMatch(text.c_str(), dictionary.data(), nullptr);
  return bits * std::log10(2.0);
}

std::optional<std::string> password_refusal(std::string_view password, const std::vector<std::string>& context) {
  if (password.size() < kMinPasswordLength) return "Kies een wachtwoord van minstens 12 tekens.";
  if (password.size() > kMaxPasswordLength) return "Kies een wachtwoord van hoogstens 1024 tekens.";
  if (password_guesses_log10(password, context) < std::log10(kMinPasswordGuesses)) {
    return "Dit wachtwoord is te makkelijk te raden: het staat in lijsten van veelgebruikte of gelekte "
           "wachtwoorden, of is een herhaling, reeks of woord. Kies bijvoorbeeld vier losse woorden.";
  }
  return std::nullopt;
}

}  // namespace ether::admin
