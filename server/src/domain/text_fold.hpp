#pragma once
// Case- and diacritic-insensitive text comparison for search, done in C++ so that it behaves the
// same on SQLite and PostgreSQL whatever their collations. In domain/ because the search index
// (search/) and the pages (pages/) both fold text.

#include <string>
#include <string_view>

namespace ether::domain {

/// Lowercases ASCII and maps common Latin letters with diacritics (U+00C0..U+017F) in UTF-8 to their
/// base letters ("Café" → "cafe", "Ærø" → "aero", "Straße" → "strasse"); other bytes pass through.
std::string fold_text(std::string_view text);

/// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool valid_utf8(std::string_view text);

}  // namespace ether::domain
