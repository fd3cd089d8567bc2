// One connection's requests, one after another: reading the head (with its limits and deadline),
// refusing what a front proxy could frame differently, taking the body into memory, into a file or
// to a streaming consumer, choosing where the handler runs, and answering.
#include "http/server_impl.hpp"

#include <spdlog/spdlog.h>

#include "http/json_answer.hpp"
#include "http/request_body.hpp"
#include "http/request_head.hpp"
#include "http/response_head.hpp"

namespace ether::http {

namespace {

// A streamed request body (http/request_body.hpp): what the head's parser has buffered, then the
// socket. Chunked and Content-Length bodies go through the parser, without its body limit; a body
// without either (an Icecast source's PUT) is every byte until the client closes.
class ConnectionBody final : public RequestBodyStream {
 public:
  ConnectionBody(beast::tcp_stream& stream, RequestParser& parser, beast::flat_buffer& buffer)
      : stream_(stream), parser_(parser), buffer_(buffer), framed_(!parser.is_done()) {
    if (framed_) parser_.body_limit(boost::none);
  }

  asio::awaitable<Status> read_some(std::string& out, std::chrono::milliseconds timeout) override {
    if (!framed_ && buffer_.size() > 0) {
      take_buffer(out);
      co_return Status::data;
    }
    if (framed_ && parser_.is_done()) co_return Status::end;
    stream_.expires_after(timeout);
    boost::system::error_code ec;
    if (framed_) {
      auto [read_ec, n] = co_await bhttp::async_read_some(stream_, buffer_, parser_, kTuple);
      ec = read_ec;
      auto& body = parser_.get().body();
      out += body;
      body.clear();
    } else {
      auto [read_ec, n] = co_await stream_.async_read_some(buffer_.prepare(16384), kTuple);
      ec = read_ec;
      if (!ec) buffer_.commit(n);
      take_buffer(out);
    }
    if (ec == beast::error::timeout) co_return Status::timeout;
    if (ec == asio::error::eof || ec == bhttp::error::end_of_stream) co_return Status::end;
    if (ec) co_return Status::error;
    co_return Status::data;
  }

 private:
  void take_buffer(std::string& out) {
    out.append(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    buffer_.consume(buffer_.size());
  }

  beast::tcp_stream& stream_;
  RequestParser& parser_;
  beast::flat_buffer& buffer_;
  bool framed_;
};

// What a front proxy could frame differently from us (request smuggling), or nullopt.
template <class Message>
std::optional<std::string> ambiguous_framing(const Message& message) {
  if (message.version() != 10 && message.version() != 11) return "Only HTTP/1.0 and HTTP/1.1 are served.";
  if (message.count(bhttp::field::host) > 1) return "The request has more than one Host field.";
  const auto codings = message.count(bhttp::field::transfer_encoding);
  if (codings == 0) return std::nullopt;
  if (message.count(bhttp::field::content_length) > 0) {
    return "A request may not carry both Content-Length and Transfer-Encoding.";
  }
  std::string_view coding = message[bhttp::field::transfer_encoding];
  while (!coding.empty() && (coding.front() == ' ' || coding.front() == '\t')) coding.remove_prefix(1);
  while (!coding.empty() && (coding.back() == ' ' || coding.back() == '\t')) coding.remove_suffix(1);
  if (codings > 1 || !iequals(coding, "chunked") || message.version() == 10) {
    return "The only transfer coding accepted is chunked (HTTP/1.1).";
  }
  return std::nullopt;
}

std::string kib(std::size_t bytes) { return std::to_string(bytes / 1024) + " KiB"; }

bool is_parse_error(const boost::system::error_code& ec) {
  return ec.category() == bhttp::make_error_code(bhttp::error::bad_target).category() &&
         ec != bhttp::error::end_of_stream && ec != bhttp::error::partial_message && ec != bhttp::error::need_more &&
         ec != bhttp::error::buffer_overflow;
}

}  // namespace

std::optional<BodyFileTarget> Server::Impl::body_target(const Request& head) const {
  try {
    return handlers.body_to_file(head);
  } catch (const std::exception& error) {
    spdlog::error("http: cannot tell where the body of {} goes: {}", head.path, error.what());
  }
  return std::nullopt;
}

asio::awaitable<boost::system::error_code> Server::Impl::read_body_to_file(
    Connection& connection, beast::flat_buffer& buffer, bhttp::request_parser<bhttp::string_body>& parser,
    const BodyFileTarget& target, std::optional<bhttp::request<bhttp::file_body>>& message,
    std::shared_ptr<BodyFile>& file) {
  // Only the head has been parsed, so the parser can change to a body type that writes to disk.
  bhttp::request_parser<bhttp::file_body> file_parser{std::move(parser)};
  file_parser.body_limit(target.limit);
  auto body_file = std::make_shared<BodyFile>(target.path);
  boost::system::error_code ec;
  file_parser.get().body().open(target.path.c_str(), beast::file_mode::write, ec);
  if (ec) {
    spdlog::error("http: cannot write an upload to {}: {}", target.path.string(), ec.message());
    co_return ec;
  }
  if (bhttp::token_list{file_parser.get()[bhttp::field::expect]}.exists("100-continue")) {
    bhttp::response<bhttp::empty_body> go_on{bhttp::status::continue_, 11};
    connection.stream->expires_after(options.write_timeout);
    auto [continue_ec, continue_n] = co_await bhttp::async_write(*connection.stream, go_on, kTuple);
    if (continue_ec) co_return continue_ec;
  }
  while (!file_parser.is_done()) {
    // A large upload may take long as a whole; a stalled one may not.
    connection.stream->expires_after(options.read_timeout);
    auto [read_ec, n] = co_await bhttp::async_read_some(*connection.stream, buffer, file_parser, kTuple);
    if (read_ec) co_return read_ec;
  }
  message = file_parser.release();
  // The file body knows its size only when opened for reading.
  message->body().close();
  std::error_code size_error;
  body_file->size = std::filesystem::file_size(target.path, size_error);
  file = std::move(body_file);
  co_return boost::system::error_code{};
}

Response Server::Impl::accept_body(const Request& request, std::shared_ptr<StreamingRequestBody>& consumer) {
  try {
    return handlers.accept_request_body(request, consumer);
  } catch (const std::exception& error) {
    spdlog::error("http: handler failed: {} request_id={} method={}", error.what(), request.request_id, request.method);
  }
  consumer.reset();
  return json_error(500, "internal", kInternalMessage);
}

asio::awaitable<void> Server::Impl::stream_request(Connection& connection, RequestParser& parser,
                                                   beast::flat_buffer& buffer, std::shared_ptr<Request> request,
                                                   std::chrono::steady_clock::time_point start) {
  std::shared_ptr<StreamingRequestBody> consumer;
  Response response;
  bool offloaded = false;
  if (handlers.request_body_execution) {
    try {
      offloaded = handlers.request_body_execution(*request) == Execution::offloaded;
    } catch (const std::exception& error) {
      spdlog::error("http: cannot tell where to take the body of {}: {}", request->path, error.what());
      offloaded = true;
    }
  }
  if (offloaded) {
    // The consumer is handed over only with the answer it belongs to: one accepted after the
    // deadline is dropped with its late answer.
    auto slot = std::make_shared<std::shared_ptr<StreamingRequestBody>>();
    const std::function<Response()> work = [this, request, slot] { return accept_body(*request, *slot); };
    auto answered = co_await run_offloaded(*request, work);
    if (answered) {
      response = std::move(*answered);
      consumer = std::move(*slot);
    } else {
      response = unavailable(*request);
    }
  } else {
    response = accept_body(*request, consumer);
  }
  response.set_header("X-Request-Id", request->request_id);
  if (!consumer) {
    // Refused: the answer, then a short drain so that the client reads it rather than a reset.
    co_await write(connection, request.get(), std::move(response), false, start);
    boost::system::error_code ignored;
    connection.stream->socket().shutdown(tcp::socket::shutdown_send, ignored);
    connection.stream->expires_after(std::chrono::seconds(2));
    std::size_t drained = 0;
    while (drained < options.body_limit) {
      buffer.consume(buffer.size());
      auto [drain_ec, n] = co_await connection.stream->async_read_some(buffer.prepare(65536), kTuple);
      if (drain_ec) break;
      drained += n;
    }
    co_return;
  }
  std::string head_text;
  serialize_head(head_text, response, std::nullopt, false, options.content_security_policy,
                 options.strict_transport_security);
  if (bhttp::token_list{parser.get()[bhttp::field::expect]}.exists("100-continue")) {
    head_text.insert(0, "HTTP/1.1 100 Continue\r\n\r\n");
  }
  connection.stream->expires_after(options.write_timeout);
  auto [ec, written] = co_await asio::async_write(*connection.stream, asio::buffer(head_text), kTuple);
  if (!ec) {
    connection.streaming = true;
    ConnectionBody body(*connection.stream, parser, buffer);
    try {
      co_await consumer->run(body);
    } catch (const std::exception& error) {
      spdlog::warn("http: request body stream ended: {} request_id={}", error.what(), request->request_id);
    }
    connection.streaming = false;
  }
  log_access(request.get(), response, 0, start);
  count(request.get(), response.status, start, true);
}

asio::awaitable<void> Server::Impl::session(std::shared_ptr<Connection> connection) {
  struct Forget {
    Impl& impl;
    Connection* connection;
    ~Forget() {
      if (!connection->handed_off) impl.forget(connection);
    }
  } forget_on_exit{*this, connection.get()};

  boost::system::error_code ec;
  const std::string& remote = connection->address;
  beast::flat_buffer buffer;
  bool first = true;

  while (!stopping && !connection->evicted) {
    // The head must be complete this soon: from the connection's start, or from the first byte
    // after an idle wait, so that a client trickling bytes cannot hold the connection.
    auto now = Clock::now();
    auto head_deadline = now + options.header_timeout;
    if (buffer.size() == 0) {
      // Idle between requests: stop() and eviction may cancel this wait.
      connection->idle_since = now.time_since_epoch().count();
      connection->busy = false;
      if (!co_await read_request_start(*connection, buffer, first ? head_deadline : now + options.idle_timeout)) {
        break;
      }
      now = Clock::now();
      if (!first) head_deadline = now + options.header_timeout;
    }
    connection->busy = true;
    connection->idle_since = 0;
    first = false;
    const auto start = now;

    bhttp::request_parser<bhttp::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(options.header_limit));
    // With uploads the limit depends on the route, known once the head is read (below).
    parser.body_limit(handlers.body_to_file ? boost::optional<std::uint64_t>()
                                            : boost::optional<std::uint64_t>(options.body_limit));
    boost::system::error_code header_ec;
    std::optional<std::string> refusal;
    // The head is read here rather than by async_read_header, so that its raw bytes can be checked
    // for folded lines before the parser takes them (it consumes nothing until the head is complete).
    while (true) {
      const std::string_view bytes(static_cast<const char*>(buffer.data().data()), buffer.size());
      if (has_folded_line(bytes)) {
        refusal = "Header lines may not be folded (obsolete line folding).";
        break;
      }
      buffer.consume(parser.put(buffer.data(), header_ec));
      if (header_ec != bhttp::error::need_more) break;
      header_ec = {};
      connection->stream->expires_at(head_deadline);
      auto [read_ec, n] = co_await connection->stream->async_read_some(buffer.prepare(8192), kTuple);
      if (read_ec) {
        header_ec = read_ec;
        break;
      }
      buffer.commit(n);
    }
    if (!header_ec && !refusal) refusal = ambiguous_framing(parser.get());
    // The head is read once, for the routes that take their body as it comes or into a file and
    // for the handler.
    std::shared_ptr<Request> request;
    bool target_valid = false;
    if (!header_ec && !refusal) {
      request = request_head(parser.get(), remote, options.trusted_proxies);
      target_valid = parse_target(parser.get().target(), *request);
      if (!target_valid) request->target = std::string(parser.get().target());  // for the log line
    }
    if (target_valid && handlers.streams_request_body && handlers.accept_request_body &&
        handlers.streams_request_body(*request)) {
      co_await stream_request(*connection, parser, buffer, std::move(request), start);
      break;
    }
    std::optional<Response> too_large;  // an upload route's own 413
    std::optional<bhttp::request<bhttp::file_body>> file_message;
    std::shared_ptr<BodyFile> body_file;
    if (!header_ec && !refusal && handlers.body_to_file && !parser.is_done()) {
      if (auto target = target_valid ? body_target(*request) : std::nullopt) {
        too_large = std::move(target->too_large);
        // A limit of 0 refuses the body outright: no file is opened for it.
        if (target->limit == 0 || parser.content_length().value_or(0) > target->limit) {
          header_ec = bhttp::error::body_limit;
        } else {
          header_ec = co_await read_body_to_file(*connection, buffer, parser, *target, file_message, body_file);
        }
      } else if (parser.content_length().value_or(0) > options.body_limit) {
        header_ec = bhttp::error::body_limit;
      } else {
        parser.body_limit(options.body_limit);
      }
    }
    if (!header_ec && !refusal && !parser.is_done() && !file_message) {
      connection->stream->expires_after(options.read_timeout);
      if (bhttp::token_list{parser.get()[bhttp::field::expect]}.exists("100-continue")) {
        bhttp::response<bhttp::empty_body> go_on{bhttp::status::continue_, 11};
        auto [continue_ec, continue_n] = co_await bhttp::async_write(*connection->stream, go_on, kTuple);
        if (continue_ec) break;
      }
      auto [body_ec, body_n] = co_await bhttp::async_read(*connection->stream, buffer, parser, kTuple);
      header_ec = body_ec;
    }

    if (header_ec || refusal) {
      // What is known of a refused request, for its log line.
      Request refused;
      refused.remote_address = remote;
      refused.request_id = new_request_id();
      // The request line is kept by the parser even when a later limit stopped it.
      const auto& partial = parser.get();
      refused.method = partial.method_string().empty() ? "-" : std::string(partial.method_string());
      refused.target = partial.target().empty() ? "-" : std::string(partial.target());
      std::optional<Response> answer;
      if (refusal) {
        answer = json_error(400, "bad_request", *refusal);
      } else if (header_ec == bhttp::error::header_limit) {
        answer = json_error(431, "header_too_large",
                            "De kop van het verzoek is groter dan " + kib(options.header_limit) + ".");
      } else if (header_ec == bhttp::error::body_limit) {
        answer = too_large ? std::move(*too_large)
                           : json_error(413, "payload_too_large",
                                        "Het verzoek is groter dan " + kib(options.body_limit) + ".");
      } else if (too_large && header_ec.category() == boost::system::system_category()) {
        answer = json_error(500, "internal", "De server kon de upload niet bewaren. Probeer het opnieuw.");
      } else if (is_parse_error(header_ec)) {
        answer = json_error(400, "bad_request", "Het verzoek is geen geldig HTTP/1.1.");
      }
      if (!answer) break;  // the client went away or timed out: nothing to answer
      answer->set_header("X-Request-Id", refused.request_id);
      co_await write(*connection, &refused, std::move(*answer), false, start);
      // Drain what the client is still sending, so that it reads the answer instead of a reset.
      connection->stream->socket().shutdown(tcp::socket::shutdown_send, ec);
      connection->stream->expires_after(std::chrono::seconds(2));
      std::size_t drained = 0;
      while (drained < 4 * options.body_limit) {
        buffer.consume(buffer.size());
        auto [drain_ec, n] = co_await connection->stream->async_read_some(buffer.prepare(65536), kTuple);
        if (drain_ec) break;
        drained += n;
      }
      break;
    }

    auto message = parser.release();  // an upload's head is in file_message
    request->body = std::move(message.body());
    request->body_file = std::move(body_file);

    Response response;
    if (!target_valid) {
      response = json_error(400, "bad_request", "Het gevraagde adres is geen geldig pad.");
    } else if (auto kept = from_memory(*request)) {
      response = std::move(*kept);
    } else if (execution(*request) == Execution::io_thread) {
      response = handle(*request);
    } else {
      response = co_await offload(request);
    }
    response.set_header("X-Request-Id", request->request_id);
    const bool keep_alive =
        (file_message ? file_message->keep_alive() : message.keep_alive()) && !stopping && !connection->evicted;
    if (response.streaming) {
      // A stream holds its connection for hours and closes it after: the request's buffers go now.
      buffer.clear();
      buffer.shrink_to_fit();
      message = {};
    }
    if (!co_await write(*connection, request.get(), std::move(response), keep_alive, start)) break;
  }

  if (connection->handed_off) co_return;
  connection->stream->socket().shutdown(tcp::socket::shutdown_both, ec);
  connection->stream->close();
}

}  // namespace ether::http
