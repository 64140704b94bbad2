#include "match/match_config.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "match/engine_process.h"

namespace jungle::match {

namespace {

std::string format_seconds(int64_t ms) {
  char buf[32];
  if (ms % 1000 == 0) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(ms / 1000));
  } else {
    std::snprintf(buf, sizeof buf, "%g", double(ms) / 1000);
  }
  return buf;
}

int64_t parse_seconds(std::string_view text) {
  size_t used = 0;
  const std::string s(text);
  double v = 0;
  try {
    v = std::stod(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || s.empty() || v < 0 || !std::isfinite(v))
    throw std::invalid_argument("not a number of seconds: '" + s + "'");
  return int64_t(std::llround(v * 1000));
}

}  // namespace

EngineSpec parse_engine_spec(std::string_view text) {
  EngineSpec spec;
  for (const std::string& word : split_command_line(text)) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument("engine setting '" + word + "' is not KEY=VALUE");
    const std::string key = word.substr(0, eq);
    const std::string value = word.substr(eq + 1);
    if (key == "cmd") {
      spec.command = value;
    } else if (key == "builtin") {
      if (value.empty()) throw std::invalid_argument("engine setting 'builtin=' names no engine");
      spec.builtin = value;
    } else if (key == "proto") {
      if (value == "uci") {
        spec.protocol = EngineSpec::Protocol::kUci;
      } else if (value == "gtp") {
        spec.protocol = EngineSpec::Protocol::kGtp;
      } else if (value == "mistboard") {
        spec.protocol = EngineSpec::Protocol::kMistboard;
      } else {
        throw std::invalid_argument("engine setting '" + word +
                                    "': the protocols are uci, gtp and mistboard");
      }
    } else if (key == "name") {
      spec.name = value;
    } else if (key == "stderr") {
      spec.stderr_path = value;
    } else if (key == "tc" || key == "movetime" || key == "nodes" || key == "depth") {
      if (spec.tc) throw std::invalid_argument("engine limit '" + word + "': give one limit");
      if (key == "tc") {
        spec.tc = parse_clock(value);
      } else {
        int64_t n = 0;
        try {
          size_t used = 0;
          n = std::stoll(value, &used);
          if (used != value.size() || n <= 0) throw std::invalid_argument("");
        } catch (const std::exception&) {
          throw std::invalid_argument("engine limit '" + word + "': not a positive whole number");
        }
        TimeControl tc;
        if (key == "movetime") {
          tc.kind = TimeControl::Kind::kMoveTime;
          tc.movetime_ms = n;
        } else if (key == "nodes") {
          tc.kind = TimeControl::Kind::kNodes;
          tc.nodes = uint64_t(n);
        } else {
          tc.kind = TimeControl::Kind::kDepth;
          tc.depth = int(std::min<int64_t>(n, 1000));
        }
        spec.tc = tc;
      }
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      spec.options.emplace_back(key.substr(7), value);
    } else {
      throw std::invalid_argument(
          "unknown engine setting '" + key +
          "' (known: cmd, proto, builtin, name, option.NAME, stderr, tc, movetime, nodes, depth)");
    }
  }
  if (!spec.builtin.empty()) {
    if (!spec.command.empty())
      throw std::invalid_argument("engine has both cmd= and builtin=: give one");
    if (spec.protocol != EngineSpec::Protocol::kUci)
      throw std::invalid_argument(
          "engine has proto= and builtin=: a builtin engine speaks no protocol");
    if (spec.name.empty()) spec.name = spec.builtin;
    return spec;
  }
  if (spec.command.empty()) throw std::invalid_argument("engine needs cmd=COMMAND or builtin=NAME");
  if (split_command_line(spec.command).empty())
    throw std::invalid_argument("engine command is empty");
  if (spec.name.empty()) {
    spec.name = std::filesystem::path(split_command_line(spec.command)[0]).filename().string();
  }
  return spec;
}

TimeControl parse_clock(std::string_view text) {
  TimeControl tc;
  tc.kind = TimeControl::Kind::kClock;
  std::string_view rest = text;
  const size_t slash = rest.find('/');
  if (slash != std::string_view::npos) {
    const std::string moves(rest.substr(0, slash));
    try {
      size_t used = 0;
      tc.moves = std::stoi(moves, &used);
      if (used != moves.size() || tc.moves <= 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw std::invalid_argument("time control '" + std::string(text) +
                                  "': moves before '/' must be a positive whole number");
    }
    rest.remove_prefix(slash + 1);
  }
  const size_t plus = rest.find('+');
  try {
    tc.time_ms = parse_seconds(rest.substr(0, plus));
    if (plus != std::string_view::npos) tc.inc_ms = parse_seconds(rest.substr(plus + 1));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("time control '" + std::string(text) + "': " + e.what() +
                                " (write e.g. 10+0.1 or 40/60+0.5)");
  }
  if (tc.time_ms <= 0 && tc.inc_ms <= 0)
    throw std::invalid_argument("time control '" + std::string(text) + "' gives no time");
  return tc;
}

MatchConfig in_process_config(const std::string& variant, int games, uint64_t seed) {
  MatchConfig config;
  config.variant = variant;
  config.games = games;
  config.seed = seed;
  config.concurrency = 1;
  config.max_plies = 0;
  config.adjudicate_mate = false;
  // The players carry their own limits; the match's, a depth, has no clock
  // to lose on, and a move is waited for a day before it counts as hung.
  config.tc.kind = TimeControl::Kind::kDepth;
  config.tc.depth = 1;
  config.move_timeout_ms = 24LL * 3600 * 1000;
  config.event = "jungle match (in-process)";
  return config;
}

std::string TimeControl::text() const {
  switch (kind) {
    case Kind::kClock: {
      std::string t = moves > 0 ? std::to_string(moves) + "/" : "";
      t += format_seconds(time_ms);
      if (inc_ms > 0) {
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "+" + string.
        t += '+';
        t += format_seconds(inc_ms);
      }
      return t;
    }
    case Kind::kMoveTime:
      return "movetime " + std::to_string(movetime_ms);
    case Kind::kNodes:
      return "nodes " + std::to_string(nodes);
    case Kind::kDepth:
      return "depth " + std::to_string(depth);
  }
  return "";
}

}  // namespace jungle::match
