#pragma once
// libcurl's process-wide set-up, shared by every outgoing HTTP client of the server (error reports,
// webhooks, live-source relays).

namespace ether::curl {

/// Initialises libcurl once for the process (thread-safe; cleaned up at exit). Call it before the
/// first curl_easy_init of a client.
void ensure_global_init();

}  // namespace ether::curl
