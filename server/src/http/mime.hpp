#pragma once
// Content types by file extension, for static assets and media files.

#include <string_view>

namespace ether::http {

/// The Content-Type for a file name by its extension ("text/css; charset=utf-8", "audio/mpeg", ...);
/// "application/octet-stream" when unknown. Text types carry charset=utf-8.
std::string_view content_type_for(std::string_view file_name);

/// True for a JSON answer's types (application/json, application/problem+json), with or without
/// parameters.
bool is_json(std::string_view content_type);

/// True for types worth compressing (text, JavaScript, JSON, SVG, XML, web manifests, wasm).
bool is_compressible(std::string_view content_type);

}  // namespace ether::http
