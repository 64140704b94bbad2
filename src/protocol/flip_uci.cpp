#include "protocol/flip_uci.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

#include "core/text_util.h"

namespace jungle {

namespace {

// A win the tree saw to its end is a mate in moves; the endgame tables'
// verdict proves a result without its distance, so it stays a score in cp
// (above any evaluation's) and the info string names it.
std::string score_text(const flip::FlipSearchResult& r) {
  if (r.plies_to_end != 0) {
    const int moves = (std::abs(r.plies_to_end) + 1) / 2;
    return "mate " + std::to_string(r.plies_to_end > 0 ? moves : -moves);
  }
  return "cp " + std::to_string(int(std::lround(r.score * 10)));
}

std::string score_string(const flip::FlipSearchResult& r) {
  if (r.proven && r.plies_to_end == 0) {
    return r.score > 0 ? "info string a win by the endgame tables"
                       : "info string a loss by the endgame tables";
  }
  char expected[64];
  std::snprintf(expected, sizeof expected, "info string expected score %+.2f", r.score);
  return expected;
}

}  // namespace

FlipUciSession::FlipUciSession(flip::FlipRulesPtr rules, Writer send, Writer error)
    : rules_(std::move(rules)),
      send_(std::move(send)),
      error_(std::move(error)),
      pos_(rules_),
      searcher_(std::make_unique<flip::FlipSearcher>()) {}

FlipUciSession::~FlipUciSession() {
  stop();
}

void FlipUciSession::stop() {
  searcher_->stop();
  wait();
}

void FlipUciSession::wait() {
  if (thread_.joinable()) thread_.join();
}

void FlipUciSession::new_game() {
  stop();
  searcher_->clear();
}

void FlipUciSession::position(const std::vector<std::string>& args) {
  position_rejected_ = true;
  size_t i = 0;
  std::optional<flip::FlipPosition> next;
  try {
    if (!args.empty() && args[0] == "startpos") {
      i = 1;
      next.emplace(rules_);
    } else if (!args.empty() && args[0] == "fen") {
      i = size_t(std::find(args.begin(), args.end(), "moves") - args.begin());
      next.emplace(rules_, join_words(args, 1, i));
    } else {
      error_("position: expected 'position startpos|fen <FEN> [moves ...]'");
      return;
    }
  } catch (const flip::FlipFenError& e) {
    error_("invalid FEN '" + join_words(args, 1, i) + "': " + e.what());
    return;
  }
  if (i < args.size() && args[i] != "moves") {
    error_("position: expected 'moves' after startpos, not '" + args[i] + "'");
    return;
  }
  for (size_t j = i + 1; j < args.size(); ++j) {
    flip::Ply ply;
    const std::string prefix = "move " + std::to_string(j - i) + " " + args[j];
    if (next->end() != flip::FlipEnd::kNone) {
      error_(prefix + " comes after the game ended");
      return;
    }
    if (!next->parse_ply(args[j], ply)) {
      flip::Action a;
      error_(prefix + (next->parse_action(args[j], a) && a.is_flip()
                           ? " is a flip without what it revealed: write it like b2?=L"
                           : " is not legal here"));
      return;
    }
    next->play(ply);
  }
  pos_ = std::move(*next);
  position_rejected_ = false;
}

void FlipUciSession::go(const std::vector<std::string>& args) {
  flip::FlipLimits limits;
  limits.depth = 64;
  int64_t clock[2] = {-1, -1};
  bool infinite = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "infinite" || key == "ponder") {
      infinite = true;
      continue;
    }
    int64_t v = 0;
    if (i + 1 >= args.size() || !parse_int(args[i + 1], v) || v < 0) {
      error_("go: " + key + " needs a whole number");
      return;
    }
    ++i;
    if (key == "depth") {
      limits.depth = int(std::clamp<int64_t>(v, 1, 64));
    } else if (key == "nodes") {
      limits.nodes = uint64_t(v);
    } else if (key == "movetime") {
      limits.movetime_ms = int(std::min<int64_t>(v, 1 << 30));
    } else if (key == "wtime" || key == "btime") {
      clock[key[0] == 'w' ? 0 : 1] = v;
    } else if (key != "winc" && key != "binc" && key != "movestogo") {
      error_("go: unknown parameter '" + key + "'");
      return;
    }
  }
  const int64_t mine = clock[pos_.side_to_move() == kBlue ? 0 : 1];
  if (!infinite && limits.movetime_ms == 0 && mine >= 0) {
    limits.movetime_ms = int(std::clamp<int64_t>(mine / 20, 1, 1 << 30));
  }
  stop();
  if (position_rejected_) {
    error_("go: the last position command was rejected; send a valid position");
    send_("bestmove 0000");
    return;
  }
  searcher_->resume();
  thread_ = std::thread([this, limits, root = pos_]() mutable {
    const flip::FlipSearchResult r =
        searcher_->search(root, limits, [this](const flip::FlipSearchResult& it) {
          std::ostringstream s;
          s << "info depth " << it.depth << " score " << score_text(it) << " nodes " << it.nodes
            << " time " << it.time_ms << " pv " << flip::action_text(it.best);
          send_(s.str());
          send_(score_string(it));
        });
    if (!r.has_move) {
      send_("info depth 0 score cp 0");
      send_("bestmove 0000");
      return;
    }
    send_("bestmove " + flip::action_text(r.best));
  });
}

void FlipUciSession::display() {
  std::ostringstream s;
  s << flip::diagram(pos_);
  s << "Fen: " << pos_.fen() << "\n";
  s << "Side to move: "
    << (pos_.colours_known() ? side_name(pos_.side_to_move()) : std::string("undecided")) << "\n";
  GameResult r;
  const flip::FlipEnd end = pos_.end(&r);
  if (end != flip::FlipEnd::kNone) {
    s << "Result: " << result_tag(r) << " (" << flip::flip_end_tag(end) << ")\n";
  }
  const flip::ActionList list = pos_.legal_actions();
  s << "Legal actions (" << list.size << "):";
  for (flip::Action a : list) s << ' ' << flip::action_text(a);
  send_(s.str());
}

}  // namespace jungle
