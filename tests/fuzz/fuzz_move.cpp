// Move reader: any text under any rule set, in positions reached by a walk
// from the start, either names a legal move or gives a reason; a legal move
// is never explained as illegal and an accepted move is always legal.

#include <algorithm>
#include <string>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "fuzz_common.h"

using namespace jungle;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  RuleSetPtr rules = fuzz::take_rule_set(data, size);
  if (size == 0) return 0;
  // The next bytes walk the game from the start: a count of plies, then one
  // byte per ply choosing among the legal moves, so that one corpus reaches
  // middlegames, water and traps under every rule set.
  Position pos(rules);
  size_t plies = std::min<size_t>(data[0] % 48, size - 1);
  ++data;
  --size;
  for (; plies > 0 && size > 0; --plies, ++data, --size) {
    if (game_result(pos) != GameResult::kOngoing) break;
    const MoveList moves = generate_moves(pos);
    pos.do_move(moves[data[0] % moves.size()]);
  }
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const std::optional<Move> move = parse_move(pos, text, &error);
  if (move) {
    fuzz::require(is_legal(pos, *move), "an accepted move is legal", text);
    fuzz::require(explain_illegal(pos, move->from(), move->to()).empty(),
                  "a legal move is not explained as illegal", text);
  } else {
    fuzz::require(!error.empty(), "a refused move has a reason", text);
  }
  // Every legal move reads back from its own text and draws no objection.
  for (Move m : generate_moves(pos)) {
    const std::optional<Move> again = parse_move(pos, kStandardGeometry.move_text(m));
    fuzz::require(again && *again == m, "a legal move reads back from its text", text);
    fuzz::require(explain_illegal(pos, m.from(), m.to()).empty(), "legal moves have no objection",
                  text);
  }
  return 0;
}
