// Aborted games (docs/ratings.md, "Aborted games"): a game ended before
// each side has moved, by either player or by a first move that did not come
// in time, is stored and recorded as a result of its own and counts for
// nobody's rating.
#include <gtest/gtest.h>
#include <httplib.h>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include "game/families.h"
#include "pg_test_server.h"
#include "rating/glicko2.h"
#include "test_folder.h"
#include "web/games/rating_category.h"
#include "web/store/open_game_store.h"
#include "web/store/sqlite_account_store.h"
#include "web/web_server.h"
#include "web_rated_fixture.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

TEST_F(WebRatedTest, AnAbortedGameIsNotCounted) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  // Only blue moved: red resigns without a move of its own.
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/resign"), Json::object()).status, 200);
  Browser anyone(port_, "");
  EXPECT_EQ(anyone.get("/api/players/Ann").body["ratings"], Json::object());
  EXPECT_EQ(anyone.get("/api/players/bob").body["ratings"], Json::object());
}

// lichess's abort: while a side has not made its first move, either player
// may abort; the game has no winner, is "aborted" in the lists and counts
// in no tally, rating or history.

TEST_F(WebRatedTest, EitherPlayerAbortsBeforeEachSideHasMovedAndNothingCountsIt) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  Browser carol(port_, "carol-browser-key-001");
  const int64_t id = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  Reply r = carol.post(path(id, "/abort"), Json::object());
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(code_of(r), "not_your_seat");
  // Red has not moved yet: Ann, who has, may still abort, and so may Bob.
  r = bob->post(path(id, "/abort"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "over");
  EXPECT_EQ(r.body["result"], "aborted");
  EXPECT_EQ(r.body["winner"], nullptr);
  EXPECT_EQ(r.body["termination"], "aborted");
  EXPECT_EQ(r.body["message"], "Game aborted");
  r = ann->post(path(id, "/abort"), Json::object());
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(code_of(r), "game_over");

  Browser anyone(port_, "");
  for (const char* name : {"Ann", "bob"}) {
    const Json profile = anyone.get(std::string("/api/players/") + name).body;
    EXPECT_EQ(profile["ratings"], Json::object()) << name;
    EXPECT_EQ(profile["played"], 0) << name;
    EXPECT_EQ(profile["draws"], 0) << name;
    ASSERT_EQ(profile["games"].size(), 1u) << profile;
    EXPECT_EQ(profile["games"][0]["result"], "aborted");
    EXPECT_EQ(profile["games"][0]["outcome"], "aborted");
    EXPECT_EQ(profile["games"][0]["termination"], "aborted");
    EXPECT_EQ(anyone.get(std::string("/api/players/") + name + "/history").body["history"],
              Json::array());
  }
  const Json list = anyone.get("/api/games").body["games"];
  ASSERT_EQ(list.size(), 1u) << list;
  EXPECT_EQ(list[0]["result"], "aborted");

  // Once each side has moved, the game is played out: no abort.
  const int64_t next = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(next, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(next, "/moves"), {{"move", "g7g6"}}).status, 200);
  r = ann->post(path(next, "/abort"), Json::object());
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(code_of(r), "not_abortable");
  EXPECT_EQ(message_of(r),
            "both sides have moved: the game can no longer be aborted (resign, or offer a draw)");
  // A game on one screen is no one's to abort: it is deleted.
  const Reply local = ann->post("/api/games", Json::object());
  r = ann->post(path(local.body["id"], "/abort"), Json::object());
  EXPECT_EQ(code_of(r), "not_online") << r.text;
}

// An aborted game is a result of its own through the layers, never the draw
// the rules hold it as: the store's row says "aborted", the game_over event
// too, and the record writes Result "*" with Termination "aborted". A row
// stored before ("1/2-1/2", termination "aborted") reads back the same.

TEST_F(WebRatedTest, AnAbortedGameIsStoredAndRecordedAsItsOwnResult) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/abort"), Json::object()).status, 200);
  const std::string record = ann->get(path(id, "/record")).text;
  EXPECT_NE(record.find("[Result \"*\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Termination \"aborted\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("1. a3a4 *\n"), std::string::npos) << record;
  EXPECT_EQ(record.find("1/2-1/2"), std::string::npos) << record;
  server_.reset();
  {
    std::unique_ptr<GameStore> store = open_game_store(test_database(dir_.path()));
    StoredGame row = *store->load(id);
    EXPECT_EQ(row.result, "aborted");
    EXPECT_EQ(row.termination, "aborted");
    EXPECT_EQ(row.declared, "aborted");
    Json over;
    for (const StoredEvent& e : store->events_after(id, 0, 100)) {
      if (e.type == "game_over") over = Json::parse(e.data);
    }
    EXPECT_EQ(over["result"], "aborted");
    EXPECT_EQ(over["winner"], nullptr);
    EXPECT_EQ(over["termination"], "aborted");
    // The row as the server wrote it before aborting was a result of its own.
    row.result = "1/2-1/2";
    store->update(row);
  }
  start();
  Browser anyone(port_, "");
  const Reply s = anyone.get(path(id));
  EXPECT_EQ(s.body["status"], "over");
  EXPECT_EQ(s.body["result"], "aborted");
  EXPECT_EQ(s.body["winner"], nullptr);
  EXPECT_EQ(s.body["message"], "Game aborted");
  EXPECT_EQ(anyone.get(path(id, "/record")).text, record);
  const Json profile = anyone.get("/api/players/Ann").body;
  EXPECT_EQ(profile["played"], 0);
  EXPECT_EQ(profile["draws"], 0);
  ASSERT_EQ(profile["games"].size(), 1u) << profile;
  EXPECT_EQ(profile["games"][0]["outcome"], "aborted");
  EXPECT_EQ(anyone.get("/api/players/Ann?result=aborted").body["games"].size(), 1u);
  EXPECT_EQ(anyone.get("/api/players/Ann?result=draw").body["games"].size(), 0u);
}

// A player who does not make its first move within GameService::kFirstMoveMs
// (30 s) of its clock's start has the game aborted, not lost on time.

TEST_F(WebRatedTest, AGameWhoseFirstMoveDoesNotComeInTimeIsAborted) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  // Blue never moves.
  const int64_t id = start_rated(*ann, *bob);
  now_ += 29'999;
  EXPECT_EQ(bob->get(path(id)).body["status"], "ongoing");
  now_ += 1;
  Reply s = bob->get(path(id));
  EXPECT_EQ(s.body["result"], "aborted");
  EXPECT_EQ(s.body["termination"], "aborted");
  // Blue moves at once; Red never does, for 30 s from Blue's move.
  const int64_t second = start_rated(*ann, *bob);
  now_ += 10'000;
  ASSERT_EQ(ann->post(path(second, "/moves"), {{"move", "a3a4"}}).status, 200);
  now_ += 29'999;
  EXPECT_EQ(ann->get(path(second)).body["status"], "ongoing");
  now_ += 1;
  s = ann->get(path(second));
  EXPECT_EQ(s.body["result"], "aborted");
  // Once both have moved, time runs as the clock says: Red's 3 min.
  const int64_t third = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(third, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(third, "/moves"), {{"move", "g7g6"}}).status, 200);
  now_ += 60'000;
  EXPECT_EQ(ann->get(path(third)).body["status"], "ongoing");
  Browser anyone(port_, "");
  EXPECT_EQ(anyone.get("/api/players/Ann").body["ratings"], Json::object());
  EXPECT_EQ(anyone.get("/api/players/Ann").body["played"], 1) << "the third game, still on";
}

}  // namespace
}  // namespace jungle::web
