#pragma once

// An in-process web server whose clock the test sets, with the cheapest
// password hashing that the accounts allow: what the account and the
// rated-game tests start (web_account_test.cpp, web_rated_fixture.h).
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>

#include "test_folder.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {

class ClockedServerTest : public ::testing::Test {
 protected:
  // `folder`: the name of the server's temporary folder.
  explicit ClockedServerTest(const std::string& folder) : dir_(folder) {}
  void TearDown() override { server_.reset(); }
  void start() {
    WebServerOptions options = small_test_server(dir_, 16);
    options.password_cost = PasswordCost::minimum();
    options.clock = [this] { return now_.load(); };
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }

  TestFolder dir_;
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
  std::atomic<int64_t> now_{1'700'000'000'000};
};

}  // namespace jungle::web
