#pragma once
// The server's message authentication (libsodium): HMAC-SHA-256 for stream tokens and webhook
// signatures, and a comparison of secrets that takes the same time wherever they differ.

#include <initializer_list>
#include <string>
#include <string_view>

namespace ether::crypto {

/// HMAC-SHA-256 of the concatenated `parts` under `key`: 32 raw bytes.
[[nodiscard]] std::string hmac_sha256(std::string_view key, std::initializer_list<std::string_view> parts);

/// Lower-case hexadecimal of `bytes`.
[[nodiscard]] std::string to_hex(std::string_view bytes);

/// Equality of two strings of any lengths in constant time: their BLAKE2b digests are compared, so
/// neither where they differ nor the length of the secret shows in the time taken.
[[nodiscard]] bool equal_in_constant_time(std::string_view a, std::string_view b);

/// Equality in constant time of a string whose length is no secret (a signature of a fixed length):
/// unequal lengths answer false at once, equal ones are compared byte for byte in constant time,
/// without equal_in_constant_time's two digests.
[[nodiscard]] bool equal_of_public_length(std::string_view a, std::string_view b);

}  // namespace ether::crypto
