#pragma once

// The open engine's strength model: Skill Level to Elo (UCI_Elo), and a
// search score to win/draw/loss odds (UCI_ShowWDL).

namespace jungle {

// The Elo of each Skill Level on the scale of UCI_Elo, and the level that
// plays nearest a given Elo.
int skill_level_elo(int level);
int skill_level_for_elo(int elo);

// The expected wins, draws and losses per mille for the side to move at a
// search score, as `info ... wdl W D L` reports them (UCI_ShowWDL).
struct Wdl {
  int win = 0, draw = 0, loss = 0;
};
Wdl wdl_of_score(int score);

}  // namespace jungle
