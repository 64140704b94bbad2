// What each reader's page draws of the board beyond its FEN (docs/api.md,
// "Game state"), written once here for every family from the reader's
// game::Observation alone, through its family's game::ObservedBoard: a
// Flip Jungle game's tiles, face up or down, and its pool; a hidden game's
// pieces as the reader knows them (the truth once the game is over) and
// its set-up's progress. Nothing here asks which family a game is: the
// layout follows what the board holds (a pool of face-down tiles, or
// pieces known in part) and what the game can do (a set-up to choose).
#include <optional>
#include <string>

#include "game/family.h"
#include "game/observed_board.h"
#include "web/games/game_session_base.h"

namespace jungle::web {

namespace {

std::string letter(Side side, Animal animal) {
  return std::string(1, piece_letter(make_piece(side, animal)));
}

// Face-down tiles and the pool they are drawn from: every tile by square
// (a letter, "?" face down), the animals still face down by side.
void add_tiles(Json& state, const game::ObservedBoard& board) {
  Json tiles = Json::object();
  for (const game::SeenPiece& p : board.pieces) {
    tiles[p.square] = p.side && p.animal ? letter(*p.side, *p.animal) : "?";
  }
  Json pool = {{"blue", Json::object()}, {"red", Json::object()}};
  for (Side side : {kBlue, kRed}) {
    for (int a = 0; a < kAnimals; ++a) {
      pool[side_json_name(side)][std::string(1, animal_letter(Animal(a)))] =
          (*board.pool)[side][size_t(a)];
    }
  }
  state["board_size"] = {{"files", board.files}, {"ranks", board.ranks}};
  state["board"] = tiles;
  state["pool"] = pool;
  state["hidden"] = board.face_down;
  state["quiet_plies"] = board.quiet_plies;
}

// Pieces known in part: each with its animal when known and what it can
// still be; once the truth is public, every animal.
void add_pieces(Json& state, const game::ObservedBoard& board) {
  Json pieces = Json::array();
  for (const game::SeenPiece& p : board.pieces) {
    const Side side = p.side.value_or(kBlue);
    std::string candidates;
    for (Animal a : p.candidates) candidates += letter(side, a);
    Json piece{{"square", p.square},
               {"side", side_json_name(side)},
               {"animal", p.animal ? Json(letter(side, *p.animal)) : Json()},
               {"candidates", candidates}};
    if (!board.truth) {
      piece["shown"] = p.shown;
      piece["moves"] = p.moves;
    }
    pieces.push_back(piece);
  }
  Json terms{{"setup", board.setup}};
  for (const auto& [name, value] : board.terms) terms[name] = value;
  state["pieces"] = pieces;
  state["hidden"] = terms;
  state["truth"] = board.truth;
}

}  // namespace

void GameSessionBase::add_board_state(Json& state, const game::Observation& seen) const {
  const std::optional<game::ObservedBoard> board = family().observed_board(seen);
  if (!board) return;
  state["kind"] = seen.family;
  if (board->pool) {
    add_tiles(state, *board);
  } else {
    add_pieces(state, *board);
  }
  if (!family().capabilities().setup) return;
  // The set-up's progress: who has settled, and where the reader arranges
  // its own animals while it may.
  Json setup{{"mode", board->setup},
             {"ready", {{"blue", ready(kBlue)}, {"red", ready(kRed)}}},
             {"done", set_up()}};
  if (seen.viewer) {
    setup["squares"] = board->setup_squares;
    setup["may_arrange"] = family().setup_to_choose(variant()) && !ready(*seen.viewer) && !over();
  }
  state["setup"] = setup;
}

}  // namespace jungle::web
