// What each reader's page is sent to draw beyond the FEN (docs/api.md,
// "Game state"), written for every family in one place from the reader's
// Observation (web/games/board_state_json.cpp): a Flip Jungle game's tiles
// and pool, a hidden game's pieces as each reader knows them, the truth
// once it is over, and a chosen set-up's progress. The JSON is compared
// whole, as text: the expected texts are what the server wrote before the
// writer was one (each family's session wrote its own), read from its
// answers to the same games.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "web/games/family_sessions.h"
#include "web/games/game_session_base.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

// The drawing's fields of a state, as text.
std::string drawing(const Json& state) {
  Json out = Json::object();
  for (const char* key : {"kind", "board_size", "board", "pool", "hidden", "quiet_plies", "pieces",
                          "setup", "truth"}) {
    if (state.contains(key)) out[key] = state[key];
  }
  return out.dump();
}

std::unique_ptr<GameSessionBase> new_game(const VariantCatalog& catalog, const std::string& variant,
                                          const std::optional<std::string>& fen) {
  NewGame created;
  created.variant = variant;
  created.fen = fen;
  return new_session(family_of_new_game(created, catalog), created, catalog).game;
}

TEST(WebBoardState, AnOpenGameIsDrawnFromItsFenAlone) {
  const VariantCatalog catalog;
  const auto game = new_game(catalog, "standard", std::nullopt);
  EXPECT_EQ(drawing(game->to_json_for(3)), "{}");
}

TEST(WebBoardState, AFlipGameSendsItsTilesFaceUpAndDownAndThePool) {
  const VariantCatalog catalog;
  const auto game = new_game(catalog, "flip", "??l?/4/r3/1E?? w LTRcd 0 1");
  const std::string expected =
      R"({"board":{"a2":"r","a4":"?","b1":"E","b4":"?","c1":"?","c4":"l","d1":"?","d4":"?"},"board_size":{"files":4,"ranks":4},"hidden":5,"kind":"flip","pool":{"blue":{"C":0,"D":0,"E":0,"L":1,"P":0,"R":1,"T":1,"W":0},"red":{"C":1,"D":1,"E":0,"L":0,"P":0,"R":0,"T":0,"W":0}},"quiet_plies":0})";
  for (int seats : {0, 1, 2, 3}) EXPECT_EQ(drawing(game->to_json_for(seats)), expected) << seats;
  game->play_text("b1b2");
  EXPECT_EQ(
      drawing(game->to_json_for(0)),
      R"({"board":{"a2":"r","a4":"?","b2":"E","b4":"?","c1":"?","c4":"l","d1":"?","d4":"?"},"board_size":{"files":4,"ranks":4},"hidden":5,"kind":"flip","pool":{"blue":{"C":0,"D":0,"E":0,"L":1,"P":0,"R":1,"T":1,"W":0},"red":{"C":1,"D":1,"E":0,"L":0,"P":0,"R":0,"T":0,"W":0}},"quiet_plies":1})");
}

// The standard start with Red's Lion and Tiger exchanged.
const char* kTruth = "t5l/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

TEST(WebBoardState, AHiddenGameSendsEachReaderItsOwnKnowledgeAndTheTruthOnceOver) {
  const VariantCatalog catalog;
  const auto game = new_game(catalog, "hidden", kTruth);
  for (const char* move : {"a3a4", "a7a6", "a4a5", "a6a5", "g3g4"}) game->play_text(move);
  EXPECT_EQ(
      drawing(game->to_json_for(0)),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"shuffled"},"kind":"hidden","pieces":[{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"a1"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"g1"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"b2"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"f2"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"c3"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"e3"},{"animal":null,"candidates":"RCDWPTL","moves":1,"shown":false,"side":"blue","square":"g4"},{"animal":"r","candidates":"r","moves":2,"shown":true,"side":"red","square":"a5"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"c7"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"e7"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"g7"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"b8"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"f8"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"a9"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"g9"}],"setup":{"done":true,"mode":"shuffled","ready":{"blue":true,"red":true}},"truth":false})");
  EXPECT_EQ(
      drawing(game->to_json_for(1)),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"shuffled"},"kind":"hidden","pieces":[{"animal":"T","candidates":"T","moves":0,"shown":false,"side":"blue","square":"a1"},{"animal":"L","candidates":"L","moves":0,"shown":false,"side":"blue","square":"g1"},{"animal":"C","candidates":"C","moves":0,"shown":false,"side":"blue","square":"b2"},{"animal":"D","candidates":"D","moves":0,"shown":false,"side":"blue","square":"f2"},{"animal":"W","candidates":"W","moves":0,"shown":false,"side":"blue","square":"c3"},{"animal":"P","candidates":"P","moves":0,"shown":false,"side":"blue","square":"e3"},{"animal":"R","candidates":"R","moves":1,"shown":false,"side":"blue","square":"g4"},{"animal":"r","candidates":"r","moves":2,"shown":true,"side":"red","square":"a5"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"c7"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"e7"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"g7"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"b8"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"f8"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"a9"},{"animal":null,"candidates":"cdwptle","moves":0,"shown":false,"side":"red","square":"g9"}],"setup":{"done":true,"may_arrange":false,"mode":"shuffled","ready":{"blue":true,"red":true},"squares":["a1","g1","b2","f2","a3","c3","e3","g3"]},"truth":false})");
  EXPECT_EQ(
      drawing(game->to_json_for(2)),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"shuffled"},"kind":"hidden","pieces":[{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"a1"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"g1"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"b2"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"f2"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"c3"},{"animal":null,"candidates":"RCDWPTL","moves":0,"shown":false,"side":"blue","square":"e3"},{"animal":null,"candidates":"RCDWPTL","moves":1,"shown":false,"side":"blue","square":"g4"},{"animal":"r","candidates":"r","moves":2,"shown":true,"side":"red","square":"a5"},{"animal":"p","candidates":"p","moves":0,"shown":false,"side":"red","square":"c7"},{"animal":"w","candidates":"w","moves":0,"shown":false,"side":"red","square":"e7"},{"animal":"e","candidates":"e","moves":0,"shown":false,"side":"red","square":"g7"},{"animal":"d","candidates":"d","moves":0,"shown":false,"side":"red","square":"b8"},{"animal":"c","candidates":"c","moves":0,"shown":false,"side":"red","square":"f8"},{"animal":"t","candidates":"t","moves":0,"shown":false,"side":"red","square":"a9"},{"animal":"l","candidates":"l","moves":0,"shown":false,"side":"red","square":"g9"}],"setup":{"done":true,"may_arrange":false,"mode":"shuffled","ready":{"blue":true,"red":true},"squares":["a7","c7","e7","g7","b8","f8","a9","g9"]},"truth":false})");
  game->declare(1, "resignation");
  EXPECT_EQ(
      drawing(game->to_json_for(1)),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"shuffled"},"kind":"hidden","pieces":[{"animal":"T","candidates":"T","side":"blue","square":"a1"},{"animal":"L","candidates":"L","side":"blue","square":"g1"},{"animal":"C","candidates":"C","side":"blue","square":"b2"},{"animal":"D","candidates":"D","side":"blue","square":"f2"},{"animal":"W","candidates":"W","side":"blue","square":"c3"},{"animal":"P","candidates":"P","side":"blue","square":"e3"},{"animal":"R","candidates":"R","side":"blue","square":"g4"},{"animal":"r","candidates":"r","side":"red","square":"a5"},{"animal":"p","candidates":"p","side":"red","square":"c7"},{"animal":"w","candidates":"w","side":"red","square":"e7"},{"animal":"e","candidates":"e","side":"red","square":"g7"},{"animal":"d","candidates":"d","side":"red","square":"b8"},{"animal":"c","candidates":"c","side":"red","square":"f8"},{"animal":"t","candidates":"t","side":"red","square":"a9"},{"animal":"l","candidates":"l","side":"red","square":"g9"}],"setup":{"done":true,"may_arrange":false,"mode":"shuffled","ready":{"blue":true,"red":true},"squares":["a1","g1","b2","f2","a3","c3","e3","g3"]},"truth":true})");
}

TEST(WebBoardState, AChosenSetUpSendsItsSquaresAndWhoHasSettled) {
  const VariantCatalog catalog;
  const auto game = new_game(catalog, "hidden-stratego", std::nullopt);
  auto setup = [&](int seats) {
    const Json state = game->to_json_for(seats);
    return Json{{"hidden", state["hidden"]},
                {"setup", state["setup"]},
                {"kind", state["kind"]},
                {"truth", state["truth"]}}
        .dump();
  };
  EXPECT_EQ(
      setup(0),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"chosen"},"kind":"hidden","setup":{"done":false,"mode":"chosen","ready":{"blue":false,"red":false}},"truth":false})");
  EXPECT_EQ(
      setup(1),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"chosen"},"kind":"hidden","setup":{"done":false,"may_arrange":true,"mode":"chosen","ready":{"blue":false,"red":false},"squares":["a1","g1","b2","f2","a3","c3","e3","g3"]},"truth":false})");
  game->settle(kBlue);
  EXPECT_EQ(
      setup(1),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"chosen"},"kind":"hidden","setup":{"done":false,"may_arrange":false,"mode":"chosen","ready":{"blue":true,"red":false},"squares":["a1","g1","b2","f2","a3","c3","e3","g3"]},"truth":false})");
  EXPECT_EQ(
      setup(2),
      R"({"hidden":{"failed_attack":"attacker_dies","reveal":"both","setup":"chosen"},"kind":"hidden","setup":{"done":false,"may_arrange":true,"mode":"chosen","ready":{"blue":true,"red":false},"squares":["a7","c7","e7","g7","b8","f8","a9","g9"]},"truth":false})");
}

}  // namespace
}  // namespace jungle::web
