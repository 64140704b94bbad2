// The clock jungle gtp plans on (protocol/gtp_clock.h): GTP's time_settings,
// KGS's kgs-time_settings systems and time_left, and what thinking costs
// each, with the elapsed times given so that every value is exact.

#include <gtest/gtest.h>

#include "protocol/gtp_clock.h"

namespace jungle {
namespace {

using System = GtpClock::System;

TEST(GtpClock, NoneIsOffAndAbsoluteCountsDown) {
  GtpClock c;
  c.set(System::kNone, 300000, 30000, 5);
  EXPECT_FALSE(c.on());
  EXPECT_EQ(c.describe(), "");
  game::Limits l;
  c.fill(kBlue, l);
  EXPECT_EQ(l.time_ms[kBlue], -1);
  c.set(System::kAbsolute, 300000, 30000, 5);  // KGS ignores the byo-yomi values
  c.charge(kBlue, 12500);
  EXPECT_EQ(c.describe(), "Clock: absolute 300.0; b 287.5 s; w 300.0 s");
  c.charge(kRed, 400000);
  EXPECT_EQ(c.describe(), "Clock: absolute 300.0; b 287.5 s; w 0.0 s");
  c.fill(kBlue, l);
  EXPECT_EQ(l.time_ms[kBlue], 287500);
  EXPECT_EQ(l.moves_to_go, 0);
}

TEST(GtpClock, CanadianGivesAPeriodToItsStones) {
  GtpClock c;
  c.set(System::kCanadian, 10000, 60000, 2);
  c.charge(kBlue, 15000);  // main time spent: into byo-yomi
  EXPECT_EQ(c.describe(),
            "Clock: canadian 10.0 60.0 2; b 60.0 s, 2 stones left; w 10.0 s main time");
  c.charge(kBlue, 20000);
  EXPECT_EQ(c.describe(),
            "Clock: canadian 10.0 60.0 2; b 40.0 s, 1 stones left; w 10.0 s main time");
  game::Limits l;
  c.fill(kBlue, l);
  EXPECT_EQ(l.time_ms[kBlue], 40000);
  EXPECT_EQ(l.moves_to_go, 1);
  c.charge(kBlue, 30000);  // the period's stones made in time: a new period
  EXPECT_EQ(c.describe(),
            "Clock: canadian 10.0 60.0 2; b 60.0 s, 2 stones left; w 10.0 s main time");
}

TEST(GtpClock, ByoyomiKeepsAPeriodForAMoveMadeWithinIt) {
  GtpClock c;
  c.set(System::kByoyomi, 10000, 30000, 3);
  c.charge(kBlue, 4000);
  EXPECT_EQ(c.describe(), "Clock: byoyomi 10.0 30.0 3; b 6.0 s main time; w 10.0 s main time");
  c.charge(kBlue, 20000);  // 6 s of main time, then 14 s of the first period
  EXPECT_EQ(c.describe(),
            "Clock: byoyomi 10.0 30.0 3; b 30.0 s, 3 periods left; w 10.0 s main time");
  c.charge(kBlue, 29000);  // within the period: kept
  EXPECT_EQ(c.describe(),
            "Clock: byoyomi 10.0 30.0 3; b 30.0 s, 3 periods left; w 10.0 s main time");
  c.charge(kBlue, 65000);  // two whole periods spent
  EXPECT_EQ(c.describe(),
            "Clock: byoyomi 10.0 30.0 3; b 30.0 s, 1 periods left; w 10.0 s main time");
  game::Limits l;
  c.fill(kBlue, l);
  EXPECT_EQ(l.time_ms[kBlue], 30000);
  EXPECT_EQ(l.moves_to_go, 1);  // the period is this move's
  c.charge(kBlue, 31000);       // the last period spent: lost, nothing left
  EXPECT_EQ(c.describe(),
            "Clock: byoyomi 10.0 30.0 3; b 0.0 s, 1 periods left; w 10.0 s main time");
  // No main time: the game starts in byo-yomi; time_left's count is the
  // periods left, as KGS sends it.
  c.set(System::kByoyomi, 0, 5000, 2);
  EXPECT_EQ(c.describe(),
            "Clock: byoyomi 0.0 5.0 2; b 5.0 s, 2 periods left; w 5.0 s, 2 "
            "periods left");
  c.time_left(kRed, 3500, 1);
  EXPECT_EQ(c.describe(),
            "Clock: byoyomi 0.0 5.0 2; b 5.0 s, 2 periods left; w 3.5 s, 1 "
            "periods left");
}

}  // namespace
}  // namespace jungle
