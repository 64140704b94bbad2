// FEN reader: any text either fails with FenError or gives a position whose
// FEN reads back to itself, whose legal moves all play and unplay cleanly,
// and whose incremental hashes match the ones computed from scratch.

#include <algorithm>
#include <bit>
#include <string>
#include <string_view>

#include "core/movegen.h"
#include "core/position.h"
#include "fuzz_common.h"

using namespace jungle;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  RuleSetPtr rules = fuzz::take_rule_set(data, size);
  const std::string text(reinterpret_cast<const char*>(data), size);
  Position pos;
  try {
    pos = Position::from_fen(text, rules);
  } catch (const FenError& e) {
    fuzz::require(e.what()[0] != '\0', "a FenError says what is wrong", text);
    return 0;
  }
  // Every animal letter of the placement stands on the board: none is
  // dropped on the way in.
  std::string_view placement = text;
  placement.remove_prefix(std::min(placement.size(), placement.find_first_not_of(" \t")));
  placement = placement.substr(0, placement.find_first_of(" \t"));
  const auto letters = std::count_if(placement.begin(), placement.end(), [](char c) {
    return std::string_view("ERLTPWDCerltpwdc").find(c) != std::string_view::npos;
  });
  fuzz::require(letters == std::popcount(pos.occupied()), "every piece in the FEN is placed", text);

  const std::string fen = pos.fen();
  Position again = Position::from_fen(fen, rules);
  fuzz::require(again.fen() == fen, "fen() reads back to itself", text);
  fuzz::require(pos.key() == pos.compute_key(), "the key matches its recomputation", text);

  game_result(pos);
  for (Move m : generate_moves(pos)) {
    const uint64_t key = pos.key();
    pos.do_move(m);
    fuzz::require(pos.key() == pos.compute_key(), "the key after a move matches", text);
    game_result(pos);
    pos.undo_move();
    fuzz::require(pos.key() == key && pos.fen() == fen, "undo restores the position", text);
  }
  return 0;
}
