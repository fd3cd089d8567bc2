// Webhooks out (server/src/webhooks/): signatures, the URL rules, and on SQLite and PostgreSQL the
// admin's routes with a real receiver on 127.0.0.1 that checks every signature, answers 500 the
// first time and 200 after: the dispatcher retries with backoff, the admin's delivery log shows
// both attempts, a resend goes out again, a hook that keeps failing is switched off, and of two
// instances only one claims a delivery. Against the real ether-server: publishing an article in
// the admin, at once and scheduled, delivers a signed content.published with the article's URL;
// saving a draft delivers nothing.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "admin/admin_api.hpp"
#include "admin/bootstrap.hpp"
#include "admin/content_api.hpp"
#include "domain/time.hpp"
#include "http/router.hpp"
#include "store_test_support.hpp"
#include "support/admin_server.hpp"
#include "support/server_process.hpp"
#include "webhooks/signature.hpp"
#include "webhooks/url_policy.hpp"
#include "webhooks/webhook_dispatcher.hpp"
#include "webhooks/webhook_store.hpp"
#include "webhooks/webhooks_api.hpp"

namespace ether::webhooks {
namespace {
namespace json = boost::json;

TEST(WebhookSignature, HmacSha256OverTimestampAndBody) {
  // python3: hmac.new(b'whsec_test', b'1700000000.{"a":1}', hashlib.sha256).hexdigest()
  EXPECT_EQ(sign("whsec_test", 1'700'000'000, R"({"a":1})"),
            "sha256=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789");
  EXPECT_TRUE(verify("whsec_test", 1'700'000'000, R"({"a":1})", sign("whsec_test", 1'700'000'000, R"({"a":1})")));
  EXPECT_FALSE(verify("whsec_test", 1'700'000'001, R"({"a":1})", sign("whsec_test", 1'700'000'000, R"({"a":1})")));
  EXPECT_FALSE(verify("whsec_other", 1'700'000'000, R"({"a":1})", sign("whsec_test", 1'700'000'000, R"({"a":1})")));
}

sockaddr_in v4(const char* text) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  ::inet_pton(AF_INET, text, &address.sin_addr);
  return address;
}

TEST(WebhookUrls, OnlyHttpAndHttpsToPublicAddresses) {
  EXPECT_TRUE(check_url("https://hooks.example/ether?x=1").target);
  EXPECT_EQ(check_url("http://hooks.example:8080/in").target->port, 8080U);
  for (auto bad : {"", "ftp://hooks.example/", "javascript:alert(1)", "/relative", "https://user:pw@hooks.example/",
                   "http://hooks.example/a b", "mailto:a@b.example"}) {
    EXPECT_FALSE(check_url(bad).target) << bad;
    EXPECT_FALSE(check_url(bad).problem.empty()) << bad;
  }
  for (auto blocked : {"127.0.0.1", "10.1.2.3", "192.168.1.1", "172.16.0.9", "169.254.169.254", "0.0.0.0", "100.64.0.1",
                       "224.0.0.1"}) {
    auto address = v4(blocked);
    EXPECT_FALSE(address_allowed(reinterpret_cast<sockaddr*>(&address), false)) << blocked;
    EXPECT_TRUE(address_allowed(reinterpret_cast<sockaddr*>(&address), true)) << blocked;
  }
  auto public_address = v4("93.184.216.34");
  EXPECT_TRUE(address_allowed(reinterpret_cast<sockaddr*>(&public_address), false));
  sockaddr_in6 loopback6{};
  loopback6.sin6_family = AF_INET6;
  loopback6.sin6_addr = in6addr_loopback;
  EXPECT_FALSE(address_allowed(reinterpret_cast<sockaddr*>(&loopback6), false));
}

// Issue 47: an IPv4 address carried inside an IPv6 one (NAT64, 6to4, IPv4-compatible, mapped) is
// judged as the IPv4 host it reaches.
TEST(WebhookUrls, IpvFourInsideIpvSixIsJudgedAsThatHost) {
  const auto v6 = [](const char* text) {
    sockaddr_in6 address{};
    address.sin6_family = AF_INET6;
    EXPECT_EQ(::inet_pton(AF_INET6, text, &address.sin6_addr), 1) << text;
    return address;
  };
  for (auto blocked :
       {"64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::10.0.0.1", "2002:7f00:1::1", "2002:c0a8:101::5",
        "::127.0.0.1", "::10.1.2.3", "::ffff:169.254.169.254", "64:ff9b:1::8.8.8.8", "fd00::1", "fe80::1"}) {
    auto address = v6(blocked);
    EXPECT_FALSE(address_allowed(reinterpret_cast<sockaddr*>(&address), false)) << blocked;
    EXPECT_TRUE(address_allowed(reinterpret_cast<sockaddr*>(&address), true)) << blocked;
  }
  for (auto open : {"64:ff9b::5db8:d822", "2002:5db8:d822::1", "::93.184.216.34", "2606:2800:220:1::1"}) {
    auto address = v6(open);
    EXPECT_TRUE(address_allowed(reinterpret_cast<sockaddr*>(&address), false)) << open;
  }
}

// A webhook receiver on 127.0.0.1: checks each request's signature with the secret it is given,
// answers with the statuses it is told (then 200), and keeps what it saw.
class Receiver {
 public:
  struct Seen {
    std::string event_id;
    std::string timestamp;
    bool signature_ok = false;
    std::string body;
  };

  explicit Receiver(std::vector<int> statuses) : statuses_(std::move(statuses)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    auto address = v4("127.0.0.1");
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) ADD_FAILURE() << "bind failed";
    socklen_t length = sizeof address;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    ::listen(fd_, 16);
    thread_ = std::thread([this] { serve(); });
  }
  ~Receiver() {
    stopping_ = true;
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  Receiver(const Receiver&) = delete;
  Receiver& operator=(const Receiver&) = delete;

  [[nodiscard]] std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/hook"; }
  void set_secret(const std::string& secret) {
    std::lock_guard lock(mutex_);
    secret_ = secret;
  }
  std::vector<Seen> seen() {
    std::lock_guard lock(mutex_);
    return seen_;
  }

 private:
  static std::string header(const std::string& head, const std::string& name) {
    auto at = head.find("\r\n" + name + ": ");
    if (at == std::string::npos) return "";
    at += name.size() + 4;
    return head.substr(at, head.find("\r\n", at) - at);
  }

  void serve() {
    while (!stopping_) {
      const int client = ::accept(fd_, nullptr, nullptr);
      if (client < 0) return;
      std::string data;
      char buffer[4096];
      std::size_t needed = std::string::npos;
      while (true) {
        const auto n = ::recv(client, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        data.append(buffer, static_cast<std::size_t>(n));
        const auto end = data.find("\r\n\r\n");
        if (end != std::string::npos && needed == std::string::npos) {
          needed = end + 4 + std::stoul(header(data.substr(0, end + 2), "Content-Length"));
        }
        if (needed != std::string::npos && data.size() >= needed) break;
      }
      const auto end = data.find("\r\n\r\n");
      const auto head = data.substr(0, end + 2);
      Seen seen;
      seen.event_id = header(head, "X-Ether-Delivery");
      seen.timestamp = header(head, "X-Ether-Timestamp");
      seen.body = data.substr(end + 4);
      int status = 200;
      {
        std::lock_guard lock(mutex_);
        seen.signature_ok = !seen.timestamp.empty() &&
                            verify(secret_, std::stoll(seen.timestamp), seen.body, header(head, "X-Ether-Signature"));
        if (calls_ < statuses_.size()) status = statuses_[calls_];
        ++calls_;
        seen_.push_back(seen);
      }
      // A receiver refuses what it cannot verify.
      if (!seen.signature_ok) status = 401;
      const std::string answer =
          "HTTP/1.1 " + std::to_string(status) + " X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
      ::send(client, answer.data(), answer.size(), MSG_NOSIGNAL);
      ::close(client);
    }
  }

  std::vector<int> statuses_;
  int fd_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::string secret_;
  std::size_t calls_ = 0;
  std::vector<Seen> seen_;
  std::thread thread_;
};

std::string postgres_url() {
  const char* url = std::getenv("ETHER_TEST_DATABASE_URL");
  return url == nullptr ? "" : url;
}

// A migrated store of one backend (a schema of its own on PostgreSQL), removed afterwards.
class BackendStore {
 public:
  explicit BackendStore(const std::string& backend) {
    if (backend == "sqlite") {
      sqlite_ = std::make_unique<testing_support::TempStore>();
      return;
    }
    static std::atomic<int> counter{0};
    schema_ = "ether_webhooks_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    const auto base = postgres_url();
    {
      auto admin = store::Database::open(base, 1);
      auto session = admin->lease();
      *session << "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE";
      *session << "CREATE SCHEMA " + schema_;
    }
    db_ = store::Database::open(base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" +
                                schema_);
    db_->migrate();
  }
  ~BackendStore() {
    if (schema_.empty()) return;
    db_.reset();
    try {
      auto admin = store::Database::open(postgres_url(), 1);
      auto session = admin->lease();
      *session << "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE";
    } catch (const std::exception& error) {
      std::cerr << "cannot drop " << schema_ << ": " << error.what() << "\n";
    }
  }
  BackendStore(const BackendStore&) = delete;
  BackendStore& operator=(const BackendStore&) = delete;
  store::Database& db() { return sqlite_ ? sqlite_->db() : *db_; }

 private:
  std::unique_ptr<testing_support::TempStore> sqlite_;
  std::unique_ptr<store::Database> db_;
  std::string schema_;
};

std::vector<std::string> backends() {
  std::vector<std::string> out{"sqlite"};
  if (!postgres_url().empty()) out.emplace_back("postgresql");
  return out;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

constexpr const char* kOrigin = "https://radio.example";

class Webhooks : public ::testing::TestWithParam<std::string> {
 protected:
  Webhooks() : store_(GetParam()) {
    admin_ = std::make_unique<admin::AdminApi>(
        db(), admin::AdminOptions{.base_url = kOrigin, .password_cost = admin::kMinimumCost, .throttle = {}}, unix_now);
    admin_->add_routes(router_);
    // As in the station: a resend or a switch-on wakes the dispatcher of this instance.
    api_ = std::make_unique<WebhooksApi>(db(), *admin_, unix_now, [this] {
      if (dispatcher_ != nullptr) dispatcher_->wake();
    });
    api_->add_routes(router_);
    beheerder_ = login("beheer@radio.example", admin::Role::beheerder);
  }

  store::Database& db() { return store_.db(); }

  struct Login {
    std::string cookie;
    std::string csrf;
  };

  http::Response call(const std::string& method, const std::string& target, const std::string& body, const Login& who,
                      bool with_csrf = true) {
    http::Request request;
    request.method = method;
    EXPECT_TRUE(http::parse_target(target, request));
    request.body = body;
    request.remote_address = "192.0.2.10";
    request.headers["Host"] = "radio.example";
    request.headers["Origin"] = kOrigin;
    if (!who.cookie.empty()) request.headers["Cookie"] = "ether_session=" + who.cookie;
    if (with_csrf && !who.csrf.empty()) request.headers["X-CSRF-Token"] = who.csrf;
    auto response = router_.dispatch(request);
    EXPECT_EQ(response.header("Cache-Control"), "no-store") << method << " " << target;
    return response;
  }

  Login login(const std::string& email, admin::Role role) {
    auto created = admin::create_account(db(), email, "Beheer", role, unix_now(), admin::kMinimumCost);
    {
      auto lease = db().lease();
      const long long id = created.user.id;
      *lease << "UPDATE admin_users SET must_change_password = 0 WHERE id = :id", soci::use(id);
    }
    auto answer = call("POST", "/api/admin/session",
                       json::serialize(json::object{{"email", email}, {"password", created.password}}), Login{});
    EXPECT_EQ(answer.status, 200U) << answer.body;
    std::string cookie(answer.header("Set-Cookie"));
    const auto start = cookie.find('=') + 1;
    return {cookie.substr(start, cookie.find(';') - start),
            std::string(json::parse(answer.body).at("csrfToken").as_string())};
  }

  // Registers a hook through the admin API; returns its id and secret.
  std::pair<std::int64_t, std::string> register_hook(const std::string& url, const json::array& events) {
    auto answer = call("POST", "/api/admin/webhooks", json::serialize(json::object{{"url", url}, {"events", events}}),
                       beheerder_);
    EXPECT_EQ(answer.status, 201U) << answer.body;
    auto body = json::parse(answer.body);
    return {body.at("webhook").at("id").as_int64(), std::string(body.at("secret").as_string())};
  }

  json::value log_of(std::int64_t hook) {
    auto answer = call("GET", "/api/admin/webhooks/" + std::to_string(hook) + "/deliveries", "", beheerder_);
    EXPECT_EQ(answer.status, 200U) << answer.body;
    return json::parse(answer.body);
  }

  // Runs the dispatcher until `done` holds, for at most 15 s (a deadline, not a speed test).
  template <class Done>
  void drive(WebhookDispatcher& dispatcher, Done done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (!done() && std::chrono::steady_clock::now() < deadline) {
      dispatcher.run_once();
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  static DispatcherOptions fast(std::int64_t first_delay, int failures_to_disable) {
    DispatcherOptions options;
    options.retry.first_delay_seconds = first_delay;
    options.retry.failures_to_disable = failures_to_disable;
    options.send.allow_private = true;
    options.watch_air = false;
    return options;
  }

  WebhookDispatcher* dispatcher_ = nullptr;  // the one the admin API wakes
  BackendStore store_;
  http::Router router_;
  std::unique_ptr<admin::AdminApi> admin_;
  std::unique_ptr<WebhooksApi> api_;
  Login beheerder_;
};

TEST_P(Webhooks, ASignedDeliveryIsRetriedAfter500AndTheLogShowsBothAttempts) {
  Receiver receiver({500});
  auto [hook, secret] = register_hook(receiver.url(), json::array{"source.connected", "song.changed"});
  EXPECT_TRUE(secret.starts_with("whsec_"));
  receiver.set_secret(secret);
  // The secret is shown once: the list does not carry it.
  auto list = call("GET", "/api/admin/webhooks", "", beheerder_);
  EXPECT_EQ(list.body.find(secret), std::string::npos);

  WebhookDispatcher dispatcher(db(), fast(1, 10), unix_now);
  dispatcher_ = &dispatcher;
  dispatcher.notify_source_connected("radio2");
  drive(dispatcher, [&] { return receiver.seen().size() >= 2; });
  const auto seen = receiver.seen();
  ASSERT_EQ(seen.size(), 2U);
  EXPECT_TRUE(seen[0].signature_ok);
  EXPECT_TRUE(seen[1].signature_ok);
  EXPECT_EQ(seen[0].event_id, seen[1].event_id);  // the same event, retried
  auto payload = json::parse(seen[1].body);
  EXPECT_EQ(payload.at("event"), "source.connected");
  EXPECT_EQ(payload.at("id"), json::string(seen[0].event_id));
  EXPECT_EQ(payload.at("data").at("channel"), "radio2");

  auto log = log_of(hook);
  const auto& delivery = log.at("deliveries").at(0);
  EXPECT_EQ(delivery.at("state"), "delivered");
  EXPECT_EQ(delivery.at("attempts"), 2);
  const auto& attempts = delivery.at("attemptLog").as_array();
  ASSERT_EQ(attempts.size(), 2U);
  EXPECT_EQ(attempts[0].at("status"), 500);
  EXPECT_EQ(attempts[1].at("status"), 200);
  EXPECT_FALSE(attempts[0].at("at").as_string().empty());
  // The retry waited for the backoff (1 s here).
  EXPECT_GE(std::stoll(seen[1].timestamp) - std::stoll(seen[0].timestamp), 1);

  // Resent by the admin: a third signed attempt.
  const auto id = delivery.at("id").as_int64();
  auto resent = call("POST", "/api/admin/webhooks/deliveries/" + std::to_string(id) + "/resend", "", beheerder_);
  EXPECT_EQ(resent.status, 200U) << resent.body;
  EXPECT_EQ(call("POST", "/api/admin/webhooks/deliveries/" + std::to_string(id) + "/resend", "", beheerder_,
                 /*with_csrf=*/false)
                .status,
            403U);
  drive(dispatcher, [&] { return receiver.seen().size() >= 3; });
  ASSERT_EQ(receiver.seen().size(), 3U);
  EXPECT_TRUE(receiver.seen()[2].signature_ok);
  EXPECT_EQ(log_of(hook).at("deliveries").at(0).at("attemptLog").as_array().size(), 3U);
}

TEST_P(Webhooks, DeadAirAndItsEndAreToldAsChannelDeadAir) {
  Receiver receiver({});
  auto [hook, secret] = register_hook(receiver.url(), json::array{"channel.dead_air"});
  receiver.set_secret(secret);
  WebhookDispatcher dispatcher(db(), fast(1, 10), unix_now);
  dispatcher_ = &dispatcher;
  dispatcher.notify_dead_air("sterrennl", 1'795'258'800, false);
  dispatcher.notify_dead_air("sterrennl", 1'795'258'800, true);
  drive(dispatcher, [&] { return receiver.seen().size() >= 2; });
  const auto seen = receiver.seen();
  ASSERT_EQ(seen.size(), 2U);
  std::set<bool> ended;
  for (const auto& delivery : seen) {
    EXPECT_TRUE(delivery.signature_ok);
    const auto payload = json::parse(delivery.body);
    EXPECT_EQ(payload.at("event"), "channel.dead_air");
    EXPECT_EQ(payload.at("data").at("channel"), "sterrennl");
    EXPECT_EQ(payload.at("data").at("since"), 1'795'258'800);
    ended.insert(payload.at("data").at("ended").as_bool());
  }
  EXPECT_EQ(ended, (std::set<bool>{false, true})) << "its start and its end";
  EXPECT_NE(seen[0].event_id, seen[1].event_id);
}

TEST_P(Webhooks, AHookThatKeepsFailingIsSwitchedOffAndCanBeSwitchedOn) {
  Receiver receiver({500, 500, 500, 500, 500, 500});
  auto [hook, secret] = register_hook(receiver.url(), json::array{"content.published"});
  receiver.set_secret(secret);
  WebhookDispatcher dispatcher(db(), fast(0, 3), unix_now);
  dispatcher_ = &dispatcher;
  dispatcher.notify_content_published(content::PublishedItem{"articles", "12", "Nieuw", "/nieuws/a/12/nieuw", 1});
  dispatcher.notify_content_published(content::PublishedItem{"articles", "13", "Nieuwer", "/nieuws/a/13/nieuwer", 1});
  drive(dispatcher, [&] { return receiver.seen().size() >= 3; });
  // Two more rounds: nothing goes out to a hook that is off.
  dispatcher.run_once();
  dispatcher.run_once();
  EXPECT_EQ(receiver.seen().size(), 3U);
  auto list = json::parse(call("GET", "/api/admin/webhooks", "", beheerder_).body);
  const auto& listed = list.at("webhooks").at(0);
  EXPECT_EQ(listed.at("id"), hook);
  EXPECT_FALSE(listed.at("active").as_bool());
  EXPECT_NE(listed.at("disabledReason").as_string(), "");
  EXPECT_EQ(listed.at("consecutiveFailures"), 3);

  auto enabled = call("POST", "/api/admin/webhooks/" + std::to_string(hook) + "/enable", "", beheerder_);
  EXPECT_EQ(enabled.status, 200U);
  drive(dispatcher, [&] { return receiver.seen().size() >= 4; });
  EXPECT_GE(receiver.seen().size(), 4U);
}

TEST_P(Webhooks, AScheduledPublicationIsToldWhenItComesDueAndEachPublicationOnce) {
  Receiver receiver({});
  auto [hook, secret] = register_hook(receiver.url(), json::array{"content.published"});
  receiver.set_secret(secret);
  {
    auto lease = db().lease();
    *lease << "INSERT INTO news_categories (slug, name, color) VALUES ('cultuur', 'Cultuur', '#aa0000')";
  }
  std::atomic<std::int64_t> now{unix_now()};
  auto clock = [&now] { return now.load(); };
  auto options = fast(1, 10);
  options.site_url = kOrigin;
  WebhookDispatcher dispatcher(db(), options, clock);
  WebhookDispatcher other_instance(db(), options, clock);
  admin::ContentApi content(
      db(), *admin_, admin::ContentApiOptions{.base_url = kOrigin, .preview_secret = {}}, clock, {},
      [&dispatcher](const content::PublishedItem& item) { dispatcher.notify_content_published(item); });
  content.add_routes(router_);
  auto article = [&](const std::string& slug) {
    auto answer = call("POST", "/api/admin/content/articles",
                       json::serialize(json::object{{"values", json::object{{"title", "Titel " + slug},
                                                                            {"slug", slug},
                                                                            {"category", "cultuur"},
                                                                            {"intro", "Inleiding."}}}}),
                       beheerder_);
    EXPECT_EQ(answer.status, 201U) << answer.body;
    return std::string(json::parse(answer.body).at("item").at("id").as_string());
  };
  auto rounds = [&] {
    dispatcher.run_once();
    other_instance.run_once();
  };
  const auto due = now.load() + 100;
  const auto later = article("straks");
  auto scheduled =
      call("POST", "/api/admin/content/articles/" + later + "/publish",
           json::serialize(json::object{{"version", 1}, {"publishAt", domain::format_iso_utc(due)}}), beheerder_);
  ASSERT_EQ(scheduled.status, 200U) << scheduled.body;
  rounds();
  EXPECT_EQ(receiver.seen().size(), 0U);  // not yet due

  now = due + 1;
  rounds();
  rounds();
  ASSERT_EQ(receiver.seen().size(), 1U);  // two instances looked: one delivery
  auto data = json::parse(receiver.seen()[0].body).at("data");
  EXPECT_TRUE(receiver.seen()[0].signature_ok);
  EXPECT_EQ(data.at("id"), json::string(later));
  EXPECT_EQ(data.at("url"), json::string(std::string(kOrigin) + "/nieuws/cultuur/" + later + "/straks"));
  EXPECT_EQ(data.at("publishedAt"), json::string(domain::format_iso_utc(due)));

  // Published at once: told by the admin, and the dispatchers' own look does not tell it again.
  now = now.load() + 5;  // its moment lies in the window the dispatchers look at next
  const auto at_once = article("nu");
  ASSERT_EQ(call("POST", "/api/admin/content/articles/" + at_once + "/publish",
                 json::serialize(json::object{{"version", 1}}), beheerder_)
                .status,
            200U);
  rounds();
  rounds();
  ASSERT_EQ(receiver.seen().size(), 2U);
  EXPECT_EQ(json::parse(receiver.seen()[1].body).at("data").at("id"), json::string(at_once));
  // A draft saved again is not a publication.
  const auto draft = article("concept");
  ASSERT_EQ(
      call("PUT", "/api/admin/content/articles/" + draft,
           json::serialize(json::object{{"version", 1}, {"values", json::object{{"intro", "Anders."}}}}), beheerder_)
          .status,
      200U);
  now = now.load() + 5;
  rounds();
  EXPECT_EQ(receiver.seen().size(), 2U);
}

TEST_P(Webhooks, BadInputAndRolesAreRefused) {
  for (auto url : {"ftp://hooks.example/", "https://user:pw@hooks.example/", "javascript:alert(1)", ""}) {
    auto answer =
        call("POST", "/api/admin/webhooks",
             json::serialize(json::object{{"url", url}, {"events", json::array{"song.changed"}}}), beheerder_);
    EXPECT_EQ(answer.status, 422U) << url;
    EXPECT_TRUE(json::parse(answer.body).at("error").at("fields").as_object().contains("url")) << url;
  }
  auto bad_event =
      call("POST", "/api/admin/webhooks", R"({"url":"https://hooks.example/","events":["everything"]})", beheerder_);
  EXPECT_EQ(bad_event.status, 422U);
  EXPECT_EQ(call("POST", "/api/admin/webhooks", "{nope", beheerder_).status, 400U);
  EXPECT_EQ(call("DELETE", "/api/admin/webhooks/999", "", beheerder_).status, 404U);
  EXPECT_EQ(call("GET", "/api/admin/webhooks/abc/deliveries", "", beheerder_).status, 404U);
  EXPECT_EQ(call("GET", "/api/admin/webhooks", "", Login{}).status, 401U);
  auto editor = login("redactie@radio.example", admin::Role::eindredacteur);
  EXPECT_EQ(call("GET", "/api/admin/webhooks", "", editor).status, 403U);

  auto [hook, secret] = register_hook("https://hooks.example/in", json::array{"song.changed"});
  EXPECT_EQ(call("DELETE", "/api/admin/webhooks/" + std::to_string(hook), "", beheerder_).status, 204U);
  EXPECT_EQ(json::parse(call("GET", "/api/admin/webhooks", "", beheerder_).body).at("webhooks").as_array().size(), 0U);
  long long audited = 0;
  auto lease = db().lease();
  *lease << "SELECT COUNT(*) FROM admin_audit_log WHERE item_type = 'webhook'", soci::into(audited);
  EXPECT_EQ(audited, 2);
}

TEST_P(Webhooks, OfTwoInstancesOnlyOneClaimsADelivery) {
  auto [hook, secret] = register_hook("https://hooks.example/in", json::array{"source.disconnected"});
  const auto now = unix_now();
  auto lease = db().lease();
  WebhookStore store(*lease);
  // The same event seen by two instances is one delivery per hook.
  EXPECT_EQ(store.enqueue("source.disconnected:radio2:1", "source.disconnected", "{}", now), 1);
  EXPECT_EQ(store.enqueue("source.disconnected:radio2:1", "source.disconnected", "{}", now), 0);
  EXPECT_EQ(store.claim_due("instance-a", now, 60, 10).size(), 1U);
  EXPECT_EQ(store.claim_due("instance-b", now, 60, 10).size(), 0U);
  // A claim that lapsed (its instance died) is taken over.
  EXPECT_EQ(store.claim_due("instance-b", now + 61, 60, 10).size(), 1U);
}

TEST_P(Webhooks, WithNothingDueTheStoreIsAskedAgainOnlyWhenWokenOrAfterAWhile) {
  Receiver receiver({});
  auto [hook, secret] = register_hook(receiver.url(), json::array{"source.disconnected"});
  receiver.set_secret(secret);
  std::atomic<std::int64_t> now{unix_now()};
  WebhookDispatcher dispatcher(db(), fast(1, 10), [&now] { return now.load(); });
  EXPECT_EQ(dispatcher.run_once(), 0);  // nothing due: it remembers so
  // A delivery another instance enqueued (and did not send): not looked for at once...
  {
    auto lease = db().lease();
    EXPECT_EQ(WebhookStore(*lease).enqueue("source.disconnected:radio2:7", "source.disconnected", "{}", now), 1);
  }
  EXPECT_EQ(dispatcher.run_once(), 0);
  EXPECT_EQ(receiver.seen().size(), 0U);
  // ...but within the idle recheck (10 s).
  now = now.load() + 10;
  EXPECT_EQ(dispatcher.run_once(), 1);
  EXPECT_EQ(receiver.seen().size(), 1U);
  // A resend wakes it: sent in the next round without waiting.
  std::int64_t delivery = 0;
  {
    auto lease = db().lease();
    WebhookStore store(*lease);
    delivery = store.deliveries(hook, 1).at(0).id;
    EXPECT_TRUE(store.resend(delivery, now));
  }
  EXPECT_EQ(dispatcher.run_once(), 0);  // not woken: it does not know yet
  dispatcher.wake();
  EXPECT_EQ(dispatcher.run_once(), 1);
  EXPECT_EQ(receiver.seen().size(), 2U);
  // Its own events are sent in the round that enqueues them.
  dispatcher.notify_source_disconnected("radio2");
  EXPECT_EQ(dispatcher.run_once(), 1);
  EXPECT_EQ(receiver.seen().size(), 3U);
  EXPECT_EQ(json::parse(receiver.seen()[2].body).at("event"), "source.disconnected");
}

// ---- against the real server ----------------------------------------------------------------

TEST(WebhooksServer, APublishInTheAdminDeliversContentPublishedWithTheArticleUrl) {
  test::ServerProcess server("webhooks-content", {"ETHER_WEBHOOK_ALLOW_PRIVATE=1"});
  const auto database_url = test::sqlite_url_of(server);
  std::string category;
  const auto who = test::server_login(server, database_url, "redactie@radio.example", admin::Role::beheerder);
  ASSERT_FALSE(who.cookie.empty());
  {
    auto db = store::Database::open(database_url, 1);
    auto lease = db->lease();
    *lease << "SELECT slug FROM news_categories ORDER BY slug LIMIT 1", soci::into(category);
  }
  ASSERT_FALSE(category.empty());

  Receiver receiver({});
  const auto hook =
      test::server_admin_call(server, "POST", "/api/admin/webhooks",
                              json::object{{"url", receiver.url()}, {"events", json::array{"content.published"}}}, who);
  ASSERT_EQ(hook.status, 201) << hook.body;
  receiver.set_secret(std::string(json::parse(hook.body).at("secret").as_string()));

  auto create = [&](const std::string& title, const std::string& slug) {
    const auto answer = test::server_admin_call(
        server, "POST", "/api/admin/content/articles",
        json::object{{"values", json::object{{"title", title},
                                             {"slug", slug},
                                             {"category", category},
                                             {"intro", "Een korte inleiding."},
                                             {"body", json::array{json::object{{"type", "paragraph"},
                                                                               {"text", "Eerste alinea."}}}}}}},
        who);
    EXPECT_EQ(answer.status, 201) << answer.body;
    return json::parse(answer.body).at("item").as_object();
  };
  auto wait_for = [&](std::size_t count) {
    // A deadline against hanging, not a speed test.
    for (int i = 0; i < 200 && receiver.seen().size() < count; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return receiver.seen();
  };

  // A draft, saved twice: nothing is delivered for it.
  const auto draft = create("Alleen een concept", "alleen-een-concept");
  const auto draft_id = std::string(draft.at("id").as_string());
  auto saved = test::server_admin_call(
      server, "PUT", "/api/admin/content/articles/" + draft_id,
      json::object{{"version", 1}, {"values", json::object{{"intro", "Nog niet klaar."}}}}, who);
  ASSERT_EQ(saved.status, 200) << saved.body;

  // Published at once: one signed delivery with the article's public URL.
  const auto now_item = create("Nieuws van nu", "nieuws-van-nu");
  const auto now_id = std::string(now_item.at("id").as_string());
  auto published = test::server_admin_call(server, "POST", "/api/admin/content/articles/" + now_id + "/publish",
                                           json::object{{"version", 1}}, who);
  ASSERT_EQ(published.status, 200) << published.body;
  auto seen = wait_for(1);
  ASSERT_EQ(seen.size(), 1U);
  EXPECT_TRUE(seen[0].signature_ok);
  auto payload = json::parse(seen[0].body);
  EXPECT_EQ(payload.at("event"), "content.published");
  EXPECT_EQ(payload.at("id"), json::string(seen[0].event_id));
  const auto& data = payload.at("data");
  EXPECT_EQ(data.at("type"), "articles");
  EXPECT_EQ(data.at("id"), json::string(now_id));
  EXPECT_EQ(data.at("title"), "Nieuws van nu");
  EXPECT_EQ(data.at("url"), json::string(server.base_url() + "/nieuws/" + category + "/" + now_id + "/nieuws-van-nu"));
  // The URL is the article's page on the real site.
  EXPECT_EQ(server.get("/nieuws/" + category + "/" + now_id + "/nieuws-van-nu").status, 200);

  // Scheduled 3 s ahead: delivered when it comes online, not before, and not a second time.
  const auto later_item = create("Nieuws van straks", "nieuws-van-straks");
  const auto later_id = std::string(later_item.at("id").as_string());
  const auto due = unix_now() + 3;
  auto scheduled =
      test::server_admin_call(server, "POST", "/api/admin/content/articles/" + later_id + "/publish",
                              json::object{{"version", 1}, {"publishAt", domain::format_iso_utc(due)}}, who);
  ASSERT_EQ(scheduled.status, 200) << scheduled.body;
  EXPECT_EQ(json::parse(scheduled.body).at("item").at("state"), "scheduled");
  seen = wait_for(2);
  ASSERT_EQ(seen.size(), 2U);
  EXPECT_TRUE(seen[1].signature_ok);
  EXPECT_GE(std::stoll(seen[1].timestamp), due);
  const auto later = json::parse(seen[1].body).at("data");
  EXPECT_EQ(later.at("id"), json::string(later_id));
  EXPECT_EQ(later.at("url"),
            json::string(server.base_url() + "/nieuws/" + category + "/" + later_id + "/nieuws-van-straks"));
  EXPECT_EQ(later.at("publishedAt"), json::string(domain::format_iso_utc(due)));
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  seen = receiver.seen();
  EXPECT_EQ(seen.size(), 2U);
  for (const auto& delivery : seen) EXPECT_EQ(delivery.body.find("alleen-een-concept"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Backends, Webhooks, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace ether::webhooks
