#pragma once

// The match itself: games between two engines, played by worker threads, each
// game refereed by our own rules (the arbiter), and their results tallied.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/types.h"
#include "game/state.h"
#include "match/elo.h"
#include "match/match_config.h"
#include "match/match_player.h"
#include "match/sprt.h"
#include "match/uci_engine.h"

namespace jungle::match {

struct GameOutcome {
  int index = 0;     // 0-based; games 2k and 2k+1 form a pair
  int opening = -1;  // index into MatchConfig::openings, -1: the start position
  // The engine (0 or 1) that moved first (engine 0 in even games), and the
  // colour it played: Blue in the open game and with hidden pieces; in Flip
  // Jungle the colour its first flip revealed, unless the rule set fixes
  // the colours (docs/tuning.md, "jungle match").
  int first_engine = 0;
  Side first_side = kBlue;
  GameResult result = GameResult::kDraw;
  std::string termination;  // the record's Termination tag
  std::string reason;       // a sentence: "B played an illegal move c3c5: ..."
  int plies = 0;            // the sides' actions, chance's left out
  int offender = -1;        // the engine an incident is charged to
  Incident incident = Incident::kNone;
  bool aborted = false;  // stopped before its end (the SPRT decided): not counted
  // The game as the arbiter ended it (a result the board does not show
  // declared); null when it could not be set up.
  std::shared_ptr<const game::State> state;

  int engine_of(Side s) const { return s == first_side ? first_engine : 1 - first_engine; }
  Side side_of(int engine) const {
    return engine == first_engine ? first_side : opponent(first_side);
  }
  double first_engine_points() const;  // 1, 0.5 or 0 for engine 0
};

struct MatchResult {
  int games = 0;  // counted games
  WdlCounts wdl;  // engine 0's view
  PentanomialCounts penta;
  int blue_wins = 0, red_wins = 0, draws = 0;
  std::array<std::array<int, kIncidentKinds>, 2> incidents{};
  std::vector<std::string> incident_log;  // one line per incident
  std::map<std::string, int> terminations;
  double llr = 0;
  SprtDecision decision = SprtDecision::kContinue;
  std::string error;  // set when the match could not be played at all
};

// Plays a match between two engines, processes spoken to over the protocol
// or engines in this process (match_player.h), in any family of games
// (src/game). The runner is the arbiter: it holds each
// game's State, tells each engine only what its side observes, applies every
// action with our own rules, draws chance's outcomes itself, ends games by
// the rules (State::result), charges crashes, time losses and illegal moves
// to the engine responsible, and never waits on an engine without a deadline.
// Chance comes from the config's ChanceSource; by default both games of a
// pair are played on the same deal (PairedDeals: one generator, seeded by
// the match's seed and the pair, makes the game's hidden set-up and deals
// what chance will reveal, then draws any chance left).
class MatchRunner {
 public:
  using GameCallback = std::function<void(const GameOutcome&, const MatchResult&)>;

  explicit MatchRunner(MatchConfig config);
  // Blocks until the games are played or the SPRT decides. `on_game` runs
  // after each counted game, one call at a time.
  MatchResult run(const GameCallback& on_game = {});
  // Asks the workers to finish: games under way are abandoned and not counted.
  void request_stop() { stop_ = true; }

 private:
  using Players = std::array<std::unique_ptr<MatchPlayer>, 2>;
  struct Shared;
  void worker(Shared& shared);
  GameOutcome play_game(int index, Players& players, const Shared& shared, std::string& record);
  void record_outcome(const GameOutcome& out, const std::string& record, Shared& shared);

  MatchConfig config_;
  std::atomic<bool> stop_{false};
};

}  // namespace jungle::match
