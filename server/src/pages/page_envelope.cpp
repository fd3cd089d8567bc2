#include "pages/page_result.hpp"

namespace ether::pages {

boost::json::object to_envelope(const PageResult& result, std::string_view base_url) {
  while (!base_url.empty() && base_url.back() == '/') base_url.remove_suffix(1);
  std::string canonical(base_url);
  if (result.canonical_path.empty() || result.canonical_path.front() != '/') canonical.push_back('/');
  canonical += result.canonical_path;

  boost::json::object envelope;
  envelope["status"] = result.status;
  envelope["route"] = result.route;
  envelope["title"] = result.title;
  envelope["description"] = result.description;
  envelope["canonical"] = canonical;
  envelope["params"] = result.params;
  envelope["data"] = result.data;
  return envelope;
}

}  // namespace ether::pages
