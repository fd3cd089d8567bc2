#pragma once
// Binding std::optional to SOCI 4.0, which has no std::optional support: a value plus its
// indicator, kept alive by the caller for as long as the statement that binds them.

#include <soci/soci.h>

#include <optional>
#include <utility>

namespace ether::store {

/// A nullable parameter: `Nullable<long long> p(opt); session << "...", soci::use(p.value, p.ind);`
template <class T>
struct Nullable {
  T value{};
  soci::indicator ind = soci::i_null;

  Nullable() = default;
  explicit Nullable(const std::optional<T>& from) { assign(from); }
  void assign(const std::optional<T>& from) {
    value = from.value_or(T{});
    ind = from ? soci::i_ok : soci::i_null;
  }
  [[nodiscard]] std::optional<T> get() const { return ind == soci::i_ok ? std::optional<T>(value) : std::nullopt; }
};

}  // namespace ether::store
