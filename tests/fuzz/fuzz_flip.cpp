// Flip Jungle's readers: a flip FEN, a flip record and a ply after a walk of
// legal actions. The first byte picks what is read (its value modulo 3) and
// the shipped flip set (its value / 3, modulo their count).
// - A FEN is refused with FlipFenError or makes a position whose FEN reads
//   back to itself, and every legal action plays and takes back to it.
// - A record is refused with RecordError or reads to a game whose written
//   record reads back to the same plies, comments and side lines and is
//   stable after one round.
// - A ply is refused, or is one of the legal actions (with, for a flip, an
//   animal the pool holds).

#include <optional>
#include <string>

#include "core/game_record.h"
#include "flip/flip_position.h"
#include "flip/flip_record.h"
#include "flip/flip_rules.h"
#include "fuzz_common.h"

using namespace jungle;
using namespace jungle::flip;

namespace {

const std::vector<FlipRulesPtr>& flip_sets() {
  static const std::vector<FlipRulesPtr> sets = [] {
    std::vector<FlipRulesPtr> out;
    for (const std::string& name : builtin_flip_names()) out.push_back(load_flip_rules(name));
    return out;
  }();
  return sets;
}

bool is_legal(const FlipPosition& pos, const Ply& ply) {
  for (Action a : pos.legal_actions()) {
    if (!(a == ply.action)) continue;
    return !a.is_flip() || (ply.revealed != kNoPiece && pos.pool_count(ply.revealed) > 0);
  }
  return false;
}

void fuzz_fen(const FlipRulesPtr& rules, const std::string& text) {
  std::optional<FlipPosition> pos;
  try {
    pos.emplace(rules, text);
  } catch (const FlipFenError&) {
    return;
  }
  const std::string fen = pos->fen();
  fuzz::require(FlipPosition(rules, fen).fen() == fen, "a position's FEN reads back to itself",
                text);
  if (pos->end() != FlipEnd::kNone) return;
  for (Action a : pos->legal_actions()) {
    const Outcomes o = pos->outcomes();
    const Piece revealed = a.is_flip() ? o.piece[0] : kNoPiece;
    fuzz::require(!a.is_flip() || o.size > 0, "a flip has an outcome", text);
    pos->play({a, revealed});
    fuzz::require(FlipPosition(rules, pos->fen()).fen() == pos->fen(),
                  "the FEN after an action reads back to itself", text);
    pos->undo();
    fuzz::require(pos->fen() == fen, "an action takes back to the position before it", text);
  }
}

void fuzz_record(const std::string& text) {
  std::optional<FlipRecord> record;
  try {
    record.emplace(read_flip_record(text));
  } catch (const RecordError&) {
    return;
  }
  // Written as read: its comments and side lines too.
  const std::string written = write_flip_record(*record);
  std::optional<FlipRecord> again;
  try {
    again.emplace(read_flip_record(written));
  } catch (const RecordError& e) {
    fuzz::require(false, std::string("a written flip record reads back: ") + e.what(), text);
  }
  fuzz::require(again->position.history() == record->position.history(),
                "a written flip record keeps its plies", text);
  fuzz::require(line_as_text(again->plies, ply_text) == line_as_text(record->plies, ply_text),
                "a written flip record keeps its comments and side lines", text);
  fuzz::require(write_flip_record(*again) == written, "writing is stable after one round", text);
}

void fuzz_ply(const FlipRulesPtr& rules, const uint8_t* data, size_t size) {
  FlipPosition pos(rules);
  // The next byte is a number of plies, the bytes after it choose them.
  const int plies = size > 0 ? data[0] % 24 : 0;
  size_t at = size > 0 ? 1 : 0;
  for (int i = 0; i < plies && at < size && pos.end() == FlipEnd::kNone; ++i, ++at) {
    const ActionList list = pos.legal_actions();
    if (list.size == 0) break;
    const Action a = list.items[size_t(data[at] % list.size)];
    Piece revealed = kNoPiece;
    if (a.is_flip()) {
      const Outcomes o = pos.outcomes();
      revealed = o.piece[size_t(data[at] / list.size % unsigned(o.size))];
    }
    pos.play({a, revealed});
  }
  const std::string text(reinterpret_cast<const char*>(data + at), size - at);
  Ply ply;
  if (!pos.parse_ply(text, ply)) return;
  fuzz::require(is_legal(pos, ply), "an accepted ply is legal here", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int mode = data[0] % 3;
  const FlipRulesPtr& rules = flip_sets()[size_t(data[0] / 3) % flip_sets().size()];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (mode == 0) fuzz_fen(rules, text);
  if (mode == 1) fuzz_record(text);
  if (mode == 2) fuzz_ply(rules, data + 1, size - 1);
  return 0;
}
