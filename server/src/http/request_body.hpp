#pragma once
// A request body that is read over time (an Icecast source client's PUT or SOURCE, which sends
// audio for hours without a length). For such a request (http::Handlers::streams_request_body) the
// server calls the handler with the head only; when the answer carries a StreamingRequestBody, the
// server writes the answer's head (after "100 Continue" when the client asked for it) and hands
// the body to it until it returns; the connection closes afterwards. Asio only, no Beast.

#include <boost/asio/awaitable.hpp>

#include <chrono>
#include <string>

namespace ether::http {

/// The body of the request, as the connection delivers it: un-delimited (until the client closes),
/// chunked (decoded) or of a Content-Length.
class RequestBodyStream {
 public:
  enum class Status {
    data,     // bytes were appended
    end,      // the body (or the connection) ended
    timeout,  // nothing arrived within the timeout
    error     // the connection failed or the server is stopping
  };
  virtual ~RequestBodyStream() = default;
  /// Appends the next bytes of the body to `out`, waiting at most `timeout` for them.
  virtual boost::asio::awaitable<Status> read_some(std::string& out, std::chrono::milliseconds timeout) = 0;
};

/// What consumes a streamed request body (set on the handler's Response as `request_body`).
class StreamingRequestBody {
 public:
  virtual ~StreamingRequestBody() = default;
  /// Reads `body` until it ends, stalls or the server stops.
  virtual boost::asio::awaitable<void> run(RequestBodyStream& body) = 0;
};

}  // namespace ether::http
