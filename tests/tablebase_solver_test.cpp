// The tables against an independent slow solver: every position of a small
// material is solved again by plain value iteration over the slow reference
// move generator (tests/reference), which shares no code with the generator.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/position.h"
#include "core/variants.h"
#include "reference/reference_game.h"
#include "tablebase/generate.h"
#include "tablebase/tablebase.h"

namespace jungle {
namespace {

// A fresh folder under the system's temporary folder, removed at the end.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Value iteration over the whole graph of positions reachable from a
// material: a position wins in d (odd) when some move leads to a loss in
// d - 1 and none to a shorter one; it loses in d (even) when every move
// leads to a win and the longest is d - 1. A move that ends the game wins in 1.
class SlowSolver {
 public:
  static constexpr int kGameOver = -1;  // a move that ends the game: its mover wins

  explicit SlowSolver(const Rules& rules) : rules_(rules) {}

  // Every placement of `pieces` (side, animal) on the 7x9 board the rules
  // allow, both sides to move, each added to the graph (with `with_moves`);
  // positions already won (a piece on the enemy den) are left out.
  std::vector<std::string> placements(const std::vector<std::pair<Side, Animal>>& pieces,
                                      bool with_moves = true) {
    std::vector<std::string> out;
    std::vector<int> sq(pieces.size(), 0);
    const int n = int(pieces.size());
    for (;;) {
      bool distinct = true;
      for (int i = 0; i < n && distinct; ++i) {
        for (int j = 0; j < i; ++j) distinct = distinct && sq[size_t(i)] != sq[size_t(j)];
      }
      if (distinct) {
        for (const char* side : {" w", " b"}) {
          const std::string fen = placement(pieces, sq) + side;
          try {
            reference::ReferenceGame g(rules_, fen);
            if (g.result().termination == Termination::kDenEntered) continue;
            out.push_back(fen);
            if (with_moves) expand(node(fen), g);  // the game is at hand: its moves now
          } catch (const reference::ReferenceError&) {
          }
        }
      }
      int k = n - 1;
      while (k >= 0 && ++sq[size_t(k)] == kStandardGeometry.squares()) sq[size_t(k--)] = 0;
      if (k < 0) break;
    }
    return out;
  }

  // Solves every node placed and every node they reach.
  void solve() {
    for (size_t i = 0; i < fens_.size(); ++i) {
      if (expanded_[i]) continue;
      reference::ReferenceGame g(rules_, fens_[i]);
      expand(int(i), g);
    }
    const size_t n = fens_.size();
    value_.assign(n, kUnknown);
    for (size_t i = 0; i < n; ++i) {
      if (children_[i].empty()) value_[i] = no_move_loses_ ? 0 : kDraw;
    }
    for (int d = 1;; ++d) {
      bool changed = false, open = false;
      std::vector<int> next = value_;
      for (size_t i = 0; i < n; ++i) {
        if (value_[i] != kUnknown) continue;
        open = true;
        if (d % 2 == 1) {
          for (int c : children_[i]) {
            if (c == kGameOver ? d == 1 : value_[size_t(c)] == d - 1) {
              next[i] = d;
              changed = true;
              break;
            }
          }
        } else {
          bool all_won = true;
          int longest = -1;
          for (int c : children_[i]) {
            const int v = c == kGameOver ? 1 : value_[size_t(c)];
            if (v == kUnknown || v == kDraw || v % 2 == 0) {
              all_won = false;
              break;
            }
            longest = std::max(longest, v);
          }
          if (all_won && longest == d - 1) {
            next[i] = d;
            changed = true;
          }
        }
      }
      value_ = next;
      if (!open || (!changed && d > max_distance_ + 2)) break;
      if (changed) max_distance_ = d;
    }
  }

  // The verdict the slow solver found for `fen`, which was added.
  tb::Verdict verdict(const std::string& fen) const {
    const int v = value_[size_t(ids_.at(fen))];
    if (v == kUnknown || v == kDraw) return {tb::Wdl::kDraw, 0};
    return {v % 2 ? tb::Wdl::kWin : tb::Wdl::kLoss, v};
  }
  size_t size() const { return fens_.size(); }

 private:
  static constexpr int kUnknown = -2;
  static constexpr int kDraw = -3;

  std::string placement(const std::vector<std::pair<Side, Animal>>& pieces,
                        const std::vector<int>& sq) const {
    std::string out;
    for (int rank = kStandardGeometry.ranks() - 1; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < kStandardGeometry.files(); ++file) {
        int at = -1;
        for (size_t k = 0; k < pieces.size(); ++k) {
          if (sq[k] == rank * kStandardGeometry.files() + file) at = int(k);
        }
        if (at < 0) {
          ++empty;
          continue;
        }
        if (empty) out += char('0' + empty);
        empty = 0;
        const char c = animal_letter(pieces[size_t(at)].second);
        out += pieces[size_t(at)].first == kBlue ? c : char(c - 'A' + 'a');
      }
      if (empty) out += char('0' + empty);
      if (rank) out += '/';
    }
    return out;
  }

  int node(const std::string& fen) {
    auto [it, inserted] = ids_.emplace(fen, int(fens_.size()));
    if (inserted) {
      fens_.push_back(fen);
      children_.emplace_back();
      expanded_.push_back(false);
    }
    return it->second;
  }

  void expand(int i, reference::ReferenceGame& g) {
    std::vector<int> out;
    for (const std::string& m : g.legal_moves()) {
      g.play(m);
      const Termination t = g.result().termination;
      if (t == Termination::kDenEntered || t == Termination::kAllCaptured) {
        out.push_back(kGameOver);
      } else {
        out.push_back(node(g.placement_and_side()));
      }
      g.undo();
    }
    children_[size_t(i)] = std::move(out);
    expanded_[size_t(i)] = true;
  }

  Rules rules_;
  bool no_move_loses_ = rules_.no_legal_move == NoMoveRule::kLoses;
  std::unordered_map<std::string, int> ids_;
  std::vector<std::string> fens_;
  std::vector<std::vector<int>> children_;
  std::vector<bool> expanded_;
  std::vector<int> value_;
  int max_distance_ = 0;
};

std::vector<std::pair<Side, Animal>> pieces_of(tb::Material m) {
  std::vector<std::pair<Side, Animal>> out;
  for (const tb::TbPiece& p : m.pieces()) out.emplace_back(p.side, p.animal);
  return out;
}

// Builds `materials` under `rules` into a folder, checks every table with
// verify, probes every position, and compares each verdict with the slow
// solver's. Under the sanitizers (JUNGLE_SANITIZED) the tables' own code is
// what is watched: no comparison (the slow solver's string-keyed positions
// took all but half a second of the three-piece test's 46 s there, to check
// what the Release run checks), and probes of every two-piece position only
// (listing the three-piece positions with the reference rules took 13 s).
void compare_with_slow_solver(const Rules& rules, const std::vector<std::string>& materials,
                              const std::string& name) {
  const bool compare = std::getenv("JUNGLE_SANITIZED") == nullptr;
  const RuleSetPtr rs = RuleSet::make(rules);
  const auto tbr = std::make_shared<const tb::TbRules>(rs);
  TempDir dir("jungle-tb-" + name);
  tb::GenerateOptions opt;
  opt.out = dir.path();
  opt.threads = 2;
  for (const std::string& text : materials) opt.materials.push_back(*tb::Material::parse(text));
  const tb::GenerateReport report = tb::generate(tbr, opt);
  ASSERT_GT(report.generated, 0);

  tb::TableStore store(tbr, dir.path());
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    const tb::TableInfo info = tb::read_table_info(entry.path());
    const tb::Table t = tb::read_table(entry.path(), tbr->hash(), info.material,
                                       tbr->layout(info.material).entries());
    std::vector<std::string> bad;
    EXPECT_EQ(tb::verify_table(store, t, 2, [&](const std::string& s) { bad.push_back(s); }), 0u)
        << name << " " << info.material.name() << ": " << (bad.empty() ? "" : bad.front());
  }

  const tb::Tablebase tablebase(rs, dir.path());
  for (const std::string& text : materials) {
    const std::vector<std::pair<Side, Animal>> pieces = pieces_of(*tb::Material::parse(text));
    if (!compare && pieces.size() > 2) continue;
    SlowSolver slow(rules);
    const std::vector<std::string> fens = slow.placements(pieces, compare);
    if (compare) slow.solve();
    int mismatches = 0;
    for (const std::string& fen : fens) {
      const Position pos = Position::from_fen(fen, rs);
      const std::optional<tb::Verdict> v = tablebase.probe(pos);
      ASSERT_TRUE(v.has_value()) << fen;
      if (!compare) continue;
      const tb::Verdict want = slow.verdict(fen);
      if (*v != want && mismatches++ < 5) {
        ADD_FAILURE() << name << " " << text << " " << fen << ": table " << tb::verdict_text(*v)
                      << ", slow solver " << tb::verdict_text(want);
      }
    }
    EXPECT_EQ(mismatches, 0) << name << " " << text;
  }
}

TEST(TablebaseSolver, TwoPieceMaterialsMatchTheSlowSolverUnderStandardRules) {
  compare_with_slow_solver(Rules{}, {"R-e", "E-r", "L-t", "C-c", "T-r", "D-w"}, "standard2");
}

TEST(TablebaseSolver, TwoPieceMaterialsMatchTheSlowSolverUnderRuleOptions) {
  // Each option of rules.h that changes what moves or takes what.
  for (const char* name : {"x-swim-dog", "x-edge-captures-rat-elephant", "x-elephant-takes-rat",
                           "x-lion-equals-tiger"}) {
    const Rules* rules = reference::find_option_rule_set(name);
    ASSERT_NE(rules, nullptr) << name;
    compare_with_slow_solver(*rules, {"R-e", "D-r", "L-t", "E-r"}, name);
  }
  for (const char* variant : {"wikipedia", "universal-traps"}) {
    compare_with_slow_solver(builtin_rules(variant), {"R-e", "T-c", "E-r"}, variant);
  }
}

TEST(TablebaseSolver, ThreePieceMaterialMatchesTheSlowSolver) {
  // Captures lead into the two-piece tables; the Rat swims, takes the
  // Elephant and blocks its own Lion's jumps.
  compare_with_slow_solver(Rules{}, {"LR-e"}, "standard3");
}

}  // namespace
}  // namespace jungle
