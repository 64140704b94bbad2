// Forced wins from tests/tactics/*.txt. Each position's win is proven here by
// an exhaustive search that uses nothing but core move generation, and the
// engine must find a winning first move and report a mate score for it.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/variants.h"
#include "search/engine.h"
#include "search/search.h"

namespace jungle {
namespace {

// The engine's budget per position: generous, so that a miss means the
// search cannot see the win rather than that it ran out of time.
constexpr uint64_t kEngineNodes = 2'000'000;
// The deep wins of engine_misses.txt (mates in 5-6 moves with quiet moves
// in between) need more: with the second turn's weights 3.1, 8.1 and 2.3 M
// nodes (before it 2.4, 5.2 and 4.6 M), under two seconds of search.
constexpr uint64_t kDeepEngineNodes = 10'000'000;

// Proves or refutes "the attacker wins within N of its moves" by visiting
// every defence (an AND-OR search over legal moves; game_result decides
// what a position's game has come to).
class WinProver {
 public:
  explicit WinProver(const RuleSet& rules) { compute_den_distances(rules); }

  // Whether the side to move wins within `moves` of its own moves (2 * moves - 1 plies).
  bool wins_within(Position& pos, int moves) {
    attacker_ = pos.side_to_move();
    begin(2 * moves - 1);
    return attacker_wins(pos, 2 * moves - 1);
  }
  // Whether the side to move loses within `moves` moves of its opponent.
  bool loses_within(Position& pos, int moves) {
    attacker_ = opponent(pos.side_to_move());
    begin(2 * moves);
    return defender_loses(pos, 2 * moves);
  }

 private:
  // From a root without history a position can occur for the third time (a
  // draw) no sooner than 8 plies on, so a shallower proof may share results
  // between paths that reach the same position; a deeper one may not.
  static constexpr int kRepetitionPlies = 8;

  void begin(int plies) {
    table_.clear();
    use_table_ = plies < kRepetitionPlies;
  }

  GameResult attacker_win() const {
    return attacker_ == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
  }

  bool attacker_wins(Position& pos, int plies) {
    if (out_of_reach(pos, (plies + 1) / 2)) return false;
    const uint64_t key = pos.key() ^ (uint64_t(plies) * 0x9E3779B97F4A7C15ull);
    if (use_table_) {
      auto it = table_.find(key);
      if (it != table_.end()) return it->second;
    }
    MoveList moves = generate_moves(pos);
    std::array<GameResult, MoveList::kCapacity> results;
    bool won = false;
    for (int i = 0; i < moves.size() && !won; ++i) {
      pos.do_move(moves[i]);
      results[i] = game_result(pos);
      pos.undo_move();
      won = results[i] == attacker_win();
    }
    if (!won && plies >= 3) {
      // Captures and moves towards the den first: they win most often.
      std::array<int, MoveList::kCapacity> order, rank;
      for (int i = 0; i < moves.size(); ++i) {
        order[i] = i;
        rank[i] = (pos.is_capture(moves[i]) ? -100 : 0) +
                  distance_[attacker_][animal_of(pos.piece_on(moves[i].from()))][moves[i].to()];
      }
      std::stable_sort(order.begin(), order.begin() + moves.size(),
                       [&](int a, int b) { return rank[a] < rank[b]; });
      for (int k = 0; k < moves.size() && !won; ++k) {
        const int i = order[k];
        if (results[i] != GameResult::kOngoing) continue;
        pos.do_move(moves[i]);
        won = defender_loses(pos, plies - 1);
        pos.undo_move();
      }
    }
    if (use_table_) table_[key] = won;
    return won;
  }

  bool defender_loses(Position& pos, int plies) {
    MoveList moves = generate_moves(pos);
    // Captures first: they are the likeliest escapes.
    std::stable_partition(moves.begin(), moves.end(), [&](Move m) { return pos.is_capture(m); });
    for (Move m : moves) {
      pos.do_move(m);
      const GameResult r = game_result(pos);
      const bool lost =
          r == attacker_win() || (r == GameResult::kOngoing && attacker_wins(pos, plies - 1));
      pos.undo_move();
      if (!lost) return false;
    }
    return true;
  }

  // No attacker can reach the den in time even on an empty board, and there
  // are more defenders than moves left to take them. Leaving the defender
  // without a move is not considered, so this may hide a win, never invent one.
  bool out_of_reach(const Position& pos, int moves_left) const {
    if (popcount(pos.pieces(opponent(attacker_))) <= moves_left) return false;
    for (Bitboard b = pos.pieces(attacker_); b;) {
      const Square s = pop_lsb(b);
      if (distance_[attacker_][animal_of(pos.piece_on(s))][s] <= moves_left) return false;
    }
    return true;
  }

  // Moves from each square to the enemy den on an empty board, by a
  // breadth-first search backwards from the den over steps and jumps.
  void compute_den_distances(const RuleSet& rules) {
    for (int side = 0; side < kSides; ++side) {
      for (int a = 0; a < kAnimals; ++a) {
        uint8_t* dist = distance_[side][a];
        std::fill(dist, dist + 64, kFar);
        dist[rules.den(opponent(Side(side)))] = 0;
        for (int d = 0; d < kStandardGeometry.squares(); ++d) {
          bool grew = false;
          for (Square s = 0; s < kStandardGeometry.squares(); ++s) {
            if (dist[s] != kFar) continue;
            Bitboard next = rules.steps(Side(side), Animal(a), s);
            for (const Jump& j : rules.jumps_from(Side(side), Animal(a), s)) {
              if (j.to != kNoSquare) next |= square_bb(j.to);
            }
            while (next) {
              if (dist[pop_lsb(next)] == d) {
                dist[s] = uint8_t(d + 1);
                grew = true;
                break;
              }
            }
          }
          if (!grew) break;
        }
      }
    }
  }

  static constexpr uint8_t kFar = 99;
  Side attacker_ = kBlue;
  bool use_table_ = false;
  std::unordered_map<uint64_t, bool> table_;
  uint8_t distance_[kSides][kAnimals][64];
};

struct Tactic {
  std::string file;
  int line = 0;
  std::string variant;
  int moves = 0;
  std::string fen;
  std::vector<std::string> main_line;
  std::string how;
  std::string name;  // for the test's name: file stem and line
  // From engine_misses.txt: proven wins too deep for the suite's node
  // budget. Their proofs run with the others; the engine gets a larger one.
  bool engine_misses = false;
};

void PrintTo(const Tactic& t, std::ostream* os) {
  *os << t.file << ":" << t.line << " " << t.fen;
}

std::string trim(std::string s) {
  const auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

std::vector<Tactic> load_tactics() {
  std::vector<Tactic> tactics;
  const std::filesystem::path dir = std::filesystem::path(JUNGLE_SOURCE_DIR) / "tests" / "tactics";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path);
    std::string variant = "standard";
    int number = 0;
    for (std::string text; std::getline(in, text);) {
      ++number;
      text = trim(text);
      if (text.empty() || text[0] == '#') continue;
      if (text.front() == '[' && text.back() == ']') {
        variant = text.substr(1, text.size() - 2);
        continue;
      }
      std::vector<std::string> fields;
      std::istringstream row(text);
      for (std::string field; std::getline(row, field, '|');) fields.push_back(trim(field));
      Tactic t;
      t.file = path.filename().string();
      t.line = number;
      t.variant = variant;
      t.moves = fields.size() == 4 ? std::atoi(fields[0].c_str()) : 0;
      if (fields.size() == 4) {
        t.fen = fields[1];
        std::istringstream words(fields[2]);
        for (std::string w; words >> w;) t.main_line.push_back(w);
        t.how = fields[3];
      }
      t.name = path.stem().string() + "_line" + std::to_string(number);
      t.engine_misses = path.stem() == "engine_misses";
      std::replace(t.name.begin(), t.name.end(), '-', '_');
      tactics.push_back(t);
    }
  }
  return tactics;
}

const std::vector<Tactic>& all_tactics() {
  static const std::vector<Tactic> tactics = load_tactics();
  return tactics;
}

TEST(TacticsData, EnoughPositionsOfEveryLength) {
  std::map<int, int> by_moves;
  int standard = 0, found = 0;
  for (const Tactic& t : all_tactics()) {
    ++by_moves[t.moves];
    standard += t.variant == "standard" && !t.engine_misses;
    found += !t.engine_misses;
  }
  EXPECT_GE(found, 50);
  EXPECT_GE(standard, 40);
  for (int n = 1; n <= 7; ++n) EXPECT_GE(by_moves[n], 1) << "no win in " << n;
  EXPECT_EQ(by_moves[0], 0) << "a line that is not 'moves | FEN | line | how'";
}

// The engine: a mate score within `moves`, for a move that is a proven win.
void expect_engine_finds(const Tactic& t, uint64_t nodes) {
  const RuleSetPtr rules = load_variant(t.variant);
  Position pos = Position::from_fen(t.fen, rules);
  const GameResult win = pos.side_to_move() == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
  Engine engine;
  EngineOptions options;
  options.hash_mb = 16;
  options.threads = 1;
  engine.set_options(options);
  engine.set_rules(rules);
  SearchLimits limits;
  limits.mate = t.moves;
  limits.nodes = nodes;
  const SearchResult result = engine.search(pos, limits);
  ASSERT_GE(result.score, kMateBound)
      << "the engine did not see the win: " << score_text(result.score) << " for "
      << kStandardGeometry.move_text(result.best) << " after " << result.nodes << " nodes";
  const int engine_moves = (kMateScore - result.score + 1) / 2;
  EXPECT_LE(engine_moves, t.moves);
  ASSERT_TRUE(generate_moves(pos).contains(result.best))
      << kStandardGeometry.move_text(result.best);
  pos.do_move(result.best);
  const GameResult after = game_result(pos);
  WinProver prover(*rules);
  const bool proven = after == win || (after == GameResult::kOngoing && engine_moves > 1 &&
                                       prover.loses_within(pos, engine_moves - 1));
  EXPECT_TRUE(proven) << "the engine's " << kStandardGeometry.move_text(result.best) << " ("
                      << score_text(result.score) << ") does not win in " << engine_moves;
}

class Tactics : public testing::TestWithParam<Tactic> {};

TEST_P(Tactics, WinIsProvenAndTheEngineFindsIt) {
  const Tactic& t = GetParam();
  SCOPED_TRACE(t.file + ":" + std::to_string(t.line) + " [" + t.variant + "] " + t.fen);
  ASSERT_GE(t.moves, 1);
  ASSERT_LE(t.moves, 7);
  const RuleSetPtr rules = load_variant(t.variant);
  Position pos = Position::from_fen(t.fen, rules);
  ASSERT_EQ(game_result(pos), GameResult::kOngoing);
  const Side winner = pos.side_to_move();
  const GameResult win = winner == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;

  // The claim, proven; and no faster win, so that `moves` is exact.
  WinProver prover(*rules);
  ASSERT_TRUE(prover.wins_within(pos, t.moves)) << "no forced win in " << t.moves;
  if (t.moves > 1) {
    EXPECT_FALSE(prover.wins_within(pos, t.moves - 1)) << "wins faster";
  }

  // The main line is legal, ends in the win it names, and starts with a winning move.
  ASSERT_EQ(int(t.main_line.size()), 2 * t.moves - 1);
  Position line = pos;
  for (const std::string& text : t.main_line) {
    ASSERT_EQ(game_result(line), GameResult::kOngoing) << "the game ended before " << text;
    std::string why;
    const std::optional<Move> m = parse_move(line, text, &why);
    ASSERT_TRUE(m.has_value()) << why;
    line.do_move(*m);
  }
  Termination how = Termination::kNone;
  EXPECT_EQ(game_result(line, &how), win);
  EXPECT_EQ(t.how, how == Termination::kDenEntered ? "den entry" : "captures the last piece");

  if (!t.engine_misses) expect_engine_finds(t, kEngineNodes);
}

// The wins the engine once missed (engine_misses.txt), with a larger budget.
TEST(TacticsEngineMisses, EngineFindsThemWithMoreNodes) {
  int deep = 0;
  for (const Tactic& t : all_tactics()) {
    if (!t.engine_misses) continue;
    SCOPED_TRACE(t.file + ":" + std::to_string(t.line) + " " + t.fen);
    expect_engine_finds(t, kDeepEngineNodes);
    ++deep;
  }
  EXPECT_EQ(deep, 3);
}

INSTANTIATE_TEST_SUITE_P(Positions, Tactics, testing::ValuesIn(all_tactics()),
                         [](const testing::TestParamInfo<Tactic>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace jungle
