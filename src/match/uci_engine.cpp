#include "match/uci_engine.h"

#include <algorithm>
#include <exception>

#include "core/text_util.h"

namespace jungle::match {

void parse_info(std::string_view line, ScoreReport& report) {
  const std::vector<std::string> w = split(line);
  ScoreReport r = report;
  for (size_t i = 1; i < w.size(); ++i) {
    try {
      if (w[i] == "multipv" && i + 1 < w.size() && w[i + 1] != "1") return;  // not the best line
      if (w[i] == "depth" && i + 1 < w.size()) r.depth = std::stoi(w[++i]);
      if (w[i] == "score" && i + 2 < w.size() && (w[i + 1] == "cp" || w[i + 1] == "mate")) {
        r.valid = true;
        r.mate = w[i + 1] == "mate";
        r.value = std::stoi(w[i + 2]);
        i += 2;
      }
      if (w[i] == "pv" || w[i] == "string") break;
    } catch (const std::exception&) {
      return;  // a malformed number: keep what was known
    }
  }
  report = r;
}

EngineProcess::ReadResult UciEngine::wait_for(std::string_view token, int64_t timeout_ms,
                                              std::string* found, ScoreReport* score) {
  const auto start = Clock::now();
  std::string line;
  for (;;) {
    const auto r = read_line_within(start, timeout_ms, line);
    if (r != EngineProcess::ReadResult::kLine) return r;
    const std::vector<std::string> ws = split(line);
    const std::string w = ws.empty() ? "" : ws[0];
    if (w == "option" && !ready) {
      // "option name Move Overhead type spin ...": the name runs up to "type".
      std::string name;
      for (size_t i = 2; i < ws.size() && ws[i] != "type"; ++i)
        name += (name.empty() ? "" : " ") + ws[i];
      option_names.push_back(name);
    }
    if (w == "info" && score) parse_info(line, *score);
    if (w == token) {
      if (found) *found = line;
      return r;
    }
  }
}

bool UciEngine::prepare(const MatchConfig& config, const std::string& variant_value,
                        Incident* incident, std::string* reason) {
  const int64_t timeout = config.handshake_timeout_ms;
  const std::string& name = spec->name;
  if (!ready || !proc.running()) {
    option_names.clear();
    if (!start_process(incident, reason)) return false;
    proc.write_line("uci");
    if (!answered(wait_for("uciok", timeout), "ended during the handshake", "'uci'", timeout,
                  incident, reason))
      return false;
    auto has = [&](std::string_view option) {
      return std::find(option_names.begin(), option_names.end(), option) != option_names.end();
    };
    // The rule set first: another family's engine has options of its own
    // (Flip Jungle's Mode=careful, hidden pieces' Worlds), which the engine
    // of the standard set would refuse; `uci` again then names them.
    if (has("Variant")) {
      proc.write_line("setoption name Variant value " + variant_value);
      if (config.variant != "standard") {
        option_names.clear();
        proc.write_line("uci");
        if (!answered(wait_for("uciok", timeout), "ended during the handshake",
                      "'uci' after setting its Variant", timeout, incident, reason))
          return false;
      }
    } else if (config.variant != "standard" && spec->protocol != EngineSpec::Protocol::kMistboard) {
      // mistboard's engines have no options: each program plays the one
      // game its site plays (MistyJungle its Jungle, MistyJungleFlip Flip
      // Jungle), and the match names that game's rule set
      // (docs/dialects.md); check_mistboard_variant refuses the others.
      return fail(Incident::kStartFailure,
                  name + " has no Variant option, needed to play " + config.variant, incident,
                  reason);
    }
    for (const auto& [option, value] : spec->options) {
      if (!has(option))
        return fail(Incident::kStartFailure,
                    name + " has no option '" + option + "'" +
                        (config.variant != "standard" ? " under Variant " + config.variant : ""),
                    incident, reason);
      proc.write_line("setoption name " + option + " value " + value);
    }
    ready = true;
  }
  proc.write_line("ucinewgame");
  proc.write_line("isready");
  return answered(wait_for("readyok", timeout), "crashed", "'isready'", timeout, incident, reason);
}

}  // namespace jungle::match
