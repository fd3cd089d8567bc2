#pragma once
// Shared by the libFuzzer harnesses: a broken invariant aborts, so that libFuzzer keeps the input
// as a crash (asserts are compiled out of release builds, this check is not).

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition)                                                                      \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      std::fprintf(stderr, "fuzz invariant broken: %s (%s:%d)\n", #condition, __FILE__, __LINE__); \
      std::abort();                                                                                \
    }                                                                                              \
  } while (false)
