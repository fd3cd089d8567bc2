#pragma once
// The admin's CSV exports as they are answered: text/csv, Cache-Control: no-store (figures of a
// moment, and not for a shared cache), and an attachment with the file name given.

#include <string>

#include "http/message.hpp"

namespace ether::api {

/// 200 with `body` (a CSV of domain/csv.hpp) as the attachment `filename`, which holds no quote.
http::Response csv_attachment(const std::string& filename, std::string body);

}  // namespace ether::api
