#include "flip/flip_tune_data.h"

#include <cmath>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>

#include "flip/flip_match.h"
#include "flip/flip_pimc.h"

namespace jungle::flip {

bool flip_quiet(FlipPosition& pos) {
  // The capture search alone: no tables (they would value the ending, not
  // the evaluation), no fading by the quiet plies, no table kept.
  FlipSearchOptions options;
  options.transposition_table = false;
  options.endgame_pieces = 0;
  options.quiet_fade = 0;
  FlipSearcher searcher(options);
  return std::abs(searcher.value(pos, 0) - flip_evaluate(pos)) < 1e-9;
}

namespace {

// One game of the engine against PIMC from the set's start, the tiles
// dealt from `seed`; the finished position.
FlipPosition play_game(const FlipRulesPtr& rules, const FlipDatagenOptions& options, uint64_t seed,
                       bool engine_first) {
  FlipLimits limits;
  limits.nodes = options.nodes;
  FlipSearchOptions engine_options;
  engine_options.weights = options.weights;
  FlipPlayer engine = engine_match_player(limits, engine_options);
  FlipPimcOptions pimc_options;
  pimc_options.seed = seed * 15485863 + 1;  // apart from chance's
  FlipPlayer pimc = pimc_player(limits, pimc_options);
  FlipPosition pos(rules);
  std::mt19937_64 chance(seed);
  const FlipDeal tiles = deal_tiles(pos, chance);
  while (pos.end() == FlipEnd::kNone) {
    const bool engine_moves = (pos.history().size() % 2 == 0) == engine_first;
    const Action a = engine_moves ? engine(pos) : pimc(pos);
    pos.play({a, a.is_flip() ? tiles[size_t(a.from)] : kNoPiece});
  }
  return pos;
}

}  // namespace

int64_t write_flip_game_positions(const FlipPosition& finished, std::ostream& out) {
  GameResult result;
  finished.end(&result);
  int64_t written = 0;
  // Replayed from the start: each position before the end, as it stood.
  FlipPosition pos(finished.rules_ptr(), finished.initial_fen());
  for (const Ply& p : finished.history()) {
    if (pos.colours_known() && flip_quiet(pos)) {
      const double points = result == GameResult::kDraw ? 0.5
                            : (result == GameResult::kBlueWins) == (pos.side_to_move() == kBlue)
                                ? 1.0
                                : 0.0;
      out << pos.fen() << ";" << points << "\n";
      ++written;
    }
    pos.play(p);
  }
  return written;
}

FlipDatagenStats generate_flip_training_data(const FlipRulesPtr& rules,
                                             const FlipDatagenOptions& options, std::ostream& out) {
  FlipDatagenStats stats;
  for (int g = 0; g < options.games; ++g) {
    const bool engine_first = g % 2 == 0;
    const FlipPosition finished =
        play_game(rules, options, options.seed + uint64_t(g), engine_first);
    GameResult result;
    finished.end(&result);
    // The engine played the first ply in even games: the first mover's colour is its.
    const Side first = first_player_colour(finished);
    const Side engine_side = engine_first ? first : opponent(first);
    if (result == GameResult::kDraw) {
      ++stats.draws;
    } else if ((result == GameResult::kBlueWins) == (engine_side == kBlue)) {
      ++stats.engine_wins;
    } else {
      ++stats.pimc_wins;
    }
    if (options.records) {
      *options.records << finished.initial_fen() << " moves";
      for (const Ply& p : finished.history()) *options.records << " " << ply_text(p);
      *options.records << "\n";
    }
    stats.positions += write_flip_game_positions(finished, out);
    ++stats.games;
    if (options.progress) options.progress(stats.games, stats.positions);
  }
  return stats;
}

std::vector<FlipSample> parse_flip_training_data(const FlipRulesPtr& rules, std::string_view text,
                                                 std::string_view origin) {
  std::vector<FlipSample> samples;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto fail = [&](const std::string& what) {
      throw std::invalid_argument(std::string(origin) + ":" + std::to_string(number) + ": " + what);
    };
    const size_t semi = line.rfind(';');
    if (semi == std::string::npos) fail("expected '<FEN>;<points>'");
    FlipSample s;
    s.fen = line.substr(0, semi);
    const std::string points = line.substr(semi + 1);
    if (points == "1") {
      s.points = 1;
    } else if (points == "0.5") {
      s.points = 0.5;
    } else if (points == "0") {
      s.points = 0;
    } else {
      fail("points '" + points + "': expected 1, 0.5 or 0");
    }
    try {
      (void)FlipPosition(rules, s.fen);
    } catch (const FlipFenError& e) {
      fail("invalid FEN '" + s.fen + "': " + e.what());
    }
    samples.push_back(std::move(s));
  }
  return samples;
}

}  // namespace jungle::flip
