#pragma once
// The admin app's HTML page: GET /beheer and /beheer/... answer web/dist/beheer.html (the separate
// Vite entry of web/src/admin/) rather than the listener shell, never indexed or cached.

#include <filesystem>
#include <memory>
#include <string>

#include "http/message.hpp"
#include "http/router.hpp"

namespace ether::admin {

class AdminPages {
 public:
  /// Reads `<web_dir>/beheer.html` once; when it is missing, the routes answer 503 with a Dutch
  /// message (the web app was built without the admin).
  explicit AdminPages(const std::filesystem::path& web_dir);

  void add_routes(http::Router& router);
  [[nodiscard]] http::Response page() const;

 private:
  std::shared_ptr<const std::string> html_;
};

}  // namespace ether::admin
