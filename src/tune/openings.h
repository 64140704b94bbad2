#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"

namespace jungle::match {

// A book that cannot be read; the message names the line and what is wrong.
class BookError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A generated book: positions a few random plies from the start that a short
// search of our own engine calls roughly level, so that games between two
// engines start varied but fair and the colour swap of a pair cancels what
// bias is left.
struct BookOptions {
  int count = 100;
  int min_plies = 4;  // random plies from the start position, inclusive
  int max_plies = 8;
  int depth = 5;                                      // the balance check's search depth
  int threshold_cp = 80;                              // keep a position when |score| is below this
  uint64_t seed = 1;                                  // the same seed and rules give the same book
  int max_attempts = 0;                               // 0: 200 tries per wanted position
  std::function<void(int kept, int tried)> progress;  // after each try
};

// Distinct FENs; fewer than asked when attempts run out.
std::vector<std::string> generate_book(const RuleSetPtr& rules, const BookOptions& options);

// One FEN per line; blank lines and lines starting with '#' are skipped, and
// anything after a ';' on a line is a comment. Each FEN is checked against
// the rules and must not be a finished game. Throws BookError.
std::vector<std::string> parse_book(std::string_view text, const RuleSetPtr& rules,
                                    std::string_view origin = "book");
std::vector<std::string> load_book(const std::filesystem::path& path, const RuleSetPtr& rules);

// The book file: `header` lines as '#' comments, then one FEN per line.
std::string format_book(const std::vector<std::string>& fens,
                        const std::vector<std::string>& header);

}  // namespace jungle::match
