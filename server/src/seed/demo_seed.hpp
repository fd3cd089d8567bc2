#pragma once
// The demo station: server/seed/demo-station.json (format in docs/demo-station.md) and the media
// manifest, written once into an empty store.

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "store/database.hpp"

namespace ether::seed {

/// A seed file or manifest that cannot be read or refers to something missing; the message names it.
class SeedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Seeds the demo station unless the setting `demo_seeded` exists; returns true when it seeded.
/// `media_dir` holds manifest.json; times in the seed are relative to `now`. Everything is written in
/// one transaction: on any error (SeedError for bad input) nothing is written.
bool seed_demo_station_if_empty(store::Database& db, const std::filesystem::path& seed_file,
                                const std::filesystem::path& media_dir, std::chrono::system_clock::time_point now);

}  // namespace ether::seed
