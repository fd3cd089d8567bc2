#include "http/byte_response.hpp"

#include "http/range.hpp"

namespace ether::http {

Response respond_with(const Request& request, const Representation& rep) {
  Response response;
  response.set_header("ETag", rep.etag);
  if (rep.last_modified) response.set_header("Last-Modified", format_http_date(*rep.last_modified));
  if (rep.ranges) response.set_header("Accept-Ranges", "bytes");

  // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
  std::string_view inm = request.header("If-None-Match");
  bool not_modified = false;
  if (!inm.empty()) {
    not_modified = if_none_match(inm, rep.etag);
  } else if (rep.last_modified) {
    if (auto since = parse_http_date(request.header("If-Modified-Since"))) not_modified = *rep.last_modified <= *since;
  }
  if (not_modified) {
    response.status = 304;
    return response;
  }

  response.set_header("Content-Type", rep.content_type);
  if (!rep.content_encoding.empty()) response.set_header("Content-Encoding", rep.content_encoding);
  const std::uint64_t size = rep.bytes ? rep.bytes->size() : 0;
  std::string_view range_header = request.header("Range");
  if (rep.ranges && !range_header.empty() && if_range_allows(request.header("If-Range"), rep.etag, rep.last_modified)) {
    RangeRequest range = parse_range(range_header, size);
    if (range.kind == RangeRequest::Kind::unsatisfiable) {
      response.status = 416;
      response.set_header("Content-Range", unsatisfied_content_range(size));
      response.set_header("Content-Type", "text/plain; charset=utf-8");
      response.body = "Range Not Satisfiable\n";
      return response;
    }
    if (range.kind == RangeRequest::Kind::partial) {
      response.status = 206;
      response.set_header("Content-Range", content_range(range.range, size));
      response.set_shared_body(rep.bytes, range.range.first, range.range.length());
      return response;
    }
  }
  response.status = 200;
  response.set_shared_body(rep.bytes);
  return response;
}

void tag_with_etag(const Request& request, Response& response) {
  const auto etag = strong_etag(response.body);
  response.set_header("ETag", etag);
  if (response.status == 200 && if_none_match(request.header("If-None-Match"), etag)) {
    response.status = 304;
    response.body.clear();
  }
}

}  // namespace ether::http
