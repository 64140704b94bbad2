// `jungle match` with a GTP engine: our own engine as `jungle gtp` against
// itself as `jungle uci`, a few short games, each ending by the rules or
// the ply limit, never by an incident.

#include <gtest/gtest.h>

#include <string>

#include "game/state.h"
#include "match/match_config.h"
#include "match/match_runner.h"

namespace jungle::match {
namespace {

TEST(GtpMatch, JungleOverGtpPlaysJungleOverUciToLegalResults) {
  MatchConfig c;
  // An option goes over as kata-set-param.
  c.engines[0] = parse_engine_spec(std::string("cmd='") + JUNGLE_BINARY +
                                   " gtp' proto=gtp name=gtp option.Hash=16");
  c.engines[1] = parse_engine_spec(std::string("cmd='") + JUNGLE_BINARY + " uci' name=uci");
  c.games = 4;
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
    // Over by the rules, or drawn by the ply limit with every move legal.
    EXPECT_TRUE(out.state->over()) << out.reason;
    EXPECT_TRUE(out.termination == "agreement" || out.reason.find("by rule") != std::string::npos)
        << out.reason;
    EXPECT_GE(out.plies, 1);
  });
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.games, 4);
  EXPECT_EQ(seen, 4);
  EXPECT_TRUE(r.incident_log.empty()) << r.incident_log.front();
  EXPECT_EQ(r.wdl.wins + r.wdl.draws + r.wdl.losses, 4);
}

TEST(GtpMatch, RefusesWhatGtpCannotSay) {
  MatchConfig c;
  c.engines[0] =
      parse_engine_spec(std::string("cmd='") + JUNGLE_BINARY + " gtp' proto=gtp name=gtp");
  c.engines[1] = parse_engine_spec(std::string("cmd='") + JUNGLE_BINARY + " uci' name=uci");
  c.games = 2;
  c.tc.kind = TimeControl::Kind::kDepth;
  c.tc.depth = 2;
  EXPECT_EQ(MatchRunner(c).run().error,
            "engine gtp cannot play: gtp speaks GTP, which has no depth limit: give it nodes=, "
            "movetime= or tc=");
  c.tc.kind = TimeControl::Kind::kNodes;
  c.tc.nodes = 100;
  c.variant = "flip";
  EXPECT_EQ(MatchRunner(c).run().error,
            "engine gtp cannot play: gtp: flip: GTP's dialect plays the open game on the 7x9 board "
            "only");
  EXPECT_THROW(parse_engine_spec("cmd=x proto=xboard"), std::invalid_argument);
  EXPECT_THROW(parse_engine_spec("builtin=engine proto=gtp"), std::invalid_argument);
  EXPECT_EQ(parse_engine_spec("cmd=x proto=gtp").protocol, EngineSpec::Protocol::kGtp);
  EXPECT_EQ(parse_engine_spec("cmd=x").protocol, EngineSpec::Protocol::kUci);
}

}  // namespace
}  // namespace jungle::match
