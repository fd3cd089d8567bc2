#include "backup/manifest.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "backup/file_digest.hpp"

namespace ether::backup {

namespace fs = std::filesystem;
namespace json = boost::json;

namespace {

void sync_file(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// The regular files under `dir` as paths relative to it, the manifest left out.
std::vector<std::string> relative_paths(const fs::path& dir) {
  std::vector<std::string> paths;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    auto relative = fs::relative(entry.path(), dir).generic_string();
    if (relative != kManifestName) paths.push_back(std::move(relative));
  }
  return paths;
}

}  // namespace

std::vector<ManifestFile> list_files(const fs::path& dir) {
  std::vector<ManifestFile> files;
  for (const auto& relative : relative_paths(dir)) {
    const auto path = dir / relative;
    files.push_back({relative, fs::file_size(path), sha256_of_file(path)});
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return files;
}

void write_manifest(const fs::path& dir, const Manifest& manifest) {
  json::array files;
  for (const auto& file : manifest.files) {
    files.push_back(json::object{{"path", file.path}, {"size", file.size}, {"sha256", file.sha256}});
  }
  const json::object document{{"format", 1},
                              {"etherVersion", manifest.ether_version},
                              {"schemaVersion", manifest.schema_version},
                              {"createdAt", manifest.created_at},
                              {"store", manifest.store},
                              {"withRecordings", manifest.with_recordings},
                              {"files", std::move(files)}};
  const auto path = dir / kManifestName;
  {
    std::ofstream out(path, std::ios::trunc);
    out << json::serialize(document) << "\n";
    if (!out) throw std::runtime_error("cannot write " + path.string());
  }
  sync_file(path);
}

std::optional<Manifest> read_manifest(const fs::path& dir, std::string& problem) {
  std::ifstream in(dir / kManifestName);
  if (!in) {
    problem =
        "no " + std::string(kManifestName) + " in " + dir.string() + " (not a backup, or one that did not finish)";
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    const auto document = json::parse(text.str()).as_object();
    Manifest manifest;
    manifest.ether_version = json::value_to<std::string>(document.at("etherVersion"));
    manifest.schema_version = json::value_to<int>(document.at("schemaVersion"));
    manifest.created_at = json::value_to<std::string>(document.at("createdAt"));
    manifest.store = json::value_to<std::string>(document.at("store"));
    manifest.with_recordings = document.at("withRecordings").as_bool();
    for (const auto& entry : document.at("files").as_array()) {
      const auto& file = entry.as_object();
      manifest.files.push_back({json::value_to<std::string>(file.at("path")),
                                json::value_to<std::uint64_t>(file.at("size")),
                                json::value_to<std::string>(file.at("sha256"))});
    }
    if (manifest.store != "sqlite" && manifest.store != "postgresql") throw std::runtime_error("unknown store");
    return manifest;
  } catch (const std::exception& error) {
    problem = (dir / kManifestName).string() + " is not a backup manifest: " + error.what();
    return std::nullopt;
  }
}

std::vector<std::string> verify_files(const fs::path& dir, const Manifest& manifest) {
  std::vector<std::string> problems;
  std::set<std::string> listed;
  for (const auto& file : manifest.files) {
    listed.insert(file.path);
    const auto path = dir / file.path;
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) {
      problems.push_back(file.path + " is missing");
    } else if (size != file.size) {
      problems.push_back(file.path + " has " + std::to_string(size) + " bytes, not " + std::to_string(file.size));
    } else if (sha256_of_file(path) != file.sha256) {
      problems.push_back(file.path + " does not match its checksum");
    }
  }
  for (const auto& relative : relative_paths(dir)) {
    if (!listed.contains(relative)) problems.push_back(relative + " is not in the manifest");
  }
  return problems;
}

}  // namespace ether::backup
