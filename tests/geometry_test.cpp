#include "core/geometry.h"

#include <gtest/gtest.h>

namespace jungle {
namespace {

TEST(Geometry, StandardBoardNamesAndMasks) {
  const Geometry& g = kStandardGeometry;
  EXPECT_EQ(g.squares(), 63);
  EXPECT_EQ(g.all(), (Bitboard(1) << 63) - 1);
  EXPECT_EQ(g.square_name(0), "a1");
  EXPECT_EQ(g.square_name(62), "g9");
  EXPECT_EQ(g.square_name(63), "--");
  EXPECT_EQ(g.parse_square("d9"), g.square(3, 8));
  EXPECT_EQ(g.parse_square("h1"), kNoSquare);
  EXPECT_EQ(g.parse_square("a0"), kNoSquare);
  EXPECT_EQ(g.parse_square("a10"), kNoSquare);
  EXPECT_EQ(g.file_mask(0) & g.rank_mask(0), Bitboard(1));
  EXPECT_EQ(std::popcount(g.file_mask(6)), 9);
  EXPECT_EQ(std::popcount(g.rank_mask(8)), 7);
}

TEST(Geometry, StepsNeverWrapOrLeaveTheBoard) {
  for (const Geometry g : {Geometry(7, 9), Geometry(7, 7), Geometry(4, 4), Geometry(8, 8),
                           Geometry(1, 64), Geometry(26, 2)}) {
    for (Square s = 0; s < g.squares(); ++s) {
      const Bitboard b = Bitboard(1) << s;
      const int f = g.file_of(s), r = g.rank_of(s);
      Bitboard expected = 0;
      if (g.contains(f, r + 1)) expected |= Bitboard(1) << g.square(f, r + 1);
      if (g.contains(f, r - 1)) expected |= Bitboard(1) << g.square(f, r - 1);
      if (g.contains(f + 1, r)) expected |= Bitboard(1) << g.square(f + 1, r);
      if (g.contains(f - 1, r)) expected |= Bitboard(1) << g.square(f - 1, r);
      ASSERT_EQ(g.neighbours(b), expected) << g.files() << "x" << g.ranks() << " " << s;
      ASSERT_EQ(g.parse_square(g.square_name(s)), s);
    }
  }
}

TEST(Geometry, TallBoardsNameRanksPastNine) {
  const Geometry g(4, 16);
  EXPECT_EQ(g.square_name(g.square(1, 9)), "b10");
  EXPECT_EQ(g.parse_square("d16"), g.square(3, 15));
  EXPECT_EQ(g.parse_square("d17"), kNoSquare);
  EXPECT_EQ(g.parse_square("a010"), kNoSquare);
  EXPECT_EQ(g.square_name_length(), 3);
}

TEST(Geometry, ShapesOverSixtyFourSquaresAreInvalid) {
  EXPECT_TRUE(Geometry::valid(8, 8));
  EXPECT_FALSE(Geometry::valid(9, 8));
  EXPECT_FALSE(Geometry::valid(27, 1));
  EXPECT_FALSE(Geometry::valid(0, 5));
}

}  // namespace
}  // namespace jungle
