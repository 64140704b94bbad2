#pragma once

// An in-process web server on a temporary folder, and the requests a test
// makes of it as one of the test players (web_test_util.h, as_test_player):
// what the route tests that need no clock of their own start.
#include <gtest/gtest.h>
#include <httplib.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "test_folder.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {

inline constexpr const char* kFirstTestPlayer = "test-player-key-00001";

class WebServerTest : public ::testing::Test {
 protected:
  // `folder`: the name of the server's temporary folder.
  explicit WebServerTest(const std::string& folder) : dir_(folder) {}
  void SetUp() override {
    server_ = std::make_unique<WebServer>(small_test_server(dir_, 16));
    server_->start();
  }
  void TearDown() override { server_.reset(); }

  httplib::Client client(const std::string& key = kFirstTestPlayer) const {
    httplib::Client c("127.0.0.1", server_->port());
    as_test_player(c, key);
    return c;
  }
  Reply post(const std::string& path, const nlohmann::json& body,
             const std::string& key = kFirstTestPlayer) const {
    httplib::Client c = client(key);
    return reply(c.Post(path, body.dump(), "application/json"));
  }
  Reply get(const std::string& path, const std::string& key = kFirstTestPlayer) const {
    httplib::Client c = client(key);
    return reply(c.Get(path));
  }
  // A server-sent-event stream's text to its end; its status in `status`.
  std::string stream_text(const std::string& path, int* status,
                          const std::string& key = kFirstTestPlayer) const {
    httplib::Client c = client(key);
    std::string body;
    auto r = c.Get(path, [&](const char* data, size_t n) {
      body.append(data, n);
      return true;
    });
    *status = r ? r->status : 0;
    return body;
  }

  TestFolder dir_;
  std::unique_ptr<WebServer> server_;
};

}  // namespace jungle::web
