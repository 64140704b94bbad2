#include "protocol/hidden_uci.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "core/secure_random.h"
#include "core/text_util.h"
#include "hidden/setup.h"

namespace jungle {

namespace {

std::optional<Side> side_word(const std::string& word) {
  if (word == "blue") return kBlue;
  if (word == "red") return kRed;
  return std::nullopt;
}

}  // namespace

HiddenUciSession::HiddenUciSession(RuleSetPtr rules, Writer send, Writer error)
    : rules_(std::move(rules)),
      send_(std::move(send)),
      error_(std::move(error)),
      searcher_(std::make_unique<hidden::HiddenSearcher>()) {}

HiddenUciSession::~HiddenUciSession() {
  stop();
}

void HiddenUciSession::stop() {
  searcher_->stop();
  wait();
}

void HiddenUciSession::wait() {
  if (thread_.joinable()) thread_.join();
}

void HiddenUciSession::new_game() {
  stop();
  searcher_->new_game();
}

void HiddenUciSession::position(const std::vector<std::string>& args) {
  // Until a position is accepted, `go` answers for none.
  view_.reset();
  if (args.empty() || args[0] != "hidden") {
    error_("position: Variant '" + rules_->rules().name +
           "' hides pieces, so the engine takes only its own view: 'position hidden blue|red "
           "fen <view FEN> [moves ...]' (docs/hidden.md)");
    return;
  }
  const std::optional<Side> side = args.size() > 1 ? side_word(args[1]) : std::nullopt;
  if (!side) {
    error_("position hidden: expected blue or red (the engine's side) after 'hidden'");
    return;
  }
  size_t i = 3;
  std::string fen;
  if (args.size() > 2 && args[2] == "startpos") {
    if (rules_->rules().hidden_setup != HiddenSetup::kFixed) {
      error_(
          "position hidden: startpos is the open start, which a secret set-up is not; send the "
          "engine's view FEN (its own animals, the other side's as X or x)");
      return;
    }
    fen = rules_->rules().start_fen;
  } else if (args.size() > 2 && args[2] == "fen") {
    const auto moves_at = std::find(args.begin(), args.end(), "moves");
    i = size_t(moves_at - args.begin());
    fen = join_words(args, 3, i);
  } else {
    error_("position hidden " + args[1] + ": expected 'fen <view FEN>' or 'startpos'");
    return;
  }
  if (i < args.size() && args[i] != "moves") {
    error_("position hidden: expected 'moves' after startpos, not '" + args[i] + "'");
    return;
  }
  std::optional<hidden::PlayerView> next;
  try {
    next = hidden::PlayerView::from_fen(rules_, fen, *side);
  } catch (const hidden::ViewError& e) {
    error_("invalid view FEN '" + fen + "': " + e.what());
    return;
  }
  for (size_t j = i + 1; j < args.size(); ++j) {
    std::string why;
    bool given = false;
    const std::optional<hidden::Observation> o =
        hidden::parse_observation(args[j], next->side_to_move(), rules_->geometry(), &given, &why);
    if (!o) {
      error_("announcement " + std::to_string(j - i) + ": " + why);
      return;
    }
    try {
      next->apply(*o);
    } catch (const hidden::ViewError& e) {
      error_(e.what());
      return;
    }
  }
  view_ = std::move(next);
}

void HiddenUciSession::go(const std::vector<std::string>& args) {
  hidden::HiddenLimits limits;
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
    } else if (key == "movetime") {
      limits.movetime_ms = std::clamp<int64_t>(v, 1, int64_t(1) << 30);
    } else if (key == "wtime" || key == "btime") {
      clock[key[0] == 'w' ? 0 : 1] = v;
    } else if (key == "nodes") {
      limits.nodes = uint64_t(v);
    } else if (key != "winc" && key != "binc" && key != "movestogo") {
      error_("go: unknown parameter '" + key + "'");
      return;
    }
  }
  stop();
  if (!view_) {
    error_(
        "go: the last position command was rejected or none was given; send "
        "'position hidden blue|red fen <view FEN> [moves ...]'");
    send_("bestmove 0000");
    return;
  }
  const Side mine = *view_->viewer();
  if (view_->side_to_move() != mine) {
    error_("go: " + side_name(view_->side_to_move()) + " is to move, and the engine plays " +
           side_name(mine));
    send_("bestmove 0000");
    return;
  }
  if (limits.movetime_ms == 0 && limits.depth == 0 && limits.nodes == 0) {
    const int64_t left = clock[mine == kBlue ? 0 : 1];
    limits.movetime_ms = left >= 0 ? std::max<int64_t>(1, left / 30) : (infinite ? 600000 : 1000);
  }
  searcher_->resume();
  thread_ = std::thread([this, limits, view = *view_]() {
    const hidden::HiddenSearchResult r = searcher_->search(view, limits);
    if (r.best.is_none()) {
      send_("info depth 0 score cp 0");
      send_("bestmove 0000");
      return;
    }
    const Geometry& g = view.rule_set().geometry();
    // The expected result as a centipawn score on the evaluation's scale.
    const double e = std::clamp(r.expected, 0.001, 0.999);
    const int cp = int(std::lround(400.0 * std::log10(e / (1 - e))));
    std::ostringstream info;
    info << "info depth " << r.depth << " score cp " << cp << " nodes " << r.nodes << " pv "
         << g.move_text(r.best);
    send_(info.str());
    std::ostringstream worlds;
    char number[32];
    std::snprintf(number, sizeof number, "%.3f", r.expected);
    worlds << "info string worlds " << r.worlds << " expected " << number << " candidates";
    for (const hidden::MoveValue& v : r.candidates) {
      std::snprintf(number, sizeof number, "%.3f", v.expected);
      worlds << ' ' << g.move_text(v.move) << ' ' << number;
    }
    send_(worlds.str());
    send_("bestmove " + g.move_text(r.best));
  });
}

void HiddenUciSession::setup(const std::vector<std::string>& args) {
  const std::optional<Side> side = args.empty() ? std::nullopt : side_word(args[0]);
  if (!side) {
    error_("setup: expected blue or red (the side whose animals the engine arranges)");
    return;
  }
  const hidden::Arrangement mine = hidden::random_arrangement(*rules_, *side, setup_rng_);
  send_("setup " + hidden::arrangement_text(*rules_, *side, mine));
}

void HiddenUciSession::display() {
  if (!view_) {
    send_("No view: send 'position hidden blue|red fen <view FEN> [moves ...]'");
    return;
  }
  const hidden::PlayerView& v = *view_;
  const Geometry& g = v.rule_set().geometry();
  std::ostringstream s;
  s << v.diagram() << "View of " << side_name(*v.viewer()) << ": " << v.fen() << "\n"
    << "Side to move: " << side_name(v.side_to_move()) << "\n";
  const Side them = opponent(*v.viewer());
  s << side_name(them) << "'s pieces:";
  for (int id : v.side_pieces(them)) {
    const hidden::PieceInfo& p = v.pieces()[size_t(id)];
    s << ' ' << (p.on_board() ? g.square_name(p.square) : std::string("gone")) << '=';
    const AnimalSet c = v.candidates(id);
    for (int a = 0; a < kAnimals; ++a) {
      if (c.contains(Animal(a))) s << animal_letter(Animal(a));
    }
  }
  s << "\nArrangements: " << v.belief(them).arrangements() << "\n";
  const MoveList tries = v.legal_moves();
  s << "Moves to try (" << tries.size() << "):";
  for (Move m : tries) s << ' ' << g.move_text(m);
  send_(s.str());
}

}  // namespace jungle
