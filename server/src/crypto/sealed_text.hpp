#pragma once
// Secrets the store must keep but a copy of the store must not reveal (the second factor's TOTP
// secrets): sealed with libsodium's secretbox (XSalsa20-Poly1305) under a key kept apart from the
// store, as "sealed:v1:" and the hex of a random nonce and the ciphertext.

#include <optional>
#include <string>
#include <string_view>

namespace ether::crypto {

/// The length of a sealing key in bytes (crypto_secretbox_KEYBYTES).
inline constexpr std::size_t kSealingKeyBytes = 32;

/// A sealing key from 64 hex characters; nullopt for anything else.
[[nodiscard]] std::optional<std::string> sealing_key_from_hex(std::string_view hex);

/// True when `stored` was written by seal() (else it is a plain value of before sealing).
[[nodiscard]] bool is_sealed(std::string_view stored);

/// `plain` sealed under `key` (kSealingKeyBytes raw bytes), with a fresh nonce each time.
[[nodiscard]] std::string seal(std::string_view plain, std::string_view key);

/// The plain text of a sealed value; nullopt when it is not one, or `key` did not seal it (or it
/// was changed).
[[nodiscard]] std::optional<std::string> unseal(std::string_view stored, std::string_view key);

}  // namespace ether::crypto
