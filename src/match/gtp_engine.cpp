#include "match/gtp_engine.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <stdexcept>

#include "core/dialect_move.h"
#include "core/dialect_position.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "game/family.h"
#include "notation/convert.h"

namespace jungle::match {

namespace {

using notation::Dialect;

// Seconds as GTP's time commands take them ("0.05", "10").
std::string seconds_text(int64_t ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", double(ms) / 1000);
  return buf;
}

char colour_letter(Side s) {
  return s == kBlue ? 'b' : 'w';
}

// The game an open observation's position text describes: its start
// ("startpos" or the FEN) and its moves.
void split_position(const std::string& position, std::string* start,
                    std::vector<std::string>* moves) {
  const std::vector<std::string> words = split(position);
  size_t i = 0;
  while (i < words.size() && words[i] != "moves") ++i;
  *start = words.empty() || words[0] == "startpos" ? "startpos" : join_words(words, 1, i);
  moves->assign(words.begin() + long(std::min(i + 1, words.size())), words.end());
}

}  // namespace

EngineProcess::ReadResult GtpEngine::command(const std::string& line, int64_t timeout_ms, bool* ok,
                                             std::string* text) {
  proc.write_line(line);
  const auto start = Clock::now();
  std::string answer;
  for (;;) {
    const auto r = read_line_within(start, timeout_ms, answer);
    if (r != EngineProcess::ReadResult::kLine) return r;
    // The blank line that ends each answer, and any line of a longer
    // answer, come before the next answer's '=' or '?'.
    if (answer.empty() || (answer[0] != '=' && answer[0] != '?')) continue;
    *ok = answer[0] == '=';
    size_t i = 1;
    while (i < answer.size() && answer[i] >= '0' && answer[i] <= '9') ++i;  // the id
    *text = trim(std::string_view(answer).substr(i));
    return r;
  }
}

bool GtpEngine::prepare(const MatchConfig& config, const TimeControl& tc, Incident* incident,
                        std::string* reason) {
  const int64_t timeout = config.handshake_timeout_ms;
  const std::string& name = spec->name;
  bool ok = false;
  std::string text;
  // Each command of the handshake and the game's start: false (and the
  // incident) unless the engine accepts it in time.
  auto send = [&](const std::string& line) {
    if (!answered(command(line, timeout, &ok, &text), "ended after '" + line + "'",
                  "'" + line + "'", timeout, incident, reason))
      return false;
    if (!ok)
      return fail(Incident::kStartFailure, name + " refused '" + line + "': " + text, incident,
                  reason);
    return true;
  };
  if (!ready || !proc.running()) {
    try {
      const std::string only = "GTP's dialect plays the open game on the 7x9 board only";
      if (game::family_of_variant(config.variant).name() != "open")
        throw std::invalid_argument(only);
      // Held while the geometry is read: it lives in the rule set.
      const RuleSetPtr rules = load_variant(config.variant);
      const Geometry& board = rules->geometry();
      if (board.files() != kStandardGeometry.files() || board.ranks() != kStandardGeometry.ranks())
        throw std::invalid_argument(only);
    } catch (const std::exception& e) {
      return fail(Incident::kStartFailure, name + ": " + config.variant + ": " + e.what(), incident,
                  reason);
    }
    if (tc.kind == TimeControl::Kind::kDepth)
      return fail(Incident::kStartFailure,
                  name + " speaks GTP, which has no depth limit: give it nodes=, movetime= or tc=",
                  incident, reason);
    if (!start_process(incident, reason)) return false;
    if (!send("protocol_version")) return false;
    // An option is one of the dialect's parameters (KataGo's numSearchThreads, ...).
    for (const auto& [option, value] : spec->options) {
      if (!send("kata-set-param " + option + " " + value)) return false;
    }
    if (tc.kind == TimeControl::Kind::kNodes) {
      if (!send("kata-set-param maxVisits " + std::to_string(tc.nodes))) return false;
    } else if (tc.kind == TimeControl::Kind::kMoveTime) {
      // The dialect's maxTime is per genmove, and a move is two.
      if (!send("kata-set-param maxTime " + seconds_text(std::max<int64_t>(tc.movetime_ms / 2, 1))))
        return false;
    }
    ready = true;
  }
  if (!send("clear_board")) return false;
  if (tc.kind == TimeControl::Kind::kClock) {
    // GTP has no increment: time_left before each move tells what it adds.
    // "40/60" is Canadian byo-yomi with no main time: 60 s for 40 moves.
    const std::string settings =
        tc.moves > 0 ? "0 " + seconds_text(tc.time_ms) + " " + std::to_string(tc.moves)
                     : seconds_text(tc.time_ms) + " 0 0";
    if (!send("time_settings " + settings)) return false;
  }
  board_start = "startpos";
  board_moves.clear();
  return true;
}

GtpMove GtpEngine::ask(const game::Observation& observation, const game::Limits& limits,
                       int64_t deadline_ms) {
  GtpMove move;
  const auto started = Clock::now();
  bool ok = false;
  std::string text;
  // One command within what is left of the deadline; false once the move is settled.
  auto send = [&](const std::string& line) {
    move.read = command(line, deadline_ms - ms_since(started), &ok, &text);
    if (move.read == EngineProcess::ReadResult::kEof) {
      move.crash = proc.exit_description();
      proc.kill();
      ready = false;
    }
    return move.read == EngineProcess::ReadResult::kLine;
  };
  auto refused = [&](const std::string& line) {
    move.read = EngineProcess::ReadResult::kEof;
    move.crash = "refused '" + line + "': " + text;
    proc.kill();
    ready = false;
    return move;
  };
  const Side side = observation.to_move.value_or(kBlue);
  std::string start;
  std::vector<std::string> moves;
  split_position(observation.position, &start, &moves);
  const bool continues = start == board_start && board_moves.size() <= moves.size() &&
                         std::equal(board_moves.begin(), board_moves.end(), moves.begin());
  try {
    if (!continues) {
      const std::string line =
          start == "startpos"
              ? "clear_board"
              : "setfen " + notation::convert_position(start, Dialect::kJungle, Dialect::kKatago);
      if (!send(line)) return move;
      if (!ok) return refused(line);
      board_start = start;
      board_moves.clear();
    }
    Side mover =
        start == "startpos" ? kBlue : notation::read_position(Dialect::kJungle, start).side;
    for (size_t i = 0; i < moves.size(); ++i, mover = opponent(mover)) {
      if (i < board_moves.size()) continue;
      const Move m = notation::read_move(Dialect::kJungle, moves[i], mover);
      for (const Square s : {m.from(), m.to()}) {
        const std::string line = std::string("play ") + colour_letter(mover) + " " +
                                 notation::write_square(Dialect::kKatago, s);
        if (!send(line)) return move;
        if (!ok) return refused(line);
      }
      board_moves.push_back(moves[i]);
    }
  } catch (const notation::NotationError& e) {
    move.read = EngineProcess::ReadResult::kEof;
    move.crash = std::string("the position cannot be written in GTP's dialect: ") + e.what();
    return move;
  }
  const std::string colour(1, colour_letter(side));
  if (limits.has_clock(side)) {
    const std::string line = "time_left " + colour + " " + seconds_text(limits.time_ms[side]) +
                             " " + std::to_string(limits.moves_to_go);
    if (!send(line)) return move;
    if (!ok) return refused(line);
  }
  std::string squares;
  for (int stage = 0; stage < 2; ++stage) {
    const std::string line = "genmove " + colour;
    if (!send(line)) return move;
    if (!ok) return refused(line);
    const Square s = notation::read_square(Dialect::kKatago, text);
    if (s == kNoSquare) {
      move.action = text;  // "resign", "pass": no move
      return move;
    }
    squares += notation::write_square(Dialect::kJungle, s);
  }
  move.action = squares;
  board_moves.push_back(squares);
  return move;
}

}  // namespace jungle::match
