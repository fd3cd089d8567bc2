#include "admin/password_policy.hpp"

#include <gtest/gtest.h>

namespace ether::admin {
namespace {

TEST(PasswordPolicy, GuessablePasswordsOfTwelveCharactersAreRefused) {
  // Repeats, sequences, keyboard rows, common (breached) passwords with digits, words doubled.
  for (const char* weak : {"aaaaaaaaaaaa", "123456789012", "password1234", "qwertyuiop123", "passwordpassword",
                           "1qaz2wsx3edc", "abcdefghijkl", "iloveyou2024", "Password123!"}) {
    auto refusal = password_refusal(weak, {});
    ASSERT_TRUE(refusal.has_value()) << weak;
    EXPECT_NE(refusal->find("te makkelijk te raden"), std::string::npos) << weak;
  }
}

TEST(PasswordPolicy, TheAccountsOwnWordsAndTheStationsCountAsGuessed) {
  const std::vector<std::string> anna{"anna.vermeulen@omroep.example", "Anna Vermeulen"};
  EXPECT_TRUE(password_refusal("vermeulen#omroep", anna).has_value());
  EXPECT_TRUE(password_refusal("Vermeulen.Anna7", anna).has_value());
  // The same password is fine for someone whose name it does not hold.
  EXPECT_FALSE(password_refusal("Vermeulen.Anna7", {"kees@ether.local", "Kees"}).has_value());
  // The station's own words count for everyone.
  EXPECT_TRUE(password_refusal("etheromroep12", {}).has_value());
  EXPECT_TRUE(password_refusal("vermeulen#omroep", {"kees@ether.local", "Kees"}).has_value());
}

TEST(PasswordPolicy, LongPassphrasesAndRandomPasswordsAreAccepted) {
  for (const char* strong :
       {"een lang nieuw wachtwoord", "paard batterij nietje correct", "k7#Qm2!vX9pL", "eigen-studio-wachtwoord"}) {
    EXPECT_FALSE(password_refusal(strong, {}).has_value()) << strong;
    EXPECT_GE(password_guesses_log10(strong, {}), 8.0) << strong;
  }
}

TEST(PasswordPolicy, LengthIsCheckedFirst) {
  EXPECT_EQ(password_refusal("kort", {}), "Kies een wachtwoord van minstens 12 tekens.");
  EXPECT_EQ(password_refusal(std::string(1025, 'x'), {}), "Kies een wachtwoord van hoogstens 1024 tekens.");
}

}  // namespace
}  // namespace ether::admin
