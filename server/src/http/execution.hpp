#pragma once
// Where the server runs a request's handler (http::Router routes and http::Server's Handlers).

namespace ether::http {

/// Where the server runs a request's handler.
///  - offloaded (the default, and the safe choice): on the server's bounded worker pool, awaited
///    with a deadline (ServerOptions::worker_timeout); past it, or while the pool is saturated or
///    recent work timed out, the client gets 503 with Retry-After instead of waiting. Use it for
///    anything that may touch the store, the disk or take more than microseconds, and for every
///    state-changing route.
///  - io_thread: at once on the I/O thread that read the request. Only for answers from memory that
///    never block (health probes, static assets, cached documents, the start of live streams); a
///    handler that blocks here stalls every connection of that thread.
enum class Execution { offloaded, io_thread };

}  // namespace ether::http
