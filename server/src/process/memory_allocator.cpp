#include "process/memory_allocator.hpp"

#include <cstdint>

#ifdef ETHER_WITH_JEMALLOC
#include <jemalloc/jemalloc.h>

// jemalloc reads its options from this symbol when the process starts. A listener's objects are
// small and long-lived while a request's buffers are freed at once: freed pages go back to the
// system after a second (dirty), straight away rather than kept as lazily freed (muzzy), from a
// background thread, so that no I/O thread pays for it.
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables,readability-identifier-naming)
const char* malloc_conf = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0";
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ether::process {

#ifdef ETHER_WITH_JEMALLOC

void release_free_memory() {
  // "arena.<MALLCTL_ARENAS_ALL>.purge": every arena at once.
  static const std::string purge_all = "arena." + std::to_string(MALLCTL_ARENAS_ALL) + ".purge";
  mallctl(purge_all.c_str(), nullptr, nullptr, nullptr, 0);
}

std::string allocator_name() {
  const char* version = nullptr;
  std::size_t size = sizeof(version);
  if (mallctl("version", static_cast<void*>(&version), &size, nullptr, 0) != 0 || version == nullptr) {
    return "jemalloc";
  }
  return std::string("jemalloc ") + version;
}

std::string allocator_option(const std::string& name) {
  // Options are booleans or integers (signed 64-bit or unsigned 32-bit); their size tells which.
  bool flag = false;
  std::size_t size = sizeof(flag);
  if (mallctl(name.c_str(), static_cast<void*>(&flag), &size, nullptr, 0) == 0 && size == sizeof(flag)) {
    return flag ? "true" : "false";
  }
  std::int64_t number = 0;
  size = sizeof(number);
  if (mallctl(name.c_str(), static_cast<void*>(&number), &size, nullptr, 0) == 0 && size == sizeof(number)) {
    return std::to_string(number);
  }
  std::uint32_t small = 0;
  size = sizeof(small);
  if (mallctl(name.c_str(), static_cast<void*>(&small), &size, nullptr, 0) == 0 && size == sizeof(small)) {
    return std::to_string(small);
  }
  return {};
}

#else

void release_free_memory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

std::string allocator_name() { return "glibc malloc"; }

std::string allocator_option(const std::string& /*name*/) { return {}; }

#endif

}  // namespace ether::process
