#pragma once
// SHA-256 of a file's bytes, read in pieces (recordings are hundreds of megabytes).

#include <filesystem>
#include <string>

namespace ether::backup {

/// The lower-case hex SHA-256 of the file at `path`; throws std::runtime_error when it cannot be read.
std::string sha256_of_file(const std::filesystem::path& path);

}  // namespace ether::backup
