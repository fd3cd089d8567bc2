#pragma once
// The media library of a real ether-server process (support/server_process.hpp) as the admin web
// app uses it: an upload of a file as the request body, and asking for the item until its
// processing is over; plus the Dutch message a refused content save puts on a field.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "admin_server.hpp"
#include "server_process.hpp"

namespace ether::test {

/// Sends `file` as an upload of `kind` ("audio", "images") as the admin web app does; the item.
inline boost::json::object upload_media(const ServerProcess& server, const AdminLogin& who, const std::string& kind,
                                        const std::filesystem::path& file) {
  const auto answer = server.get("/api/admin/media/" + kind + "?name=" + file.filename().string(),
                                 "-X POST -H 'Origin: " + server.base_url() +
                                     "' -H 'Cookie: ether_session=" + who.cookie + "' -H 'X-CSRF-Token: " + who.csrf +
                                     "' -H 'Content-Type: application/octet-stream' --data-binary @" + file.string());
  EXPECT_EQ(answer.status, 202) << answer.body;
  if (answer.status != 202) return {};
  return boost::json::parse(answer.body).at("media").as_object();
}

/// Asks for the media item until its processing is over (at most two minutes: a deadline, no speed).
inline boost::json::object processed_media(const ServerProcess& server, const AdminLogin& who, std::int64_t id) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  boost::json::object item;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto answer = server_admin_call(server, "GET", "/api/admin/media/" + std::to_string(id), nullptr, who);
    EXPECT_EQ(answer.status, 200) << answer.body;
    if (answer.status != 200) break;
    item = boost::json::parse(answer.body).at("media").as_object();
    if (item.at("status") != "processing") return item;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  ADD_FAILURE() << "media " << id << " still processing: " << boost::json::serialize(item);
  return item;
}

/// The Dutch message of a refused save (422) on `field`, or "".
inline std::string field_error(const ServerProcess::Answer& answer, const std::string& field) {
  const auto body = boost::json::parse(answer.body);
  const auto* fields = body.at("error").as_object().if_contains("fields");
  if (fields == nullptr || !fields->as_object().contains(field)) return "";
  return std::string(fields->at(field).as_string());
}

}  // namespace ether::test
