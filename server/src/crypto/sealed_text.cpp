#include "crypto/sealed_text.hpp"

#include <sodium.h>

#include <stdexcept>

namespace ether::crypto {
namespace {

constexpr std::string_view kPrefix = "sealed:v1:";

std::optional<std::string> from_hex(std::string_view hex) {
  std::string bytes(hex.size() / 2, '\0');
  std::size_t length = 0;
  if (hex.size() % 2 != 0 ||
      sodium_hex2bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), hex.data(), hex.size(), nullptr,
                     &length, nullptr) != 0 ||
      length != bytes.size()) {
    return std::nullopt;
  }
  return bytes;
}

std::string to_hex_text(const unsigned char* bytes, std::size_t size) {
  std::string hex(size * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes, size);
  hex.pop_back();
  return hex;
}

}  // namespace

std::optional<std::string> sealing_key_from_hex(std::string_view hex) {
  auto key = from_hex(hex);
  if (!key || key->size() != kSealingKeyBytes) return std::nullopt;
  return key;
}

bool is_sealed(std::string_view stored) { return stored.starts_with(kPrefix); }

std::string seal(std::string_view plain, std::string_view key) {
  if (key.size() != crypto_secretbox_KEYBYTES) throw std::invalid_argument("a sealing key is 32 bytes");
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
  std::string box(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES + plain.size(), '\0');
  auto* nonce = reinterpret_cast<unsigned char*>(box.data());
  randombytes_buf(nonce, crypto_secretbox_NONCEBYTES);
  crypto_secretbox_easy(nonce + crypto_secretbox_NONCEBYTES, reinterpret_cast<const unsigned char*>(plain.data()),
                        plain.size(), nonce, reinterpret_cast<const unsigned char*>(key.data()));
  return std::string(kPrefix) + to_hex_text(nonce, box.size());
}

std::optional<std::string> unseal(std::string_view stored, std::string_view key) {
  if (!is_sealed(stored) || key.size() != crypto_secretbox_KEYBYTES) return std::nullopt;
  const auto box = from_hex(stored.substr(kPrefix.size()));
  if (!box || box->size() < crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES) return std::nullopt;
  const auto* nonce = reinterpret_cast<const unsigned char*>(box->data());
  std::string plain(box->size() - crypto_secretbox_NONCEBYTES - crypto_secretbox_MACBYTES, '\0');
  if (crypto_secretbox_open_easy(reinterpret_cast<unsigned char*>(plain.data()), nonce + crypto_secretbox_NONCEBYTES,
                                 box->size() - crypto_secretbox_NONCEBYTES, nonce,
                                 reinterpret_cast<const unsigned char*>(key.data())) != 0) {
    return std::nullopt;
  }
  return plain;
}

}  // namespace ether::crypto
