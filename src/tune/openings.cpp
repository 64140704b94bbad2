#include "tune/openings.h"

#include <fstream>
#include <random>
#include <sstream>
#include <unordered_set>

#include "core/movegen.h"
#include "core/position.h"
#include "search/engine.h"
#include "tune/in_process_engine.h"

namespace jungle::match {

namespace {

// Placement and side to move: two books lines that differ only in their
// counters are the same opening.
std::string fen_identity(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, side;
  in >> placement >> side;
  return placement + " " + side;
}

}  // namespace

std::vector<std::string> generate_book(const RuleSetPtr& rules, const BookOptions& options) {
  std::vector<std::string> book;
  std::unordered_set<std::string> seen;
  std::mt19937_64 rng(options.seed);
  Engine engine;
  set_up_in_process_engine(engine, rules, options.seed);
  SearchLimits limits;
  limits.depth = options.depth;

  const int attempts = options.max_attempts > 0 ? options.max_attempts : 200 * options.count;
  const int span = std::max(0, options.max_plies - options.min_plies) + 1;
  for (int tried = 0; tried < attempts && int(book.size()) < options.count; ++tried) {
    Position pos(rules);
    const int plies = options.min_plies + int(rng() % uint64_t(span));
    bool alive = true;
    for (int i = 0; i < plies && alive; ++i) {
      MoveList moves = generate_moves(pos);
      if (moves.empty()) {
        alive = false;
        break;
      }
      pos.do_move(moves[int(rng() % uint64_t(moves.size()))]);
    }
    if (alive && game_result(pos) == GameResult::kOngoing) {
      const std::string fen = pos.fen();
      if (seen.insert(fen_identity(fen)).second) {
        // A fresh table for each position keeps the book independent of the
        // order positions were tried in, so a seed always gives the same book.
        engine.new_game();
        const SearchResult r = engine.search(Position::from_fen(fen, rules), limits);
        if (!r.best.is_none() && std::abs(r.score) < options.threshold_cp) book.push_back(fen);
      }
    }
    if (options.progress) options.progress(int(book.size()), tried + 1);
  }
  return book;
}

std::vector<std::string> parse_book(std::string_view text, const RuleSetPtr& rules,
                                    std::string_view origin) {
  std::vector<std::string> book;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const size_t semicolon = line.find(';');
    if (semicolon != std::string::npos) line.resize(semicolon);
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const size_t last = line.find_last_not_of(" \t\r");
    const std::string fen = line.substr(first, last - first + 1);
    const std::string where = std::string(origin) + ":" + std::to_string(number) + ": ";
    try {
      const Position pos = Position::from_fen(fen, rules);
      if (game_result(pos) != GameResult::kOngoing)
        throw BookError(where + "the game is already over in " + fen);
    } catch (const FenError& e) {
      throw BookError(where + e.what());
    }
    book.push_back(fen);
  }
  if (book.empty()) throw BookError(std::string(origin) + ": no positions in the book");
  return book;
}

std::vector<std::string> load_book(const std::filesystem::path& path, const RuleSetPtr& rules) {
  std::ifstream in(path);
  if (!in) throw BookError("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return parse_book(text.str(), rules, path.string());
}

std::string format_book(const std::vector<std::string>& fens,
                        const std::vector<std::string>& header) {
  std::string out;
  for (const std::string& h : header) out += "# " + h + "\n";
  for (const std::string& f : fens) out += f + "\n";
  return out;
}

}  // namespace jungle::match
