// Side lines in Flip Jungle records (docs/records.md, "Side lines"): read
// and written as the open game's, a flip inside a line with what it
// revealed; every ply of a line checked in its own position, a flip's
// animal against the pool there.

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/game_record.h"
#include "flip/flip_record.h"

namespace jungle::flip {
namespace {

// The actions of a line as records write them, each line's alternatives
// after it in brackets: "b2?=L [a1?=e c2?=R [b2?=w]] c2?=l".
std::string line_words(const std::vector<RecordedPly>& line) {
  std::string out;
  for (const RecordedPly& p : line) {
    out += (out.empty() ? "" : " ") + ply_text(p.move);
    for (const std::vector<RecordedPly>& side : p.variations) out += " [" + line_words(side) + "]";
  }
  return out;
}

std::string read_error_text(const std::string& text) {
  try {
    read_flip_record(text);
  } catch (const RecordError& e) {
    return e.what();
  }
  return "no error";
}

const std::string kHead = "[Blue \"Ann\"]\n[Red \"Bo\"]\n[Result \"*\"]\n[Variant \"flip\"]\n\n";

TEST(FlipRecordSideLines, AreReadAndWrittenBackExactly) {
  // Blue's first flip has two side lines, the first with a nested one of
  // Red's; Red's reply has a comment; the third ply has a side line too.
  const std::string text = kHead +
                           "1. b2?=L (1. a1?=e c2?=R (1... b2?=w)) (1. d4?=C) 1... c2?=l {a "
                           "comment}\n2. a1?=r (2. d4?=C) 2... c2b2 3. b1?=W *\n";
  const FlipRecord record = read_flip_record(text);
  EXPECT_EQ(line_words(record.plies),
            "b2?=L [a1?=e c2?=R [b2?=w]] [d4?=C] c2?=l a1?=r [d4?=C] c2b2 b1?=W");
  EXPECT_EQ(record.plies[1].comment, "a comment");
  // The game's position is its own plies', not a side line's.
  EXPECT_EQ(record.position.history().size(), 5u);
  EXPECT_EQ(ply_text(record.position.history().back()), "b1?=W");
  EXPECT_EQ(write_flip_record(record), text);
  // The game alone, as the server writes it, keeps no side lines.
  EXPECT_EQ(write_flip_record(record.position, record.tags),
            kHead + "1. b2?=L c2?=l 2. a1?=r c2b2 3. b1?=W *\n");
}

TEST(FlipRecordSideLines, EmptyCommentsAddNothingToAPlysComment) {
  // Found by fuzz_flip: the comments after a ply are joined with a space,
  // and an empty one added one that its written comment then lost.
  const FlipRecord record = read_flip_record(kHead + "1. c2?=l {a {} {} 2. {b} *\n");
  EXPECT_EQ(record.plies[0].comment, "a { b");
  const std::string written = write_flip_record(record);
  EXPECT_EQ(written, kHead + "1. c2?=l {a { b} *\n");
  EXPECT_EQ(read_flip_record(written).plies[0].comment, "a { b");
}

TEST(FlipRecordSideLines, ALineAfterTheSecondPlayersPlyIsNumberedFromThere) {
  const std::string text = kHead + "1. b2?=L c2?=l (1... c3?=l) 2. a1?=r *\n";
  const FlipRecord record = read_flip_record(text);
  EXPECT_EQ(line_words(record.plies), "b2?=L c2?=l [c3?=l] a1?=r");
  EXPECT_EQ(write_flip_record(record), text);
}

TEST(FlipRecordSideLines, AResultTheBoardDoesNotShowIsWrittenAsRead) {
  const std::string text =
      "[Result \"0-1\"]\n[Variant \"flip\"]\n[Termination \"resignation\"]\n\n"
      "1. b2?=L (1. b3?=T) 0-1\n";
  EXPECT_EQ(write_flip_record(read_flip_record(text)), text);
}

TEST(FlipRecordSideLines, BrokenLinesAreErrorsNamingTheLine) {
  const std::string head = "[Variant \"flip\"]\n\n";
  EXPECT_EQ(read_error_text(head + "1. b2?=L ) *\n"),
            "game 1, line 3, column 10: ')' closes no side line");
  EXPECT_EQ(
      read_error_text(head + "(1. b2?=L) *\n"),
      "game 1, line 3, column 1: a side line '(' must follow the ply it is played instead of");
  EXPECT_EQ(read_error_text(head + "1. b2?=L () *\n"),
            "game 1, line 3, column 11: a side line '()' has no plies");
  EXPECT_EQ(read_error_text(head + "1. b2?=L (1. a1?=e\n*\n"),
            "game 1, line 4, column 1: the result * comes inside the side line opened at line 3; "
            "close it "
            "with ')'");
  EXPECT_EQ(read_error_text(head + "1. b2?=L\n(1. a1?=e (1. a2?=e)\n"),
            "game 1, line 4, column 1: the side line opened with '(' is never closed");
}

TEST(FlipRecordSideLines, ALinesPliesAreCheckedInTheirOwnPosition) {
  const std::string head = "[Variant \"flip\"]\n\n";
  // Red's side line would move Blue's Lion.
  EXPECT_EQ(read_error_text(head + "1. b2?=L c2?=l (1... b2b3) *\n"),
            "game 1, line 3, column 22: ply 2 b2b3 is illegal here");
  // Blue's Lion is face up already where the side line leaves: no tile hides it.
  EXPECT_EQ(read_error_text(head + "1. b2?=L c2?=l (1... c3?=L) *\n"),
            "game 1, line 3, column 22: ply 2 c3?=L reveals an animal no face-down tile holds "
            "here (the pool: RCDWPTErcdwptle)");
  // ...while in the side line of Blue's first ply it is face down.
  EXPECT_NO_THROW(read_flip_record(head + "1. b2?=L (1. c3?=L) *\n"));
  // A tile turned over in a side line is face down again after it.
  EXPECT_NO_THROW(read_flip_record(head + "1. b2?=L (1. a1?=e) 1... a1?=e *\n"));
  // A ply after the side line is checked in the game's position.
  EXPECT_EQ(read_error_text(head + "1. b2?=L (1. a1?=e) 1... b2?=w *\n"),
            "game 1, line 3, column 26: ply 2 b2?=w is illegal here");
  // A ply numbered from the game's start, through the line it is in.
  EXPECT_EQ(read_error_text(head + "1. b2?=L c2?=l (1... a1?=r 2. a1a2) *\n"),
            "game 1, line 3, column 31: ply 3 a1a2 is illegal here");
}

TEST(FlipRecordSideLines, AnErrorNamesTheColumnWhereTheBadPlyBegins) {
  const std::string head = "[Variant \"flip\"]\n\n";
  EXPECT_EQ(read_error_text(head + "1. b2?=L c2?=l 2. a1a2 *\n"),
            "game 1, line 3, column 19: ply 3 a1a2 is illegal here");
  int games = 0;
  const std::vector<RecordError> errors =
      check_flip_records(head + "1. b2?=L *\n\n" + head + "1. b2?=L c2?=l 2. a1a2 *\n", &games);
  EXPECT_EQ(games, 2);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(std::string(errors[0].what()), "game 2, line 7, column 19: ply 3 a1a2 is illegal here");
}

// Issue 31: a bad Variant or FEN tag is an error at the tag, as in the
// open game's records; these named the game's first ply (line 4) before.
TEST(FlipRecordTags, AnErrorInATagNamesTheTagsLineAndColumn) {
  EXPECT_EQ(read_error_text("[Blue \"Ann\"]\n  [Variant \"nosuch\"]\n\n1. b2?=L *\n"),
            "game 1, line 2, column 3: Variant 'nosuch' is not a Flip Jungle rule set");
  EXPECT_EQ(read_error_text("[Variant \"flip\"]\n[Blue \"Ann\"] [FEN \"x\"]\n\n1. b2?=L *\n"),
            "game 1, line 2, column 14: flip FEN 'x' needs placement, side to move ('w', 'b' or "
            "'-'), the hidden pool and optionally the quiet plies and the move number");
  // A game of tags alone is read from its tags too.
  EXPECT_EQ(read_error_text("[Blue \"Ann\"]\n[Variant \"nosuch\"]\n"),
            "game 1, line 2, column 1: Variant 'nosuch' is not a Flip Jungle rule set");
}

TEST(FlipRecordSideLines, CheckingGoesOnAtTheNextGameAfterABadLine) {
  const std::string text =
      "[Variant \"flip\"]\n\n1. b2?=L (1. b2b3) *\n\n[Variant \"flip\"]\n\n1. b2?=L (1. c3?=e) *\n";
  int games = 0;
  const std::vector<RecordError> errors = check_flip_records(text, &games);
  EXPECT_EQ(games, 2);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(std::string(errors[0].what()), "game 1, line 3, column 14: ply 1 b2b3 is illegal here");
}

// A fuzz-style check, deterministic (a fixed seed): a record with side
// lines, cut and changed at random, is refused with a RecordError or reads
// to a game whose record reads back the same and writes the same again.
TEST(FlipRecordSideLines, ChangedRecordsAreRefusedOrReadBackTheSame) {
  const std::string base =
      "[Variant \"flip\"]\n\n1. b2?=L (1. a1?=e c2?=R (1... b2?=w)) (1. d4?=C) 1... c2?=l {c} "
      "2. a1?=r (2. d4?=C) c2b2 3. b1?=W *\n";
  const std::string pieces = "()?=.{} 123abcdLlRrEeWw\n";
  std::mt19937 random(20261130);
  int read = 0;
  int refused = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text = base;
    const int changes = 1 + int(random() % 4);
    for (int c = 0; c < changes; ++c) {
      const size_t at = 20 + random() % (text.size() - 20);
      switch (random() % 3) {
        case 0:
          text.erase(at, 1);
          break;
        case 1:
          text.insert(at, 1, pieces[random() % pieces.size()]);
          break;
        default:
          text[at] = pieces[random() % pieces.size()];
      }
    }
    std::optional<FlipRecord> record;
    try {
      record.emplace(read_flip_record(text));
    } catch (const RecordError&) {
      ++refused;
      continue;
    }
    ++read;
    const std::string written = write_flip_record(*record);
    const FlipRecord again = read_flip_record(written);
    ASSERT_EQ(line_as_text(again.plies, ply_text), line_as_text(record->plies, ply_text)) << text;
    ASSERT_EQ(write_flip_record(again), written) << text;
  }
  // Both kinds occur, so that neither branch is checked vacuously.
  EXPECT_GT(read, 100);
  EXPECT_GT(refused, 100);
}

}  // namespace
}  // namespace jungle::flip
