// `jungle match` with a GTP engine: our own engine as `jungle gtp` against
// itself as `jungle uci`, a few short games, each ending by the rules or
// the ply limit, never by an incident.

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "game/state.h"
#include "match/match_config.h"
#include "match/match_runner.h"
#include "short_match_util.h"

namespace jungle::match {
namespace {

TEST(GtpMatch, JungleOverGtpPlaysJungleOverUciToLegalResults) {
  // An option goes over as kata-set-param.
  expect_short_match_plays_cleanly(
      std::string("cmd='") + JUNGLE_BINARY + " gtp' proto=gtp name=gtp option.Hash=16",
      std::string("cmd='") + JUNGLE_BINARY + " uci' name=uci");
}

// A GTP engine written in sh: '= ' to everything, `on_genmove` to genmove.
std::string fake_gtp_engine(const std::filesystem::path& path, const std::string& on_genmove) {
  std::ofstream out(path);
  out << "#!/bin/sh\n"
         "while read -r line; do\n"
         "  case \"$line\" in\n"
         "    genmove*) "
      << on_genmove
      << " ;;\n"
         "    quit) exit 0 ;;\n"
         "    *) printf '= \\n\\n' ;;\n"
         "  esac\n"
         "done\n";
  out.close();
  chmod(path.c_str(), 0755);
  return path.string();
}

// What goes wrong on a GTP engine's side is charged to it, game by game.
TEST(GtpMatch, ChargesAGtpEngineThatResignsCrashesHangsOrAnswersNoVertex) {
  char pattern[] = "/tmp/jungle_gtp_XXXXXX";
  const std::filesystem::path dir = mkdtemp(pattern);
  struct Case {
    std::string on_genmove;
    Incident incident;
    std::string reason;  // the start of the game's reason
  };
  const Case cases[] = {
      {"printf '= resign\\n\\n'", Incident::kIllegalMove,
       "fake played an illegal move 'resign' as "},
      {"printf '= H1\\n\\n'", Incident::kIllegalMove, "fake played an illegal move 'H1' as "},
      {"printf '? not now\\n\\n'", Incident::kCrash, "fake crashed (refused 'genmove b': not now)"},
      {"exit 3", Incident::kCrash, "fake crashed (exited with status 3)"},
      {"sleep 5", Incident::kNoResponse, "fake did not move within 300 ms"},
  };
  for (const Case& k : cases) {
    MatchConfig c;
    c.engines[0] = parse_engine_spec("cmd=" + fake_gtp_engine(dir / "fake", k.on_genmove) +
                                     " proto=gtp name=fake");
    c.engines[1] = parse_engine_spec(std::string("cmd='") + JUNGLE_BINARY + " uci' name=uci");
    c.games = 1;  // the fake moves first, as Blue
    c.tc.kind = TimeControl::Kind::kNodes;
    c.tc.nodes = 100;
    // Short only where the engine hangs: a loaded machine must not make the
    // others late.
    c.move_timeout_ms = k.incident == Incident::kNoResponse ? 300 : 10000;
    const MatchResult r = MatchRunner(c).run([&](const GameOutcome& out, const MatchResult&) {
      EXPECT_EQ(out.incident, k.incident) << k.on_genmove;
      EXPECT_EQ(out.offender, 0);
      EXPECT_EQ(out.reason.substr(0, k.reason.size()), k.reason) << out.reason;
    });
    EXPECT_EQ(r.error, "") << k.on_genmove;
    EXPECT_EQ(r.games, 1);
    EXPECT_EQ(r.wdl.losses, 1) << k.on_genmove;
  }
  std::filesystem::remove_all(dir);
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
