#pragma once

#include <array>
#include <string_view>

namespace jungle {

// A position `bench` searches and the shipped rule set (variants/) it is under.
struct BenchPosition {
  std::string_view variant;
  std::string_view fen;
};

// The positions `bench` searches. Those under the standard rules come from
// seeded engine games with random moves mixed in (the last three of them
// made by hand) and cover the opening, middlegames, rats in the water,
// pieces on traps, den threats and endgames; those under other rule sets
// come from `jungle datagen` self-play (seed 77, 3000 nodes a move) and
// reach the rules the standard ones never do: Bush's ranks, drowning and
// den food, a board without water. So the node count exercises every part
// of the search and the evaluation. The positions of one rule set sit
// together: the bench changes rule set only between them.
inline constexpr auto kBenchPositions = std::to_array<BenchPosition>({
    // The start position and openings
    {"standard", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1"},
    {"standard", "l4t1/1d3c1/3pw1e/1r5/7/7/E3PR1/1CW4/T3D1L w 8 5"},
    {"standard", "l6/2d2ct/r2p1we/7/7/7/ECW1PR1/5D1/1T4L b 9 5"},
    {"standard", "l5t/1d4c/3pw1e/7/1r5/5R1/1EWP3/1C3D1/T3L2 b 11 6"},
    {"standard", "l5t/d4c1/3pw1e/1r5/7/7/E1W2R1/1TC1PD1/6L b 9 5"},
    // Middlegames
    {"standard", "6t/ld2w2/3p3/6L/6c/7/T2WP2/1C3D1/7 w 15 19"},
    {"standard", "7/2d1c1t/2p2we/7/7/C6/4PR1/2l1D2/T5L w 0 17"},
    {"standard", "1d4t/5c1/3pwe1/7/3P3/C6/5R1/2l1D2/1T4L b 1 14"},
    {"standard", "6t/d4c1/2p1we1/7/3P3/7/4D2/Tl4R/1C3L1 w 4 15"},
    {"standard", "l6/1d2w2/5L1/6c/7/r6/1E2P2/1CW1D2/T6 w 3 17"},
    {"standard", "l4ct/1r2w2/3T1e1/7/3p3/7/E2W3/C3PDR/6L b 0 14"},
    // Rats in the water
    {"standard", "6t/5c1/1d1pw1e/7/3P3/5R1/Tl5/1C4D/6L w 2 13"},
    {"standard", "5c1/1d4t/2lw1e1/3p3/7/1r1P3/1EW1L2/1T3DR/1C5 b 29 15"},
    {"standard", "7/1d2c2/2lp1te/3w1R1/3P3/2rW3/E3L2/1CT3D/7 b 41 21"},
    {"standard", "l5t/1d3c1/2p2e1/1r5/3w3/5R1/E4P1/1CW3D/T4L1 w 12 7"},
    // Pieces on traps
    {"standard", "d4c1/4L2/2lw3/3p1R1/7/2rP3/1ET1e2/2CW2D/7 b 10 35"},
    {"standard", "7/1d3tc/2lw3/3eR2/3p3/E6/1T1PL2/1C1WD2/7 b 32 29"},
    {"standard", "7/3d1c1/3wteR/7/3p3/2rl3/1ETPL2/3D3/C6 w 4 39"},
    {"standard", "7/3c3/d1lwt2/T3R1e/3p3/2rE3/2L1P2/7/4D2 w 2 51"},
    {"standard", "7/1d1cw2/2lt3/T2pR1e/3L3/1r5/2E2D1/2CW3/7 b 7 28"},
    // The side to move must answer a den threat
    {"standard", "l4t1/1d1Lwce/7/4R2/7/2rW3/1E1P3/1C3D1/T6 b 0 17"},
    {"standard", "7/3c1e1/1d1wL1D/3p1R1/3W3/2rE3/3P3/3l3/1T5 w 0 39"},
    {"standard", "6t/2p1c2/1d2e2/7/3w3/2r4/1EW4/C1Pl3/2T4 w 0 26"},
    {"standard", "4Rct/ldp4/7/7/3w3/E1r4/7/TC2P2/2W2D1 b 0 20"},
    {"standard", "7/3dt1c/7/2R3L/l6/7/T6/3eP2/4D2 w 1 49"},
    // Late middlegames
    {"standard", "7/7/d2pt2/4R1c/3P3/3E3/2TC3/5D1/5L1 b 20 28"},
    {"standard", "7/3pc1e/3E1R1/7/6t/7/3PL2/1l4D/1W5 w 7 40"},
    {"standard", "5t1/2d4/3L1w1/7/7/4r2/7/1e2PD1/2C4 b 9 43"},
    {"standard", "5ct/3L3/2d4/7/4R1e/2r4/7/3D3/TC5 b 2 34"},
    {"standard", "7/3e3/3dt2/3E1R1/3P3/2rD3/4L2/4C2/5l1 b 51 76"},
    // Endgames
    {"standard", "7/7/4t2/T2e2D/3W3/3E3/7/2C4/7 b 13 82"},
    {"standard", "2l4/2E4/3c3/7/3W3/7/4L2/2C4/4D2 w 1 45"},
    {"standard", "5c1/2dw3/7/7/7/7/3P3/2l1e2/1C5 b 1 35"},
    {"standard", "7/4L2/3E3/7/6c/2rp3/4D2/3T3/7 w 1 45"},
    {"standard", "1L5/2d4/3p3/7/7/7/T6/1C2t2/5w1 b 1 43"},
    {"standard", "7/7/7/3l3/7/7/3E3/7/7 w 0 1"},
    {"standard", "7/2r4/7/7/7/7/4L2/7/7 w 0 1"},
    {"standard", "7/7/7/1r5/4R2/7/7/3C3/7 b 0 1"},
    // Bush's rule (bush): ranks and captures of the Bush rules, from self-play
    {"bush", "7/1d2ce1/2lw2t/3p3/6R/3T3/2WPL2/1CE2D1/7 w 3 30"},
    {"bush", "5w1/1l3P1/1d2c2/3p3/r6/6t/2E4/TCW4/4DL1 b 19 23"},
    {"bush", "6D/4e1t/3c3/7/3w3/7/1C5/3E3/7 w 98 179"},
    // Drowning, den food, free jumps, Wolf and Dog swimming (anti-draw), from self-play
    {"anti-draw", "5c1/1d2e2/2l2tw/p6/r5P/7/WTE1L2/1C2DR1/7 w 52 27"},
    {"anti-draw", "5c1/1r2e2/2ld2t/7/3p2w/6P/1T2L2/1WE2RD/1C5 b 69 35"},
    {"anti-draw", "3d3/4L2/7/7/P5e/7/1TE4/1l2pD1/3C3 w 13 34"},
    // No water, no traps, four animals on 7x9 (animal-checkers-7x9), from self-play
    {"animal-checkers-7x9", "6t/7/3r3/7/2E4/1d5/7/4D2/T6 w 2 17"},
    {"animal-checkers-7x9", "6t/7/1d4e/7/7/r6/1E1D3/T5R/7 w 12 7"},
    {"animal-checkers-7x9", "7/7/7/7/7/3t1d1/4D2/2T4/7 w 44 38"},
    // Animal Checkers on its own 7x7 board: the start and a middle game
    {"animal-checkers", "1r3e1/2t1d2/7/7/7/2D1T2/1E3R1 w 0 1"},
    {"animal-checkers", "1r3e1/4d2/2t4/3D3/7/4T2/1E3R1 w 4 3"},
});

}  // namespace jungle
