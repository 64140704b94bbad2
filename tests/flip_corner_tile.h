#pragma once

// A Flip Jungle position that the seer's and PIMC's tests share
// (flip_seer_test.cpp, flip_pimc_test.cpp): Blue's Tiger (b1) and Wolf (a2)
// beside the tile on a1; the other tile is d4; a Red Cat and a Red Elephant
// are face down. Blue to move. The engine steps b1b2; a seer that knows the
// Cat on a1 flips it, one that knows the Elephant there plays b1c1.

namespace jungle::flip {

inline constexpr const char* kCornerTile = "3?/4/W3/?T2 w ce 0 1";

}  // namespace jungle::flip
