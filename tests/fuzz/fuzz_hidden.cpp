// Hidden games' readers: a record (the arbiter's or a player's) and a view
// FEN. The first byte picks what is read (its value modulo 2) and, for a view
// FEN, the viewer (Blue, Red or a spectator) and the hidden rule set.
// - A record: check_hidden_records and read_hidden_records agree; an
//   arbiter's record read writes back to a record that reads to the same
//   game, and a player's record written from it reads too.
// - A view FEN is refused with ViewError or makes a view whose FEN reads
//   back to itself, and whose legal tries each have no reason against them.

#include <string>

#include "core/game_record.h"
#include "core/variants.h"
#include "fuzz_common.h"
#include "hidden/hidden_record.h"
#include "hidden/player_view.h"

using namespace jungle;
using namespace jungle::hidden;

namespace {

const std::vector<RuleSetPtr>& hidden_sets() {
  static const std::vector<RuleSetPtr> sets = {load_variant("hidden"),
                                               load_variant("hidden-stratego")};
  return sets;
}

void fuzz_record(const std::string& text) {
  int games = 0;
  const std::vector<RecordError> errors = check_hidden_records(text, &games);
  std::vector<HiddenRecord> records;
  try {
    records = read_hidden_records(text);
  } catch (const RecordError&) {
    fuzz::require(!errors.empty(), "reading fails only where the check finds a fault", text);
    return;
  }
  fuzz::require(errors.empty(), "the check finds no fault where reading reads", text);
  for (const HiddenRecord& r : records) {
    if (!r.game) continue;
    const std::string written = write_hidden_record(*r.game);
    std::vector<HiddenRecord> again;
    try {
      again = read_hidden_records(written);
    } catch (const RecordError& e) {
      fuzz::require(false, std::string("a written arbiter's record reads back: ") + e.what(), text);
    }
    fuzz::require(again.size() == 1 && again[0].game && again[0].game->plies() == r.game->plies() &&
                      again[0].game->truth().fen() == r.game->truth().fen(),
                  "a written arbiter's record reads back to the same game", text);
    for (const Viewer viewer : {Viewer(kBlue), Viewer(kRed), Viewer()}) {
      try {
        read_hidden_records(write_view_record(*r.game, viewer));
      } catch (const RecordError& e) {
        fuzz::require(false, std::string("a player's record reads back: ") + e.what(), text);
      }
    }
  }
}

void fuzz_view_fen(uint8_t choice, const std::string& text) {
  const RuleSetPtr& rules = hidden_sets()[size_t(choice / 2) % hidden_sets().size()];
  const int v = choice / 4 % 3;
  const Viewer viewer = v == 2 ? Viewer() : Viewer(Side(v));
  std::optional<PlayerView> view;
  try {
    view.emplace(PlayerView::from_fen(rules, text, viewer));
  } catch (const ViewError&) {
    return;
  }
  const std::string fen = view->fen();
  try {
    fuzz::require(PlayerView::from_fen(rules, fen, viewer).fen() == fen,
                  "a view's FEN reads back to itself", text);
  } catch (const ViewError& e) {
    fuzz::require(false, std::string("a view's own FEN is read: ") + e.what(), text);
  }
  for (Move m : view->legal_moves()) {
    fuzz::require(view->may_try(m) && view->explain(m).empty(),
                  "a legal try has no reason against it", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] % 2 == 0) {
    fuzz_record(text);
  } else {
    fuzz_view_fen(data[0], text);
  }
  return 0;
}
