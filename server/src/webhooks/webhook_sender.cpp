#include "webhooks/webhook_sender.hpp"

#include <curl/curl.h>
#include <netdb.h>

#include <arpa/inet.h>

#include <array>
#include <memory>

#include "curl/curl_global.hpp"
#include "webhooks/signature.hpp"
#include "webhooks/url_policy.hpp"

namespace ether::webhooks {
namespace {

std::size_t discard(char*, std::size_t size, std::size_t count, void*) { return size * count; }

// The first address of `host` that the policy allows, as text; empty with `error` set otherwise.
std::string pick_address(const TargetUrl& target, bool allow_private, std::string& error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(target.host.c_str(), nullptr, &hints, &found) != 0 || found == nullptr) {
    error = "host niet gevonden";
    return "";
  }
  std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owner(found, &::freeaddrinfo);
  for (auto* entry = found; entry != nullptr; entry = entry->ai_next) {
    if (!address_allowed(entry->ai_addr, allow_private)) continue;
    std::array<char, INET6_ADDRSTRLEN> text{};
    const void* raw = entry->ai_family == AF_INET
                          ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(entry->ai_addr)->sin_addr)
                          : static_cast<const void*>(&reinterpret_cast<const sockaddr_in6*>(entry->ai_addr)->sin6_addr);
    if (::inet_ntop(entry->ai_family, raw, text.data(), text.size()) == nullptr) continue;
    return entry->ai_family == AF_INET6 ? "[" + std::string(text.data()) + "]" : std::string(text.data());
  }
  error = "adres niet toegestaan (intern of lokaal netwerk)";
  return "";
}

}  // namespace

AttemptResult send_delivery(const Webhook& hook, const Delivery& delivery, std::int64_t timestamp,
                            const SendOptions& options) {
  curl::ensure_global_init();
  AttemptResult result;
  const auto started = std::chrono::steady_clock::now();
  auto finish = [&result, started] {
    result.duration_ms = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
    return result;
  };
  const auto verdict = check_url(hook.url);
  if (!verdict.target) {
    result.error = verdict.problem;
    return finish();
  }
  const auto& target = *verdict.target;
  const auto address = pick_address(target, options.allow_private, result.error);
  if (address.empty()) return finish();

  CURL* curl = curl_easy_init();
  if (curl == nullptr) {
    result.error = "curl niet beschikbaar";
    return finish();
  }
  const auto pin = target.host + ":" + std::to_string(target.port) + ":" + address;
  curl_slist* resolve = curl_slist_append(nullptr, pin.c_str());
  const auto signature = sign(hook.secret, timestamp, delivery.body);
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  headers = curl_slist_append(headers, ("X-Ether-Event: " + delivery.event).c_str());
  headers = curl_slist_append(headers, ("X-Ether-Delivery: " + delivery.event_id).c_str());
  headers = curl_slist_append(headers, ("X-Ether-Timestamp: " + std::to_string(timestamp)).c_str());
  headers = curl_slist_append(headers, ("X-Ether-Signature: " + signature).c_str());
  headers = curl_slist_append(headers, "Expect:");
  curl_easy_setopt(curl, CURLOPT_URL, hook.url.c_str());
  curl_easy_setopt(curl, CURLOPT_RESOLVE, resolve);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POST, 1L);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, delivery.body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(delivery.body.size()));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(options.timeout.count()));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "Ether-Webhooks/1");
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &discard);
  const CURLcode code = curl_easy_perform(curl);
  if (code == CURLE_OK) {
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    result.status = static_cast<int>(status);
    if (!result.ok()) result.error = "HTTP " + std::to_string(status);
  } else {
    result.error = code == CURLE_OPERATION_TIMEDOUT ? "geen antwoord binnen de tijd" : curl_easy_strerror(code);
  }
  curl_slist_free_all(headers);
  curl_slist_free_all(resolve);
  curl_easy_cleanup(curl);
  return finish();
}

}  // namespace ether::webhooks
