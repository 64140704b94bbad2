#include "hidden_search/hidden_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

namespace jungle::hidden {

namespace {

// Centipawns at which a side is expected to score about 0.76: the scale
// of the evaluation, which values a Cat at about 100.
constexpr double kExpectationScale = 400.0;
// A candidate a world had no time to value counts this much below the
// world's best move.
constexpr int kUnvaluedPenalty = 50;

}  // namespace

bool in_contact(const PlayerView& view, int steps) {
  const Side us = view.side_to_move();
  const Geometry& g = view.rule_set().geometry();
  Bitboard unknown = 0;
  for (int id : view.side_pieces(opponent(us))) {
    const PieceInfo& p = view.pieces()[size_t(id)];
    if (p.on_board() && view.animal_unknown(id)) unknown |= square_bb(p.square);
  }
  // Grow our pieces' squares a step at a time; water and jumps aside, a
  // river is crossed in one jump, which a step over it stands for.
  Bitboard reach = view.occupied(us);
  for (int i = 0; i < steps && !(reach & unknown); ++i) reach |= g.neighbours(reach);
  return reach & unknown;
}

SearchClock::time_point move_end(const HiddenLimits& limits) {
  const SearchClock::time_point end =
      limits.clock.now() + std::chrono::milliseconds(limits.movetime_ms);
  if (limits.deadline == SearchClock::time_point()) return end;
  return std::min(end, limits.deadline);
}

int64_t move_time_ms(const HiddenLimits& limits) {
  if (limits.movetime_ms <= 0) return 0;
  if (limits.deadline == SearchClock::time_point()) return limits.movetime_ms;
  // Rounded up: a deadline 39.4 ms away is a 40 ms search's, not 39's.
  const int64_t left =
      std::chrono::ceil<std::chrono::milliseconds>(limits.deadline - limits.clock.now()).count();
  return std::clamp<int64_t>(left, 1, limits.movetime_ms);
}

double expected_result(int score) {
  if (score >= kMateBound) return 1.0;
  if (score <= -kMateBound) return 0.0;
  return 1.0 / (1.0 + std::pow(10.0, -score / kExpectationScale));
}

namespace {

ViewSearchOptions tree_options(const HiddenSearchOptions& options) {
  ViewSearchOptions out;
  out.opponent = options.opponent;
  out.leaf_pruning = options.tree_pruning;
  out.least_share = float(options.least_share);
  return out;
}

}  // namespace

HiddenSearcher::HiddenSearcher(HiddenSearchOptions options)
    : options_(options),
      engine_(options.hash_mb),
      tree_(tree_options(options)),
      reader_(options.reading),
      rng_(options.seed ? options.seed : 1) {}

void HiddenSearcher::set_options(const HiddenSearchOptions& options) {
  options_ = options;
  tree_.set_options(tree_options(options));
  reader_.set_options(options.reading);
  rng_.seed(options.seed ? options.seed : 1);
}

HiddenSearchResult HiddenSearcher::search_tree(const PlayerView& view, const HiddenLimits& limits) {
  ViewSearchLimits l;
  if (limits.nodes > 0) {
    l.nodes = limits.nodes;
  } else if (limits.movetime_ms > 0) {
    l.clock = limits.clock;
    l.deadline = move_end(limits);
  } else {
    l.depth = std::max(1, limits.depth);
  }
  l.exact_root = limits.exact_candidates;
  const ViewSearchResult r = tree_.search(view, l, &stop_);
  HiddenSearchResult out;
  out.best = r.best;
  out.expected = expected_result(r.score);
  // Every arrangement the belief allows is weighed (by its probability),
  // which is what front ends tell ("over N possible arrangements").
  out.worlds = int(std::min<uint64_t>(view.belief(opponent(view.side_to_move())).arrangements(),
                                      uint64_t(std::numeric_limits<int>::max())));
  out.depth = r.depth;
  out.nodes = r.nodes;
  for (const auto& [m, score] : r.scores) {
    out.candidates.push_back({m, expected_result(score), m == r.best ? 1 : 0});
  }
  if (out.candidates.empty() && !out.best.is_none()) out.candidates.push_back({out.best, 0.5, 1});
  return out;
}

void HiddenSearcher::new_game() {
  engine_.new_game();
  tree_.new_game();
  reader_.new_game();
}

void HiddenSearcher::stop() {
  stop_ = true;
  engine_.stop();
}

void HiddenSearcher::resume() {
  stop_ = false;
  engine_.resume();
}

void HiddenSearcher::prepare(const PlayerView& view) {
  if (rules_ != view.rule_set_ptr()) {
    rules_ = view.rule_set_ptr();
    engine_.set_rules(rules_);
  }
}

SearchResult HiddenSearcher::search_world(const Position& world, int64_t budget, int depth,
                                          std::vector<Move> only, int lines,
                                          std::vector<std::pair<Move, int>>* scores) {
  SearchLimits limits;
  if (budget > 0) {
    if (by_nodes_) {
      limits.nodes = uint64_t(budget);
    } else {
      limits.movetime_ms = budget;
    }
  }
  limits.depth = depth;
  if (budget <= 0 && limits.depth == 0) limits.depth = 1;
  limits.search_moves = std::move(only);
  limits.clock = clock_;
  const SearchResult r = engine_.search(world, limits, lines, scores);
  if (r.depth > 0 || r.best.is_none() || budget <= 0) return r;
  // Out of time (or nodes) before one ply was done: its score would mean
  // nothing, and one ply costs next to nothing.
  limits.movetime_ms = 0;
  limits.nodes = 0;
  limits.depth = 1;
  SearchResult shallow = engine_.search(world, limits, lines, scores);
  shallow.nodes += r.nodes;
  return shallow;
}

HiddenSearchResult HiddenSearcher::search_one_world(const PlayerView& view,
                                                    const HiddenLimits& limits) {
  prepare(view);
  HiddenSearchResult out;
  const MoveList tries = view.legal_moves();
  if (tries.empty()) return out;
  const Position world = view.determinize(view.sample_arrangement(rng_));
  by_nodes_ = limits.nodes > 0;
  clock_ = limits.clock;
  engine_.set_whole_time(true);
  const SearchResult r =
      search_world(world, by_nodes_ ? int64_t(limits.nodes) : move_time_ms(limits), limits.depth);
  engine_.set_whole_time(false);
  out.best = tries.contains(r.best) ? r.best : tries[0];
  out.expected = expected_result(r.score);
  out.worlds = 1;
  out.depth = r.depth;
  out.nodes = r.nodes;
  out.candidates.push_back({out.best, out.expected, 1});
  return out;
}

HiddenSearchResult HiddenSearcher::search(const PlayerView& view, const HiddenLimits& limits) {
  // The move ends at its movetime from now, or at its deadline where that
  // is earlier: the reading's time and the search's together.
  HiddenLimits move = limits;
  if (limits.nodes == 0 && limits.movetime_ms > 0) {
    move.deadline = move_end(limits);
  }
  if (options_.reading.temperature <= 0) return search_read(view, move);
  // Reading is part of the move: its nodes (or its time) come out of the
  // move's budget. The reading takes half of either at most and leaves the
  // rest to the search, so that the move keeps its limit (a view read
  // whole, in a fresh engine or one that switched games, reads every move
  // of the game again); the moves left are read at the next move.
  const SearchClock::time_point start = limits.clock.now();
  const uint64_t half_nodes = std::max<uint64_t>(1, limits.nodes / 2);
  ViewSearchLimits reading;
  if (limits.nodes > 0) reading.nodes = half_nodes;
  if (move.deadline != SearchClock::time_point()) {
    reading.clock = limits.clock;
    reading.deadline = start + (move.deadline - start) / 2;
  }
  const PlayerView read = reader_.weigh(view, reading);
  HiddenLimits rest = move;
  if (limits.nodes > 0)
    rest.nodes = std::max(half_nodes, limits.nodes - std::min(limits.nodes, reader_.nodes()));
  if (limits.movetime_ms > 0)
    rest.movetime_ms = std::max<int64_t>(1, limits.movetime_ms - limits.clock.ms_since(start));
  HiddenSearchResult out = search_read(read, rest);
  out.nodes += reader_.nodes();
  return out;
}

HiddenSearchResult HiddenSearcher::search_read(const PlayerView& view, const HiddenLimits& limits) {
  prepare(view);
  const SearchClock::time_point start = limits.clock.now();
  HiddenSearchResult out;
  // The move's budget, in milliseconds or in nodes searched (`spent`).
  by_nodes_ = limits.nodes > 0;
  clock_ = limits.clock;
  const int64_t total = by_nodes_ ? int64_t(limits.nodes) : move_time_ms(limits);
  const bool timed = total > 0;
  auto spent = [&] { return by_nodes_ ? int64_t(out.nodes) : limits.clock.ms_since(start); };
  auto left_ms = [&] { return total - spent(); };
  auto out_of_time = [&] { return stop_ || (timed && left_ms() <= 0); };
  const MoveList tries = view.legal_moves();
  if (tries.empty()) return out;
  out.best = tries[0];
  if (tries.size() == 1) {
    out.candidates.push_back({tries[0], 0.5, 0});
    return out;
  }
  const Side us = view.side_to_move();
  const uint64_t arrangements = view.belief(opponent(us)).arrangements();
  int count = int(std::clamp<uint64_t>(arrangements, 1, uint64_t(std::max(1, options_.worlds))));
  if (options_.contact_steps > 0 && count > 1 && !in_contact(view, options_.contact_steps)) {
    count = 1;
  }
  // The tree keeps no water or den counters: a rule set that counts them
  // (drowning, den food) is left to the worlds, which replay the game.
  const bool counters = view.rule_set().tracks_water_turns() || view.rule_set().tracks_den_food();
  if (count > 1 && options_.method == HiddenMethod::kTree && !counters)
    return search_tree(view, limits);

  struct World {
    Position position;
    SearchResult best;  // its best move, at `best.depth`
    std::vector<std::pair<Move, int>> lines;
    // The anchor world's deep scores of the candidates (see anchor_share).
    std::vector<std::pair<Move, int>> deep;
  };
  std::vector<World> worlds;
  worlds.reserve(size_t(count));
  for (int k = 0; k < count; ++k) {
    worlds.push_back({view.determinize(view.sample_arrangement(rng_)), SearchResult(), {}, {}});
  }

  // One world (the enemy known, or nothing unknown within reach): the open
  // engine's search with the whole time.
  if (count == 1) {
    World& w = worlds[0];
    // Every try valued where asked for (exact_candidates): one line each.
    const int lines = limits.exact_candidates ? int(tries.size()) : 1;
    // The open engine's search with the whole time, to its end.
    engine_.set_whole_time(true);
    w.best = search_world(w.position, total - spent(), limits.depth, {}, lines, &w.lines);
    engine_.set_whole_time(false);
    out.nodes = w.best.nodes;
    out.depth = w.best.depth;
    out.worlds = 1;
    if (tries.contains(w.best.best)) out.best = w.best.best;
    out.expected = expected_result(w.best.score);
    out.candidates.push_back({out.best, out.expected, 1});
    for (const auto& [m, score] : w.lines) {
      if (m != out.best && tries.contains(m))
        out.candidates.push_back({m, expected_result(score), 0});
    }
    return out;
  }

  // Step 0, with an anchor: the first world searched deep with
  // `anchor_share` of the time, its best `candidates` moves ranked exactly;
  // they are the candidates. Step 1 then only gives the other worlds a
  // first best move (for refusals and for the moves not valued in time).
  const bool anchored = options_.anchor_share > 0 && timed;
  if (anchored) {
    World& w = worlds[0];
    w.best = search_world(w.position,
                          std::max<int64_t>(1, int64_t(double(total) * options_.anchor_share)), 0,
                          {}, std::max(1, options_.candidates), &w.deep);
    out.nodes += w.best.nodes;
    if (w.deep.empty() && !w.best.best.is_none()) w.deep.push_back({w.best.best, w.best.score});
  }

  // Step 1, the candidates: every world searched a depth at a time, all of
  // them at each depth, within `first_share` of the time. A world whose
  // search is cut short keeps its last complete depth.
  const int lines = std::max(1, options_.lines);
  const int64_t first_ms = anchored ? spent() : int64_t(double(total) * options_.first_share);
  auto first_left = [&] { return first_ms - spent(); };
  const int max_depth = anchored ? 1 : timed ? kMaxPly - 1 : std::max(1, limits.depth);
  for (int depth = 1; depth <= max_depth && !stop_; ++depth) {
    // A new depth costs a few times the last: not begun past half the share.
    if (timed && depth > 1 && spent() * 2 > first_ms) break;
    bool whole = true;
    for (World& w : worlds) {
      if (!w.deep.empty()) continue;  // the anchor
      const bool first = w.best.best.is_none();
      if (!first && (stop_ || (timed && first_left() <= 0))) {
        whole = false;
        break;
      }
      std::vector<std::pair<Move, int>> ranked;
      const SearchResult r = search_world(
          w.position, timed ? std::max<int64_t>(1, first_left()) : 0, depth, {}, lines, &ranked);
      out.nodes += r.nodes;
      // Short of the depth: out of time, unless it proved a result.
      const bool complete = r.depth >= depth || std::abs(r.score) >= kMateBound;
      if (complete || first) {
        w.best = r;
        w.lines = std::move(ranked);
      }
      if (!complete) whole = false;
    }
    if (!whole) break;
  }
  std::erase_if(worlds, [&](const World& w) { return !tries.contains(w.best.best); });
  if (worlds.empty()) return out;
  out.worlds = int(worlds.size());

  // The candidates: the moves best in the most worlds, then those the most
  // worlds ranked among their best `lines`.
  std::map<uint16_t, std::pair<int, int>> tally;  // move: worlds where best, where ranked
  for (const World& w : worlds) {
    ++tally[w.best.best.raw()].first;
    for (const auto& [m, score] : w.lines) {
      if (m != w.best.best) ++tally[m.raw()].second;
    }
  }
  std::vector<std::pair<std::pair<int, int>, uint16_t>> ranked;
  for (const auto& [raw, n] : tally) ranked.push_back({n, raw});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (int(ranked.size()) > options_.candidates) ranked.resize(size_t(options_.candidates));
  std::vector<Move> candidates;
  for (const auto& entry : ranked) candidates.push_back(Move::from_raw(entry.second));
  const bool corrected = anchored && !worlds[0].deep.empty();
  if (corrected) {
    // The anchor's moves first, then the most voted, `candidates` in all.
    std::vector<Move> from_anchor;
    for (const auto& [m, score] : worlds[0].deep) {
      if (tries.contains(m)) from_anchor.push_back(m);
    }
    for (Move m : candidates) {
      if (int(from_anchor.size()) >= options_.candidates) break;
      if (std::find(from_anchor.begin(), from_anchor.end(), m) == from_anchor.end())
        from_anchor.push_back(m);
    }
    candidates = std::move(from_anchor);
  }

  // Step 2: every candidate valued in every world, a depth at a time as in
  // step 1, with the rest of the time. The candidates legal in a world are
  // searched together there, each exactly (multi-PV); a candidate that is
  // an attack failing in that world is valued by what the failure does
  // there, searched a ply less (the failure spends the turn). A world keeps
  // the values of its last complete depth.
  const FailedAttack failed = view.rules().failed_attack;
  auto failure_value = [&](const World& w, Move m, int depth, int64_t time_ms) {
    if (failed == FailedAttack::kRefused) return w.best.score;  // the world's best move instead
    Position after = w.position;
    after.do_failed_attack(m, failed == FailedAttack::kAttackerDies);
    const GameResult r = game_result(after);
    if (r != GameResult::kOngoing) {
      return r == GameResult::kDraw                          ? 0
             : (r == GameResult::kBlueWins) == (us == kBlue) ? kMateScore - 1
                                                             : -kMateScore + 1;
    }
    const SearchResult reply = search_world(after, time_ms, depth);
    out.nodes += reply.nodes;
    return -reply.score;
  };
  const size_t n = candidates.size();
  // scores[k][c]: candidate c in world k, at depth valued[k] (0: not yet).
  std::vector<std::vector<int>> scores(worlds.size(), std::vector<int>(n, 0));
  std::vector<int> valued(worlds.size(), 0);
  int first_depth = kMaxPly;
  for (const World& w : worlds) first_depth = std::min(first_depth, w.best.depth);
  first_depth = timed ? std::max(1, first_depth) : std::max(1, limits.depth);
  for (int depth = first_depth; depth <= max_depth && !stop_; ++depth) {
    const int64_t round_start = spent();
    bool whole = true;
    for (size_t k = 0; k < worlds.size(); ++k) {
      const World& w = worlds[k];
      // The first values are found even out of time (a ply then): a
      // failing gamble left unvalued would look safe.
      const bool first = valued[k] == 0;
      const bool hurry = out_of_time();
      if (hurry && !first) {
        whole = false;
        break;
      }
      const int d = hurry ? 1 : depth;
      const int64_t time_ms = hurry || !timed ? 0 : left_ms();
      std::vector<Move> legal;
      for (Move m : candidates) {
        if (is_legal(w.position, m)) legal.push_back(m);
      }
      std::vector<std::pair<Move, int>> exact;
      bool complete = true;
      if (!legal.empty()) {
        const SearchResult r =
            search_world(w.position, time_ms, d, legal, int(legal.size()), &exact);
        out.nodes += r.nodes;
        complete = r.depth >= d || std::abs(r.score) >= kMateBound;
      }
      std::vector<int> row(n, 0);
      for (size_t c = 0; c < n; ++c) {
        const Move m = candidates[c];
        if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
          row[c] = failure_value(w, m, std::max(1, d - 1), hurry || !timed ? 0 : left_ms());
          continue;
        }
        const auto it = std::find_if(exact.begin(), exact.end(),
                                     [&](const auto& entry) { return entry.first == m; });
        // Not valued before the time ran out: below the world's best.
        row[c] = it != exact.end()  ? it->second
                 : m == w.best.best ? w.best.score
                                    : w.best.score - kUnvaluedPenalty;
      }
      if (complete || first) {
        scores[k] = std::move(row);
        valued[k] = d;
      }
      if (!complete) whole = false;
    }
    if (!whole || !timed) break;
    // The next depth costs a few times this one.
    if (spent() + 2 * (spent() - round_start) > total) break;
  }
  for (int d : valued) out.depth = std::max(out.depth, d);
  // A candidate's value: its mean expected result over the worlds, pulled
  // towards its worst world by `risk`, so that a move that loses badly in
  // some worlds is not taken for its average.
  std::vector<double> sums(n, 0.0), worst(n, 1.0);
  for (size_t k = 0; k < worlds.size(); ++k) {
    for (size_t c = 0; c < n; ++c) {
      const double e = expected_result(scores[k][c]);
      sums[c] += e;
      worst[c] = std::min(worst[c], e);
    }
  }
  const double risk = std::clamp(options_.risk, 0.0, 1.0);
  std::vector<MoveValue> values;
  for (size_t c = 0; c < candidates.size(); ++c) {
    const double mean = sums[c] / double(worlds.size());
    double value = (1 - risk) * mean + risk * worst[c];
    int best_in = 0;
    for (const World& w : worlds) best_in += w.best.best == candidates[c];
    if (corrected) {
      // What the anchor's deeper search found beyond its own shallow value
      // (a threat of a known piece, a den race) holds in every world: the
      // difference is added to the value over the worlds.
      const auto it = std::find_if(worlds[0].deep.begin(), worlds[0].deep.end(),
                                   [&](const auto& e) { return e.first == candidates[c]; });
      if (it != worlds[0].deep.end()) {
        value += expected_result(it->second) - expected_result(scores[0][c]);
        value = std::clamp(value, 0.0, 1.0);
      }
    }
    values.push_back({candidates[c], value, best_in});
  }
  std::stable_sort(values.begin(), values.end(),
                   [](const MoveValue& a, const MoveValue& b) { return a.expected > b.expected; });
  out.best = values[0].move;
  out.expected = values[0].expected;
  out.candidates = std::move(values);
  return out;
}

}  // namespace jungle::hidden
