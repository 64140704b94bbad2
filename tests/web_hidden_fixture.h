#pragma once

// What the tests of hidden-piece games over the API share (the
// web_hidden_*_test.cpp files, one concern each; docs/api.md, "Hidden
// pieces"): an in-process server, and requests and streams that remember
// what each seat and each spectator was sent, for the leak check
// (view_leak_check.h) to judge against the truth once the game is over.

#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "sse_events.h"
#include "test_folder.h"
#include "view_leak_check.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {

// Not in an anonymous namespace: the files' tests are of one suite, which
// GoogleTest requires to have one fixture class.
class WebHiddenTest : public ::testing::Test {
 protected:
  // A small engine, quick to move.
  static inline const Json kEngine = {{"type", "engine"}, {"skill", 4}, {"movetime_ms", 100}};

  // The standard start with Red's Lion and Tiger exchanged, and as it is:
  // two truths that differ only in two animals that stand still in the
  // scripted games.
  static constexpr const char* kTruthA = "t5l/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";
  static constexpr const char* kTruthB = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

  // Plies of a hot-seat game on those truths: Red's Rat takes Blue's
  // Elephant, Red's Elephant dies attacking Blue's Rat, and quiet moves.
  static inline const std::vector<std::string> kScript = {
      "a3a4", "a7a6", "a4a5", "a6a5", "g3g4", "g7g6", "g4g5", "g6g5", "b2b3", "f8f7", "b3a3"};

  // The readers whose views are remembered: each side, and a spectator.
  static inline const Eyes kBlueEyes{'b'};
  static inline const Eyes kRedEyes{'r'};
  static inline const Eyes kNobody{};

  void TearDown() override { server_.reset(); }

  void start() { start_in(dir_); }
  // A server on the database in `dir`, its accounts' passwords hashed at
  // the least cost (the tests sign up).
  void start_in(const TestFolder& dir) {
    WebServerOptions options = small_test_server(dir, 16);
    options.password_cost = PasswordCost::minimum();
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }
  // GET `p` as `b` (its player key and login), remembered as `eyes` saw it.
  Reply get(Browser& b, const std::string& p, Eyes eyes) {
    Reply r = b.get(p);
    remember("GET " + p + " (" + eyes_name(eyes) + ")", eyes, r);
    return r;
  }
  static std::string eyes_name(Eyes eyes) {
    return !eyes.side ? "spectator" : *eyes.side == 'b' ? "blue" : "red";
  }
  // The account routes' answers (and the lobby's and the list's) as `b`
  // gets them, every one remembered: the profile, the rating history and
  // the record file of each of `names`, the games list, the lobby, the
  // leaderboard of `category`, and `b`'s puzzle history.
  std::vector<Reply> sweep(Browser& b, Eyes eyes, const std::vector<std::string>& names,
                           const std::string& category) {
    std::vector<Reply> out;
    for (const std::string& name : names) {
      for (const char* rest : {"", "/history", "/record"}) {
        out.push_back(get(b, "/api/players/" + name + rest, eyes));
      }
    }
    for (const std::string& p :
         {std::string("/api/games"), std::string("/api/lobby"),
          "/api/leaderboard?category=" + category, std::string("/api/puzzles/history")}) {
      out.push_back(get(b, p, eyes));
    }
    for (const Reply& r : out) EXPECT_EQ(r.status, 200) << r.text;
    return out;
  }
  void restart() {
    server_.reset();
    start();
  }

  std::unique_ptr<httplib::Client> player(const std::string& key = "") const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    c->set_read_timeout(60);
    if (!key.empty()) c->set_default_headers({{"X-Player-Key", key}});
    return c;
  }
  static std::string path(int64_t id, const std::string& rest = "", const std::string& as = "") {
    return "/api/games/" + std::to_string(id) + rest + (as.empty() ? "" : "?as=" + as);
  }
  static std::string code_of(const Reply& r) {
    return r.body.contains("error") ? r.body["error"]["code"].get<std::string>() : "";
  }

  // A hot-seat game from kTruthA, both seats people, made by `c` with
  // nobody's eyes on it: where most tests begin. Its id.
  int64_t new_hot_seat_game(httplib::Client& c) {
    const Reply g =
        post(c, "/api/games",
             {{"variant", "hidden"}, {"fen", kTruthA}, {"blue", kHuman}, {"red", kHuman}}, kNobody);
    EXPECT_EQ(g.status, 201) << g.text;
    return g.body.value("id", int64_t{0});
  }

  // An online game of `variant` that `blue` makes, taking the Blue seat,
  // and `red` joins with its code, each answer remembered as its reader's
  // (`blue_eyes`, `red_eyes`): where the online tests begin. Its id.
  int64_t new_online_game(httplib::Client& blue, httplib::Client& red, const std::string& variant,
                          Eyes blue_eyes, Eyes red_eyes) {
    const Reply g = post(blue, "/api/games",
                         {{"variant", variant}, {"online", true}, {"side", "blue"}}, blue_eyes);
    EXPECT_EQ(g.status, 201) << g.text;
    const Reply joined = post(red, "/api/join", {{"code", g.body.value("code", "")}}, red_eyes);
    EXPECT_EQ(joined.status, 200) << joined.text;
    return g.body.value("id", int64_t{0});
  }

  // Requests that remember what each reader was sent.
  Reply post(httplib::Client& c, const std::string& p, const Json& body, Eyes eyes) {
    Reply r = reply(c.Post(p, body.dump(), "application/json"));
    remember("POST " + p, eyes, r);
    return r;
  }
  Reply get(httplib::Client& c, const std::string& p, Eyes eyes) {
    Reply r = reply(c.Get(p));
    remember("GET " + p, eyes, r);
    return r;
  }
  void remember(const std::string& where, Eyes eyes, const Reply& r) {
    std::lock_guard lock(seen_mutex_);
    Seen s{where, eyes, 0, false, r.body.is_discarded() ? Json() : r.body};
    if (r.body.is_object() && r.body.contains("ply")) {
      s.announcements = r.body["ply"].get<size_t>();
      s.over = r.body.value("status", "") == "over";
    } else {
      s.announcements = last_ply_;
    }
    if (!r.content_type.starts_with("application/json")) s.body = Json(r.text);
    seen_.push_back(std::move(s));
  }

  // Watches a game's stream in the background until it ends (game_over),
  // remembering every event as its reader got it.
  std::thread watch(const std::string& key, const std::string& url, Eyes eyes,
                    std::atomic<bool>& stop) {
    return std::thread([this, key, url, eyes, &stop] {
      auto c = player(key);
      std::string text;
      size_t done = 0;
      c->Get(url, [&](const char* data, size_t n) {
        text.append(data, n);
        const std::vector<Sse> events = parse_events(text);
        bool ended = false;
        for (; done < events.size(); ++done) {
          const Sse& e = events[done];
          std::lock_guard lock(seen_mutex_);
          Seen s{"event " + std::to_string(e.id) + " (" + e.type + ") of " + url, eyes, 0, false,
                 e.data};
          const Json& st = e.data.contains("state") ? e.data["state"] : Json();
          s.announcements =
              st.is_object() ? st["ply"].get<size_t>() : size_t(e.data.value("ply", 0));
          s.over = st.is_object() && st["status"] == "over";
          if (e.type == "game_over") s.over = true;
          seen_.push_back(std::move(s));
          if (e.type == "game_over") ended = true;
        }
        return !ended && !stop.load();
      });
    });
  }

  TestFolder dir_{"web-hidden"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
  std::mutex seen_mutex_;
  std::vector<Seen> seen_;
  size_t last_ply_ = 0;
};

}  // namespace jungle::web
