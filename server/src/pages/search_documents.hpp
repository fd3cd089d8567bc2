#pragma once
// What the search index is built from: every programme, presenter, article, fragment, podcast feed
// and episode, and every song played up to now, as search::Document with its hit URL built by the
// route rules of spec §2; and a cheap fingerprint of those tables that changes when any of them
// gains, loses or edits a row (or a song is played, or the day changes).

#include <cstdint>
#include <string>

#include "search/index.hpp"
#include "store/database.hpp"

namespace ether::pages {

/// The documents of the store at `now` (unix seconds); `default_channel` shapes the played-tracks URLs.
search::Corpus search_corpus(store::Database& db, const std::string& default_channel, std::int64_t now);

/// Counts, text lengths and row versions of the searchable tables, the store's content version
/// (store/content_version.hpp), the dated items visible at `now`, the newest play up to `now` and
/// today's date: equal fingerprints mean an equal corpus.
std::string search_fingerprint(store::Database& db, std::int64_t now);

}  // namespace ether::pages
