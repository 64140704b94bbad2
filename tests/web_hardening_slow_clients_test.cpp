// The web server against slow clients that try to hold every connection.
#include "web_hardening_fixture.h"

namespace jungle::web {
namespace {

using Clock = std::chrono::steady_clock;
using hardening::slowdown;

// Slow clients cannot starve the others.

// Slow clients each sending a header line now and then, never finishing.
class SlowClients {
 public:
  SlowClients(const std::string& source, int port, int count, const std::string& host) {
    for (int i = 0; i < count; ++i) {
      conns_.push_back(std::make_unique<RawConnection>(source, port));
      conns_.back()->send("GET /api/info HTTP/1.1\r\nHost: " + host + "\r\n");
    }
    thread_ = std::thread([this] {
      for (int tick = 0; !stop_ && tick < 100; ++tick) {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        for (auto& c : conns_) c->send("X-Slow: " + std::to_string(tick) + "\r\n");
      }
    });
  }
  ~SlowClients() {
    stop_ = true;
    thread_.join();
  }

 private:
  std::vector<std::unique_ptr<RawConnection>> conns_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

std::string probe(const std::string& source, int port, std::chrono::milliseconds timeout) {
  RawConnection c(source, port);
  if (!c.connected()) return "(not connected)";
  c.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nConnection: close\r\n\r\n");
  return c.read_all(timeout);
}

TEST_F(WebHardeningTest, SlowClientsFromOneAddressLeaveRoomForOthers) {
  WebServerOptions options = base_options();
  options.http_threads = 8;
  options.max_connections_per_address = 4;
  options.request_timeout_ms = 3000;
  start(options);
  SlowClients slow("127.0.0.1", port_, 12, host());
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  // Another address is served at once.
  const auto t0 = Clock::now();
  const std::string answer =
      probe("127.0.0.2", port_, std::chrono::milliseconds(2500 * slowdown()));
  EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << answer;
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(2500 * slowdown()));
  // The slow address itself is told at once that it has too many connections.
  const std::string refused =
      probe("127.0.0.1", port_, std::chrono::milliseconds(2500 * slowdown()));
  EXPECT_EQ(refused.rfind("HTTP/1.1 503", 0), 0u) << refused;
  EXPECT_NE(refused.find("too_many_connections"), std::string::npos) << refused;
}

TEST_F(WebHardeningTest, AWholeRequestHasADeadline) {
  WebServerOptions options = base_options();
  options.http_threads = 8;
  options.request_timeout_ms = 1500;
  start(options);
  // Headers that trickle in forever: the server hangs up after the deadline,
  // though every single read is quick.
  RawConnection slow("127.0.0.1", port_);
  ASSERT_TRUE(slow.connected());
  const auto t0 = Clock::now();
  slow.send("GET /api/info HTTP/1.1\r\nHost: " + host() + "\r\n");
  bool closed = false;
  for (int tick = 0; tick < 30 && !closed; ++tick) {
    slow.send("X-Slow: " + std::to_string(tick) + "\r\n");
    slow.read_all(std::chrono::milliseconds(250), &closed);
  }
  EXPECT_TRUE(closed) << "the server still reads a request after 7 s";
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(4000 * slowdown()));
  // A body that trickles in likewise.
  RawConnection body("127.0.0.1", port_);
  const auto t1 = Clock::now();
  body.send("POST /api/positions/validate HTTP/1.1\r\nHost: " + host() +
            "\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{");
  closed = false;
  for (int tick = 0; tick < 30 && !closed; ++tick) {
    body.send(" ");
    body.read_all(std::chrono::milliseconds(250), &closed);
  }
  EXPECT_TRUE(closed);
  EXPECT_LT(Clock::now() - t1, std::chrono::milliseconds(4000 * slowdown()));
  // Requests at a normal pace are unaffected, kept-alive connections too.
  auto c = client();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(reply(c->Get("/api/info")).status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
  }
}

}  // namespace
}  // namespace jungle::web
