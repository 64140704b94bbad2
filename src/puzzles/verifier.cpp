#include "puzzles/verifier.h"

#include <algorithm>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"
#include "puzzles/themes.h"
#include "search/search.h"
#include "tablebase/tablebase.h"

namespace jungle::puzzles {

namespace {

bool enters_enemy_den(const Position& pos, Move m) {
  return pos.rule_set().den_bb(opponent(pos.side_to_move())) & square_bb(m.to());
}

// A verdict of the tables as the search would score it, for the messages.
int table_score(const tb::Verdict& v) {
  return v.wdl == tb::Wdl::kWin    ? kMateScore - v.distance
         : v.wdl == tb::Wdl::kLoss ? -kMateScore + v.distance
                                   : 0;
}

// Decides the goal from the best and the best other score, or says why not.
void classify(const Position& pos, Judgement& j) {
  const Geometry& board = pos.rule_set().geometry();
  const std::string best = board.move_text(j.best) + " (" + score_text(j.best_score) + ")";
  const std::string second = board.move_text(j.second) + " (" + score_text(j.second_score) + ")";
  if (j.best_score >= kWinningScore) {
    if (j.second_score <= kNotWinningScore) {
      j.goal = Goal::kWin;
    } else {
      j.why_not = "more than one move wins: " + best + ", " + second;
    }
  } else if (j.best_score > -kHoldingScore && j.second_score <= -kWinningScore) {
    j.goal = Goal::kDefend;
  } else if (j.best_score > -kHoldingScore) {
    j.why_not = "no move wins and more than one holds: " + best + ", " + second;
  } else {
    j.why_not = "no move wins or holds: the best is " + best;
  }
}

}  // namespace

int initial_rating(int found_depth, int player_moves, bool quiet_first_move) {
  const int rating = kRatingBase + kRatingPerDepth * found_depth +
                     kRatingPerMove * (player_moves - 1) + (quiet_first_move ? kRatingQuiet : 0);
  return std::clamp(rating, kRatingMin, kRatingMax);
}

Verifier::Verifier(RuleSetPtr rules, const VerifyOptions& options)
    : rules_(std::move(rules)), options_(options) {
  EngineOptions eo;
  eo.hash_mb = options.hash_mb;
  eo.threads = 1;
  eo.seed = 1;
  engine_.set_options(eo);
  engine_.set_rules(rules_);
  // Set after the rules, so that a folder that does not fit them is an
  // error here rather than tables silently left out.
  if (!options.tablebase_path.empty()) {
    eo.tablebase_path = options.tablebase_path;
    engine_.set_options(eo);
  }
}

std::optional<Judgement> Verifier::judge_by_tables(const Position& pos) {
  const tb::Tablebase* tables = engine_.tablebase();
  if (!tables || !tables->covers(pos)) return std::nullopt;
  std::vector<tb::Tablebase::MoveValue> moves;
  try {
    moves = tables->move_values(pos);
  } catch (const tb::TableError&) {
    return std::nullopt;  // a damaged table: the search judges instead
  }
  if (moves.empty()) return std::nullopt;
  Judgement j;
  j.tablebase = true;
  j.best = moves[0].move;
  j.best_score = table_score(moves[0].verdict);
  // A win of d plies needs a search of d plies to see it.
  j.found_depth = moves[0].verdict.wdl == tb::Wdl::kWin ? moves[0].verdict.distance : 1;
  if (moves.size() == 1) {
    j.why_not = "only one legal move";
    return j;
  }
  j.second = moves[1].move;
  j.second_score = table_score(moves[1].verdict);
  const auto wins = std::count_if(moves.begin(), moves.end(),
                                  [](const auto& m) { return m.verdict.wdl == tb::Wdl::kWin; });
  const auto holds = std::count_if(moves.begin(), moves.end(),
                                   [](const auto& m) { return m.verdict.wdl != tb::Wdl::kLoss; });
  if (wins == 1) {
    j.goal = Goal::kWin;
  } else if (wins == 0 && holds == 1) {
    j.goal = Goal::kDefend;
  } else {
    j.why_not = "the tables: " + std::to_string(wins) + " moves win, " + std::to_string(holds) +
                " do not lose";
  }
  return j;
}

Judgement Verifier::judge(const Position& pos) {
  const MoveList legal = generate_moves(pos);
  if (legal.empty()) {
    Judgement j;
    j.why_not = "no legal move";
    return j;
  }
  if (auto by_tables = judge_by_tables(pos)) return *by_tables;
  Judgement j;
  SearchLimits limits;
  limits.depth = options_.depth;
  struct Iteration {
    int depth;
    Move first;
    int score;
  };
  std::vector<Iteration> iterations;
  engine_.new_game();
  const SearchResult r = engine_.search(pos, limits, [&](const SearchInfo& info) {
    if (info.multipv == 1 && !info.pv.empty())
      iterations.push_back({info.depth, info.pv[0], info.score});
  });
  j.best = r.best;
  j.best_score = r.score;
  // Found from the depth on which the move stayed first with a score that
  // meets its goal (a win, or at least a hold): what a player has to see.
  const int needed = r.score >= kWinningScore ? kWinningScore : -kHoldingScore + 1;
  j.found_depth = options_.depth;
  for (auto it = iterations.rbegin();
       it != iterations.rend() && it->first == j.best && it->score >= needed; ++it) {
    j.found_depth = it->depth;
  }
  if (legal.size() == 1) {
    j.why_not = "only one legal move";
    return j;
  }
  // The best of the other moves: MultiPV 2, searched as its own root so
  // that a proven win of the first move does not cut the second short.
  for (const Move m : legal) {
    if (m != j.best) limits.search_moves.push_back(m);
  }
  const SearchResult other = engine_.search(pos, limits);
  j.second = other.best;
  j.second_score = other.score;
  classify(pos, j);
  return j;
}

Move Verifier::reply(const Position& pos) {
  if (auto by_tables = judge_by_tables(pos)) return by_tables->best;
  SearchLimits limits;
  limits.depth = options_.depth;
  engine_.new_game();
  return engine_.search(pos, limits).best;
}

std::optional<Verified> Verifier::verify(const Position& start, std::string* why_not) {
  // The position as its FEN gives it: no history before it, as the trainer
  // and `check` will see it.
  const Position pos = Position::from_fen(start.fen(), rules_);
  if (game_result(pos) != GameResult::kOngoing) {
    if (why_not) *why_not = "the game is over";
    return std::nullopt;
  }
  const Judgement first = judge(pos);
  if (!first.goal) {
    if (why_not) *why_not = first.why_not;
    return std::nullopt;
  }
  std::vector<Move> line = {first.best};
  Position p = pos;
  p.do_move(first.best);
  int player_moves = 1;
  // On while the player's next move is again the only one: the opponent's
  // best reply, then the one move (or a den entry, which ends it at once).
  while (player_moves < options_.max_player_moves && game_result(p) == GameResult::kOngoing) {
    const Move answer = reply(p);
    if (answer.is_none()) break;
    p.do_move(answer);
    Move next;
    if (game_result(p) == GameResult::kOngoing) {
      next = den_entry(p);
      if (next.is_none()) {
        const Judgement j = judge(p);
        if (j.goal && (first.goal == Goal::kDefend || j.goal == Goal::kWin)) next = j.best;
      }
    }
    if (next.is_none()) break;
    line.push_back(answer);
    line.push_back(next);
    p.do_move(next);
    ++player_moves;
  }
  Verified v;
  v.tablebase = first.tablebase;
  Puzzle& puzzle = v.puzzle;
  puzzle.variant = rules_->rules().name;
  puzzle.id = puzzle_id(puzzle.variant, pos);
  puzzle.fen = pos.fen();
  puzzle.goal = *first.goal;
  for (const Move m : line) puzzle.solution.push_back(rules_->geometry().move_text(m));
  puzzle.themes = tag_themes(pos, line, puzzle.goal);
  puzzle.depth = first.found_depth;
  puzzle.rating = initial_rating(first.found_depth, player_moves,
                                 !pos.is_capture(first.best) && !enters_enemy_den(pos, first.best));
  return v;
}

std::string Verifier::check(const Puzzle& puzzle) {
  if (puzzle.variant != rules_->rules().name) {
    return "the puzzle's variant is " + puzzle.variant + ", the checker's " + rules_->rules().name;
  }
  Position p = Position::from_fen(puzzle.fen, rules_);
  for (size_t i = 0; i < puzzle.solution.size(); ++i) {
    std::string error;
    const std::optional<Move> m = parse_move(p, puzzle.solution[i], &error);
    const std::string label = "move " + std::to_string(i + 1) + " " + puzzle.solution[i];
    if (!m) return label + " is illegal: " + error;
    if (i % 2 == 0 && !(i > 0 && i + 1 == puzzle.solution.size() && enters_enemy_den(p, *m))) {
      const Judgement j = judge(p);
      const bool wanted = i == 0 ? j.goal == puzzle.goal
                                 : j.goal && (puzzle.goal == Goal::kDefend || j.goal == Goal::kWin);
      if (!j.goal) return label + ": " + j.why_not;
      if (!wanted) return label + ": it is now a puzzle to " + std::string(goal_name(*j.goal));
      if (j.best != *m) {
        return label + ": the one move is now " + rules_->geometry().move_text(j.best);
      }
    }
    p.do_move(*m);
  }
  return "";
}

}  // namespace jungle::puzzles
