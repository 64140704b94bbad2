#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "core/rule_set.h"
#include "puzzles/verifier.h"

namespace jungle::puzzles {

// A finished game given as its start and moves, as the site's game store
// keeps it (`jungle puzzles generate --store`): its positions are scanned
// as a record's are.
struct PlayedGame {
  std::string start_fen;           // "": the rule set's start
  std::vector<std::string> moves;  // in coordinates: "a3a4"
  std::string source;              // what its puzzles' source names: "store game 12"
};

// Where positions come from and how hard each is looked at.
struct GeneratorOptions {
  int games = 20;             // self-play games (0: none)
  uint64_t nodes = 20000;     // the self-play engine's nodes per move, and the scan of records
  uint64_t seed = 1;          // game i of self-play uses seed + i
  int min_random_plies = 6;   // each self-play game opens with this many random plies...
  int max_random_plies = 10;  // ...up to this many, so that games differ
  int max_plies = 300;        // a longer self-play game is cut off
  // The share of self-play moves played at random instead of the engine's
  // choice: the mistakes that puzzles punish (docs/puzzles.md).
  double mistake_rate = 0.1;
  std::vector<std::filesystem::path> records;  // finished games in the record format
  std::vector<PlayedGame> played;              // finished games given whole, scanned after those
  VerifyOptions verify;
  // Told of each puzzle as it is written, and of each game done.
  std::function<void(const std::string&)> progress;
};

// How a run went: what docs/puzzles.md reports as the yield.
struct GeneratorStats {
  int selfplay_games = 0;
  int record_games = 0;
  int played_games = 0;              // GeneratorOptions::played
  int64_t positions = 0;             // positions looked at (searched at the scan's budget)
  int64_t candidates = 0;            // positions given to the verifier (duplicates left out)
  int64_t duplicates = 0;            // candidates already seen in this run or in `known`
  int64_t verified = 0;              // puzzles written
  int64_t verified_in_selfplay = 0;  // of those, found in self-play
  int64_t tablebase_verified = 0;
  double selfplay_seconds = 0;  // the self-play games, their scan and verification
  double record_seconds = 0;    // the records and the played games
  std::map<std::string, int> themes;
  std::map<std::string, int> rejections;  // why candidates failed, by the reason's kind
};

// A position is a candidate when the scan's score says the side to move
// has just got a win (kWinningScore or more) that the opponent did not see
// coming (its own score before its move was not that much below zero) or
// that this side did not have a move ago; or when the side to move must
// parry: the opponent could step into its den, or the opponent's score
// before its move was a win that this side's score now denies. Scores are
// each for the side to move of their own position.
bool is_candidate(const Position& pos, int score, int previous_opponent_score,
                  int previous_own_score);

// Plays the self-play games, then scans the records and the played games, verifies the
// candidates and writes each puzzle as a line of `out` (puzzle_json), in
// order: the same options give the same file. Positions whose id is in
// `known` (an existing database) are skipped. Throws RecordError for a
// record that cannot be read and FileReadError for a file that cannot be
// opened, and std::invalid_argument for a played game whose start or moves
// are not legal.
GeneratorStats generate(const RuleSetPtr& rules, const GeneratorOptions& options, std::ostream& out,
                        const std::vector<std::string>& known = {});

}  // namespace jungle::puzzles
