#pragma once
// Escaping text for the markup the server writes (HTML pages, RSS, sitemaps), in one place.

#include <string>
#include <string_view>

namespace ether::domain {

/// `text` escaped for XML and HTML element content and attribute values (&, <, >, ", '); control
/// characters other than tab, newline and carriage return, which XML 1.0 cannot carry, are left out.
std::string xml_escape(std::string_view text);

}  // namespace ether::domain
