#pragma once

// What the web app's JSON API tests share (the web_api_*_test.cpp files, one
// concern each): an in-process server on an ephemeral loopback port over a
// fresh database, restarted on the same one when a test asks, and the
// requests a test makes of it as one of the test players.
#include <gtest/gtest.h>
#include <httplib.h>

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "test_folder.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {

class WebApiTest : public ::testing::Test {
 protected:
  using Json = nlohmann::json;

  // An engine side that answers fast: skill 0 caps the depth.
  static inline const Json kQuickEngine = {{"type", "engine"}, {"skill", 0}, {"movetime_ms", 100}};

  void SetUp() override { start(); }

  void TearDown() override {
    client_.reset();
    server_.reset();
  }

  void start() {
    server_ = std::make_unique<WebServer>(small_test_server(dir_, 16));
    port_ = server_->start();
    client_ = make_client();
  }

  void restart() {
    client_.reset();
    server_->stop();
    server_.reset();
    start();
  }

  std::unique_ptr<httplib::Client> make_client() const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    c->set_read_timeout(60);
    as_test_player(*c);
    return c;
  }

  Reply get(const std::string& path) { return reply(client_->Get(path)); }
  Reply post(const std::string& path, const std::string& body) {
    return reply(client_->Post(path, body, "application/json"));
  }
  Reply post(const std::string& path, const Json& body) { return post(path, body.dump()); }
  Reply put(const std::string& path, const Json& body) {
    return reply(client_->Put(path, body.dump(), "application/json"));
  }
  Reply del(const std::string& path) { return reply(client_->Delete(path)); }

  Json create(const Json& body) {
    Reply r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.text;
    return r.body;
  }
  static std::string game_path(const Json& game, const std::string& rest = "") {
    return "/api/games/" + std::to_string(game["id"].get<int64_t>()) + rest;
  }
  // The refusal's code, after checking it is a JSON error with a message.
  static std::string error_code(const Reply& r) {
    EXPECT_TRUE(r.body.contains("error")) << r.text;
    if (!r.body.contains("error")) return "";
    EXPECT_FALSE(r.body["error"]["message"].get<std::string>().empty());
    return r.body["error"]["code"].get<std::string>();
  }

  TestFolder dir_{"web-api"};
  std::unique_ptr<WebServer> server_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;
};

}  // namespace jungle::web
