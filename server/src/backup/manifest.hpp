#pragma once
// The manifest of a backup (manifest.json in its directory): which Ether and schema made it,
// when, from which kind of store, and every file with its size and SHA-256. A backup directory
// without a manifest is not a backup: the manifest is written last, after everything was checked.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ether::backup {

struct ManifestFile {
  std::string path;  // relative to the backup directory, with '/'
  std::uint64_t size = 0;
  std::string sha256;
};

struct Manifest {
  std::string ether_version;
  int schema_version = 0;
  std::string created_at;  // UTC, ISO 8601
  std::string store;       // "sqlite" or "postgresql"
  bool with_recordings = true;
  std::vector<ManifestFile> files;
};

inline constexpr const char* kManifestName = "manifest.json";

/// Lists every regular file under `dir` (the manifest itself left out) with its size and SHA-256.
std::vector<ManifestFile> list_files(const std::filesystem::path& dir);

/// Writes `manifest` as `dir`/manifest.json, flushed to the disk.
void write_manifest(const std::filesystem::path& dir, const Manifest& manifest);

/// Reads `dir`/manifest.json; nullopt with `problem` set when it is missing or not a manifest.
std::optional<Manifest> read_manifest(const std::filesystem::path& dir, std::string& problem);

/// Every way in which `dir` differs from its manifest: a file missing, of another size or
/// checksum, or not listed. Empty when the backup is whole.
std::vector<std::string> verify_files(const std::filesystem::path& dir, const Manifest& manifest);

}  // namespace ether::backup
