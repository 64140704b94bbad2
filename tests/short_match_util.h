#pragma once

// A short match between two engine processes for a unit test, and the
// checks every such match must pass: each game ends by the rules, the ply
// limit or an ending `accepted` allows, never by an incident, and every
// game is counted.

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "game/state.h"
#include "match/match_config.h"
#include "match/match_runner.h"

namespace jungle::match {

// `games` games between the engines `first` and `second` (engine specs, as
// `jungle match --engine` takes them) at 300 nodes a move and 40 plies at
// most, with timeouts long enough for a loaded machine; then the checks.
// `accepted` says whether a game that did not end by the rules or the ply
// limit ended as it may (say, adjudicated); `variant` is the rule set ("" for
// the match's default).
inline void expect_short_match_plays_cleanly(
    const std::string& first, const std::string& second, int games = 4,
    const std::function<bool(const GameOutcome&)>& accepted =
        [](const GameOutcome&) { return false; },
    const std::string& variant = "") {
  MatchConfig c;
  if (!variant.empty()) c.variant = variant;
  c.engines[0] = parse_engine_spec(first);
  c.engines[1] = parse_engine_spec(second);
  c.games = games;
  c.tc.kind = TimeControl::Kind::kNodes;
  c.tc.nodes = 300;
  c.max_plies = 40;
  c.handshake_timeout_ms = 10000;
  c.move_timeout_ms = 10000;
  int seen = 0;
  const MatchResult r = MatchRunner(c).run([&](const GameOutcome& out, const MatchResult&) {
    ++seen;
    EXPECT_EQ(out.incident, Incident::kNone) << out.reason;
    ASSERT_TRUE(out.state);
    EXPECT_TRUE(out.state->over()) << out.reason;
    EXPECT_TRUE(out.termination == "agreement" || out.reason.find("by rule") != std::string::npos ||
                accepted(out))
        << out.reason;
    EXPECT_GE(out.plies, 1);
  });
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.games, games);
  EXPECT_EQ(seen, games);
  EXPECT_TRUE(r.incident_log.empty()) << r.incident_log.front();
  EXPECT_EQ(r.wdl.wins + r.wdl.draws + r.wdl.losses, games);
}

}  // namespace jungle::match
