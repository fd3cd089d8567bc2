#include "curl/curl_global.hpp"

#include <curl/curl.h>

namespace ether::curl {
namespace {

struct CurlGlobal {
  CurlGlobal() { curl_global_init(CURL_GLOBAL_DEFAULT); }
  ~CurlGlobal() { curl_global_cleanup(); }
  CurlGlobal(const CurlGlobal&) = delete;
  CurlGlobal& operator=(const CurlGlobal&) = delete;
  CurlGlobal(CurlGlobal&&) = delete;
  CurlGlobal& operator=(CurlGlobal&&) = delete;
};

}  // namespace

void ensure_global_init() {
  // A function-local static: initialised by the first caller, under the compiler's guard, and
  // cleaned up after main, when no client thread runs any more.
  static const CurlGlobal curl_global;
}

}  // namespace ether::curl
