// The terminal's engine: made by the family, given only the observation of the
// side it plays, searching in the background; its strength and its answers.

#include "ui/terminal_game.h"

#include <algorithm>
#include <fstream>
#include <iostream>

#include "core/file_io.h"
#include "core/game.h"
#include "core/text_util.h"
#include "game/engine_options.h"
#include "search/strength_levels.h"
#include "ui/observation_view.h"
#include "ui/setup_screen.h"

namespace jungle {

namespace {

// An engine's score, from the side to move's view, as records and the
// screen give it: from Blue's side.
Evaluation evaluation_for_blue(const game::Score& s, Side mover, int depth) {
  Evaluation e;
  e.depth = depth;
  e.mate = s.kind == game::Score::Kind::kMate;
  e.value = s.value;
  if (s.kind == game::Score::Kind::kTablebase)
    e.value = game::centipawns_of_expected(s.expected_result());
  if (mover == kRed) e.value = -e.value;
  return e;
}

}  // namespace

void TerminalGame::set_strength(const std::string& cmd, const std::string& arg) {
  if (!engine_has("Skill Level")) {
    out_ << "The " << state_->family().title() << " engine has one strength: its full one.\n";
    return;
  }
  const bool by_level = cmd == "level";
  int n = 0;
  if (arg.empty()) {
    out_ << "Engine strength: " << strength_name(options_.skill) << " (skill " << options_.skill
         << ").\n";
  } else if (!parse_int(arg, n) || n < (by_level ? 1 : 0) ||
             n > (by_level ? int(kStrengthLevels.size()) : 20)) {
    out_ << (by_level ? "Usage: level N, with N from 1 (beginner) to 8 (full strength)\n"
                      : "Usage: skill N, with N from 0 (weakest) to 20 (full strength)\n");
  } else {
    options_.skill = by_level ? kStrengthLevels[size_t(n - 1)].skill : n;
    out_ << "Engine strength: " << strength_name(options_.skill) << ".\n";
  }
}

// ---------------------------------------------------------------- files

// The arbiter's record, or while a hidden game goes on with one person's
// screen, what that person was shown: the truth waits for the end.

bool TerminalGame::engine_has(std::string_view option) const {
  return engine_ && game::find_option(engine_->options(), option) != nullptr;
}

void TerminalGame::make_engine() {
  if (engine_) {
    engine_->stop();
    engine_->wait();
  }
  engine_ = state_->family().make_engine();
  engine_family_ = &state_->family();
  engine_skill_ = -1;
  auto set = [this](std::string_view name, const std::string& value) {
    if (!engine_has(name)) return;
    for (const std::string& w : engine_->set_option(name, value)) out_ << w << "\n";
  };
  set("Hash", std::to_string(options_.hash_mb));
  set("Threads", "1");
  if (options_.seed != 0 && engine_has("Seed")) {
    // A copy: the list options() returns lives only as long as this statement.
    const game::OptionSpec spec = game::option_named(engine_->options(), "Seed");
    set("Seed", std::to_string(std::min<uint64_t>(options_.seed, uint64_t(spec.max))));
  }
  if (!options_.tb_dir.empty()) {
    if (!engine_has("TablebasePath")) {
      out_ << state_->family().title() << " has no endgame tables: --tb is not used.\n";
      return;
    }
    try {
      set("TablebasePath", options_.tb_dir);
    } catch (const std::invalid_argument& e) {
      // Tables that do not fit: say so once and play on without them.
      out_ << "No tablebase: " << e.what() << "\n";
      options_.tb_dir.clear();
    }
  }
}

void TerminalGame::apply_skill(int skill) {
  if (skill == engine_skill_ || !engine_has("Skill Level")) return;
  engine_->set_option("Skill Level", std::to_string(skill));
  engine_skill_ = skill;
}

void TerminalGame::start_search(SearchPurpose purpose) {
  const Side mover = state_->actor().side;
  // A hint is the engine's honest opinion, whatever level it plays at.
  apply_skill(purpose == SearchPurpose::kHint ? 20 : options_.skill);
  game::Limits limits;
  limits.movetime_ms = std::max<int64_t>(1, options_.movetime_ms);
  const uint64_t id = ++search_id_;
  searching_ = purpose;
  tables_answered_ = false;
  if (purpose == SearchPurpose::kMove) {
    out_ << player_name(mover) << " is thinking"
         << (options_.prompts ? " (type stop to make it move now)" : "") << "...\n";
  } else {
    out_ << "Looking for a hint...\n";
  }
  out_.flush();
  // The engine is given the mover's observation, never the game.
  try {
    engine_->go(
        state_->observe(mover), limits,
        [this](const game::SearchInfo& info) {
          // The open engine answers a position in its tables at depth 1.
          if (info.depth == 1 && info.tbhits > 0) tables_answered_ = true;
        },
        [this, id](const game::Answer& a) {
          {
            std::lock_guard<std::mutex> lock(result_mutex_);
            result_ = std::make_pair(id, a);
          }
          input_.wake();
        });
  } catch (const std::invalid_argument& e) {
    searching_ = SearchPurpose::kNone;
    out_ << "error: the engine cannot search this position: " << e.what() << "\n";
    if (purpose == SearchPurpose::kMove) quit_ = true;  // it would only be asked again
  }
}

void TerminalGame::take_search_result() {
  std::optional<std::pair<uint64_t, game::Answer>> delivered;
  {
    std::lock_guard<std::mutex> lock(result_mutex_);
    delivered.swap(result_);
  }
  if (!delivered || delivered->first != search_id_ || searching_ == SearchPurpose::kNone) return;
  engine_->wait();
  const SearchPurpose purpose = searching_;
  searching_ = SearchPurpose::kNone;
  const game::Answer& a = delivered->second;
  for (const std::string& w : a.warnings) out_ << w << "\n";
  const Side mover = state_->actor().side;
  const std::vector<std::string> legal = state_->legal_actions();
  if (legal.empty()) return;
  const std::string action =
      std::find(legal.begin(), legal.end(), a.action) != legal.end() ? a.action : legal[0];
  const Evaluation evaluation = evaluation_for_blue(a.score, mover, a.depth);
  if (purpose == SearchPurpose::kHint) {
    out_ << "Hint: " << action;
    if (tables_answered_ && a.depth == 1) {
      const int moves = a.score.kind == game::Score::Kind::kMate ? a.score.value : 0;
      out_ << " (tablebase: "
           << (moves > 0   ? "win in " + std::to_string(moves) + " moves"
               : moves < 0 ? "loss in " + std::to_string(-moves) + " moves"
                           : std::string("draw"))
           << ")\n";
    } else {
      out_ << " (evaluation " << evaluation_text(evaluation) << " for Blue, depth " << a.depth
           << ")\n";
    }
    return;
  }
  const std::string number = state_->ply_number();
  state_->apply(action);
  if (state_->actor().is_chance()) play_chance();
  played(mover, number, action,
         " (evaluation " + evaluation_text(evaluation) + " for Blue, depth " +
             std::to_string(a.depth) + ")",
         eval_comment(evaluation));
}

void TerminalGame::cancel_search() {
  if (searching_ == SearchPurpose::kNone) return;
  engine_->stop();
  engine_->wait();
  searching_ = SearchPurpose::kNone;
  std::lock_guard<std::mutex> lock(result_mutex_);
  result_.reset();
}

}  // namespace jungle
