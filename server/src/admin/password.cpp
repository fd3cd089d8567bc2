#include "admin/password.hpp"

#include <sodium.h>

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <semaphore>
#include <stdexcept>
#include <utility>
#include <vector>

#include "crypto/hmac.hpp"

namespace ether::admin {
namespace {

// sodium_init is idempotent and thread-safe; every entry point calls it so that no caller has to.
void ensure_sodium() {
  static const bool ready = [] { return sodium_init() >= 0; }();
  if (!ready) throw std::runtime_error("libsodium cannot be initialised");
}

// At most this many argon2 computations at once in the process, each about 64 MiB: password
// guessing from many connections then costs a bounded 128 MiB, not the workers times 64 MiB, and
// the other workers stay free for everyone else's requests. A check waits for its turn.
std::counting_semaphore<kConcurrentPasswordHashes>& password_work() {
  static std::counting_semaphore<kConcurrentPasswordHashes> slots(kConcurrentPasswordHashes);
  return slots;
}

struct PasswordWorkTurn {
  PasswordWorkTurn() { password_work().acquire(); }
  ~PasswordWorkTurn() { password_work().release(); }
  PasswordWorkTurn(const PasswordWorkTurn&) = delete;
  PasswordWorkTurn& operator=(const PasswordWorkTurn&) = delete;
  PasswordWorkTurn(PasswordWorkTurn&&) = delete;
  PasswordWorkTurn& operator=(PasswordWorkTurn&&) = delete;
};

std::string to_hex(const unsigned char* data, std::size_t size) {
  return crypto::to_hex(std::string_view(reinterpret_cast<const char*>(data), size));
}

}  // namespace

const PasswordCost kInteractiveCost{crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
const PasswordCost kMinimumCost{crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};

std::string hash_password(std::string_view password, const PasswordCost& cost) {
  ensure_sodium();
  std::array<char, crypto_pwhash_STRBYTES> out{};
  const PasswordWorkTurn turn;
  if (crypto_pwhash_str_alg(out.data(), password.data(), password.size(), cost.ops_limit, cost.mem_limit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("cannot hash a password: out of memory");
  }
  return {out.data()};
}

bool verify_password(std::string_view hash, std::string_view password) {
  ensure_sodium();
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES) return false;
  std::string terminated(hash);  // crypto_pwhash_str_verify reads a C string
  const PasswordWorkTurn turn;
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

const std::string& stand_in_hash(const PasswordCost& cost) {
  // Made once with crypto_pwhash_str_alg at the interactive cost from 32 random bytes that were
  // then wiped: a server no longer spends two argon2 hashes of 64 MiB each on its stand-ins when
  // it starts (about 15% of a start's CPU, and ctest starts some 140 servers). Its parameters are
  // those of kInteractiveCost (AdminPassword.AStandInHashCostsWhatAnAccountsHashCosts checks
  // that), so verifying it takes as long as verifying any account's hash.
  static const std::string interactive =
      "$argon2id$v=19$m=65536,t=2,p=1$8rfxgyH6Pbmo1joVqdsTLg$ymNRE6rrb4wHIc2deHo2ay9jENLyjGZAb586Jmx33EE";
  if (cost.ops_limit == kInteractiveCost.ops_limit && cost.mem_limit == kInteractiveCost.mem_limit) {
    return interactive;
  }
  static std::mutex mutex;
  static std::map<std::pair<unsigned long long, std::size_t>, std::string> made;
  const std::lock_guard lock(mutex);
  auto [it, fresh] = made.try_emplace({cost.ops_limit, cost.mem_limit});
  if (fresh) it->second = hash_password(random_hex(16), cost);
  return it->second;
}

std::string generate_password() {
  ensure_sodium();
  static constexpr std::string_view kAlphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  std::string out;
  out.reserve(20);
  for (int i = 0; i < 20; ++i) {
    out.push_back(kAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kAlphabet.size()))]);
  }
  return out;
}

std::string random_hex(std::size_t bytes) {
  ensure_sodium();
  std::vector<unsigned char> buffer(bytes);
  randombytes_buf(buffer.data(), buffer.size());
  return to_hex(buffer.data(), buffer.size());
}

std::string sha256_hex(std::string_view text) {
  ensure_sodium();
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return to_hex(digest.data(), digest.size());
}

}  // namespace ether::admin
