#pragma once

// What the web server's tests against hostile clients share (the
// web_hardening_*_test.cpp files, one concern each): an in-process server on
// loopback, the bounds that tell "answered" from "starved", and a raw
// connection that writes and reads bytes as they are.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "test_folder.h"
#include "web/engines/engine_pool.h"
#include "web/games/family_sessions.h"
#include "web/games/game_registry.h"
#include "web/games/variant_catalog.h"
#include "web/server/request_guard.h"
#include "web/store/game_store.h"
#include "web/store/sqlite_game_store.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace hardening {

// The bounds below tell "answered" from "starved" (the defects took 25 s to
// 119 s); under the sanitizers (JUNGLE_SANITIZED) every step is several
// times slower, so the bounds widen by this factor.
inline int slowdown() {
  return std::getenv("JUNGLE_SANITIZED") ? 4 : 1;
}

inline std::string error_code(const Reply& r) {
  if (!r.body.is_object() || !r.body.contains("error")) return "(no JSON error: " + r.text + ")";
  EXPECT_FALSE(r.body["error"]["message"].get<std::string>().empty());
  return r.body["error"]["code"].get<std::string>();
}

}  // namespace hardening

class WebHardeningTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.reset(); }

  WebServerOptions base_options() const { return small_test_server(dir_, 32); }

  void start(WebServerOptions options) {
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }

  std::unique_ptr<httplib::Client> client() const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    as_test_player(*c);
    c->set_read_timeout(30);
    return c;
  }

  std::string host() const { return "127.0.0.1:" + std::to_string(port_); }

  TestFolder dir_{"web-hardening"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
};

// A raw loopback connection, from `source` (any 127.x address) to the server.
class RawConnection {
 public:
  RawConnection(const std::string& source, int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in from{};
    from.sin_family = AF_INET;
    ::inet_pton(AF_INET, source.c_str(), &from.sin_addr);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      ADD_FAILURE() << "cannot bind to " << source;
    }
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(uint16_t(port));
    ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0;
  }
  ~RawConnection() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool connected() const { return connected_; }
  bool send(const std::string& s) { return ::send(fd_, s.data(), s.size(), MSG_NOSIGNAL) > 0; }
  // Everything the server sends until it closes or `timeout` passes.
  // `closed` says whether it closed.
  std::string read_all(std::chrono::milliseconds timeout, bool* closed = nullptr) {
    std::string out;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, int(left.count())) <= 0) break;
      char buf[4096];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) {
        if (closed) *closed = true;
        return out;
      }
      out.append(buf, size_t(n));
    }
    if (closed) *closed = false;
    return out;
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
};

}  // namespace jungle::web
