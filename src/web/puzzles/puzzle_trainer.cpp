#include "web/puzzles/puzzle_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <utility>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"
#include "web/server/game_error.h"
#include "web/server/json_fields.h"

namespace jungle::web {

namespace {

// The most moves one attempt may carry: the longest shipped solution has 5
// of the player's; anything far beyond is not an attempt.
constexpr size_t kMaxAttemptMoves = 64;
constexpr size_t kMaxPuzzleMoveLength = 16;

int rounded_rating(double x) {
  return int(std::lround(x));
}

nlohmann::json puzzle_rating_json(const rating::Rating& r) {
  return {{"rating", rounded_rating(r.rating)},
          {"deviation", rounded_rating(r.deviation)},
          {"provisional", rating::is_provisional(r)}};
}

Position puzzle_position(const puzzles::Puzzle& p) {
  return Position::from_fen(p.fen, load_record_variant(p.variant, std::nullopt));
}

// The moves the page may make on its board: every legal move, the
// solution's among many, so that the board can refuse an illegal one itself.
nlohmann::json legal_moves(const Position& pos) {
  nlohmann::json list = nlohmann::json::array();
  for (const Move m : generate_moves(pos)) list.push_back(pos.rule_set().geometry().move_text(m));
  return list;
}

// "2026-11-28" from milliseconds since the epoch, in UTC.
std::string utc_day(int64_t ms) {
  const std::chrono::sys_days day = std::chrono::floor<std::chrono::days>(
      std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(ms)));
  const std::chrono::year_month_day ymd(day);
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()),
                unsigned(ymd.day()));
  return text;
}

// Whether `day` is a real day written YYYY-MM-DD.
bool is_utc_day(const std::string& day) {
  if (day.size() != 10 || day[4] != '-' || day[7] != '-') return false;
  for (size_t i = 0; i < day.size(); ++i) {
    if (i != 4 && i != 7 && (day[i] < '0' || day[i] > '9')) return false;
  }
  const std::chrono::year_month_day ymd(std::chrono::year(std::stoi(day.substr(0, 4))),
                                        std::chrono::month(unsigned(std::stoi(day.substr(5, 2)))),
                                        std::chrono::day(unsigned(std::stoi(day.substr(8, 2)))));
  return ymd.ok();
}

}  // namespace

PuzzleTrainer::PuzzleTrainer(PuzzleSet set, std::function<int64_t()> clock)
    : set_(std::move(set)), clock_(std::move(clock)) {
  for (const puzzles::Puzzle& p : set_.all()) {
    puzzle_ratings_[p.id] =
        rating::Rating{double(p.rating), kPuzzleInitialDeviation, rating::kDefaultVolatility};
  }
}

void PuzzleTrainer::keep_in(AccountStore& store) {
  std::lock_guard lock(mutex_);
  store_ = &store;
  for (const auto& [id, r] : store.puzzle_ratings()) {
    // A puzzle no longer in the set (another --puzzles file) is left out.
    if (puzzle_ratings_.contains(id)) puzzle_ratings_[id] = r;
  }
}

std::string PuzzleTrainer::account_player(int64_t account_id) {
  return "account " + std::to_string(account_id);
}

int64_t PuzzleTrainer::stored_account(const std::string& player) const {
  constexpr std::string_view kPrefix = "account ";
  if (store_ == nullptr || player.rfind(kPrefix, 0) != 0) return 0;
  try {
    return std::stoll(player.substr(kPrefix.size()));
  } catch (const std::exception&) {
    return 0;
  }
}

PuzzleTrainer::PlayerRecord PuzzleTrainer::record_of(const std::string& player) const {
  if (const int64_t account = stored_account(player)) {
    PlayerRecord record;
    record.rating = store_->puzzle_player(account).rating;
    for (const PuzzleAttemptRecord& a : store_->puzzle_history(account, kMaxHistory)) {
      record.rated.insert(a.puzzle_id);
    }
    return record;
  }
  const auto it = players_.find(player);
  return it == players_.end() ? PlayerRecord() : it->second;
}

int64_t PuzzleTrainer::now_ms() const {
  return clock_ ? clock_()
                : std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
}

std::string PuzzleTrainer::today() const {
  return utc_day(now_ms());
}

const puzzles::Puzzle& PuzzleTrainer::find(const std::string& id) const {
  const puzzles::Puzzle* p = set_.find(id);
  if (!p) {
    throw GameError(ErrorKind::kNotFound, "no_such_puzzle",
                    "there is no puzzle '" + id.substr(0, 40) + "'");
  }
  return *p;
}

// What the page may see before it has played: the position, whose move it
// is, the goal, the themes and the rating; never the solution.
Json PuzzleTrainer::public_puzzle(const puzzles::Puzzle& p) const {
  const Position pos = puzzle_position(p);
  return {{"id", p.id},
          {"variant", p.variant},
          {"fen", p.fen},
          {"side", pos.side_to_move() == kBlue ? "blue" : "red"},
          {"goal", std::string(puzzles::goal_name(p.goal))},
          {"themes", p.themes},
          {"rating", rounded_rating(puzzle_ratings_.at(p.id).rating)},
          {"legal_moves", legal_moves(pos)}};
}

Json PuzzleTrainer::player_json(const std::string& player) const {
  if (const int64_t account = stored_account(player)) {
    const StoredPuzzlePlayer stored = store_->puzzle_player(account);
    Json j = puzzle_rating_json(stored.rating);
    j["attempts"] = stored.attempts;
    return j;
  }
  const PlayerRecord record = record_of(player);
  Json j = puzzle_rating_json(record.rating);
  j["attempts"] = record.rated.size();
  return j;
}

Json PuzzleTrainer::themes() const {
  Json list = Json::array();
  for (const auto& [name, count] : set_.theme_counts()) {
    list.push_back({{"name", name}, {"count", count}});
  }
  return {{"themes", list}, {"total", set_.all().size()}};
}

Json PuzzleTrainer::puzzle(const std::string& id, const std::string& player) const {
  const puzzles::Puzzle& p = find(id);
  std::lock_guard lock(mutex_);
  return {{"puzzle", public_puzzle(p)}, {"player", player_json(player)}};
}

Json PuzzleTrainer::next(const std::string& player, std::optional<double> rating,
                         const std::string& theme, const std::string& after) const {
  if (!theme.empty() && !puzzles::is_theme_name(theme)) {
    throw GameError(ErrorKind::kBadRequest, "bad_param",
                    "'theme' must be one of den-attack, trap, river-jump, rat-elephant, "
                    "defence, endgame, not '" +
                        theme.substr(0, 40) + "'");
  }
  std::lock_guard lock(mutex_);
  const PlayerRecord record = record_of(player);
  const double target = rating ? *rating : record.rating.rating;
  // The nearest in rating of those the player has not been rated on; when
  // every one of the theme has been, the nearest of all of them.
  const puzzles::Puzzle* best = nullptr;
  const puzzles::Puzzle* best_seen = nullptr;
  double best_gap = 0, best_seen_gap = 0;
  for (const puzzles::Puzzle& p : set_.all()) {
    if (p.id == after) continue;
    if (!theme.empty() && std::find(p.themes.begin(), p.themes.end(), theme) == p.themes.end()) {
      continue;
    }
    const double gap = std::abs(puzzle_ratings_.at(p.id).rating - target);
    const bool seen = record.rated.contains(p.id);
    if (seen) {
      if (!best_seen || gap < best_seen_gap) best_seen = &p, best_seen_gap = gap;
    } else if (!best || gap < best_gap) {
      best = &p, best_gap = gap;
    }
  }
  if (!best) best = best_seen;
  if (!best) {
    throw GameError(ErrorKind::kNotFound, "no_such_puzzle",
                    "there is no puzzle of the theme '" + theme + "'");
  }
  return {{"puzzle", public_puzzle(*best)}, {"player", player_json(player)}};
}

Json PuzzleTrainer::daily(const std::string& player, const std::string& day) const {
  const std::string when = day.empty() ? today() : day;
  if (!is_utc_day(when)) {
    throw GameError(ErrorKind::kBadRequest, "bad_param",
                    "'date' must be a day written YYYY-MM-DD, not '" + when.substr(0, 40) + "'");
  }
  const puzzles::Puzzle& p = set_.daily(when);
  std::lock_guard lock(mutex_);
  return {{"date", when}, {"puzzle", public_puzzle(p)}, {"player", player_json(player)}};
}

Json PuzzleTrainer::player(const std::string& player) const {
  std::lock_guard lock(mutex_);
  return {{"player", player_json(player)}};
}

Json PuzzleTrainer::history(const std::string& player, int limit) const {
  std::lock_guard lock(mutex_);
  Json list = Json::array();
  if (const int64_t account = stored_account(player)) {
    for (const PuzzleAttemptRecord& a : store_->puzzle_history(account, limit)) {
      list.push_back({{"puzzle", a.puzzle_id},
                      {"solved", a.solved},
                      {"rating_before", rounded_rating(a.rating_before)},
                      {"rating_after", rounded_rating(a.rating_after)},
                      {"at_ms", a.at_ms}});
    }
  }
  return {{"history", list}};
}

Json PuzzleTrainer::attempt(const std::string& id, const std::string& player,
                            const std::vector<std::string>& moves, bool give_up) {
  const puzzles::Puzzle& p = find(id);
  if (moves.empty() && !give_up) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'moves' must name at least one move, or 'give_up' be true");
  }
  if (moves.size() > kMaxAttemptMoves) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'moves' may name at most " + std::to_string(kMaxAttemptMoves) + " moves");
  }
  Position pos = puzzle_position(p);
  const Side me = pos.side_to_move();
  const GameResult my_win = me == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
  const size_t player_moves = (p.solution.size() + 1) / 2;
  Json judged = Json::array();
  // What the page draws: the position after the player's last move, and
  // after the reply to it.
  Json fen_after_move = nullptr, fen_after_reply = nullptr;
  std::string status = "playing";
  Json reply = nullptr;
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "'moves[" + std::to_string(i) + "]'";
    if (status != "playing") {
      throw GameError(
          ErrorKind::kBadRequest, "bad_field",
          where + " comes after the puzzle was " + status + " at move " + std::to_string(i));
    }
    const std::string& text = moves[i];
    std::string why;
    const std::optional<Move> m =
        text.size() <= kMaxPuzzleMoveLength ? parse_move(pos, text, &why) : std::nullopt;
    if (!m) {
      // parse_move's reason names the move: "illegal move e9e7: a Rat ...".
      throw GameError(
          ErrorKind::kRefused, "illegal_move",
          where + ": " +
              (why.empty() ? "illegal move '" + text.substr(0, kMaxPuzzleMoveLength) + "'" : why));
    }
    const std::optional<Move> expected = parse_move(pos, p.solution[2 * i]);
    pos.do_move(*m);
    // Any move that wins at once is right: another piece into the den
    // where the solution names one (docs/puzzles.md, "The solution line").
    const bool wins_now = game_result(pos) == my_win;
    const bool right = *m == expected || wins_now;
    judged.push_back({{"move", text}, {"correct", right}});
    fen_after_move = pos.fen();
    if (!right) {
      status = "failed";
    } else if (wins_now || i + 1 == player_moves) {
      status = "solved";
    } else {
      const std::string answer = p.solution[2 * i + 1];
      pos.do_move(*parse_move(pos, answer));
      reply = answer;
      fen_after_reply = pos.fen();
    }
  }
  if (status == "playing" && give_up) status = "failed";
  if (status != "playing") reply = nullptr, fen_after_reply = nullptr;

  Json out = {{"id", p.id},
              {"moves", judged},
              {"reply", reply},
              {"status", status},
              {"fen_after_move", fen_after_move},
              {"fen_after_reply", fen_after_reply}};
  // After the reply, the moves the player may make next.
  if (status == "playing") out["legal_moves"] = legal_moves(pos);
  std::lock_guard lock(mutex_);
  if (status != "playing") {
    // Only now: the solution is never sent while the puzzle is being played.
    out["solution"] = p.solution;
    // The positions along it, for the page to play it on its board.
    Json fens = Json::array();
    Position line = puzzle_position(p);
    for (const std::string& move : p.solution) {
      line.do_move(*parse_move(line, move));
      fens.push_back(line.fen());
    }
    out["solution_fens"] = fens;
    bool rated = false;
    int change = 0;
    const double score = status == "solved" ? 1.0 : 0.0;
    // The player's and the puzzle's ratings after this attempt, from
    // theirs before it: one rating period for each (docs/ratings.md).
    const auto rate = [score](const rating::Rating& player, const rating::Rating& puzzle) {
      const rating::Outcome for_player{puzzle.rating, puzzle.deviation, score};
      const rating::Outcome for_puzzle{player.rating, player.deviation, 1 - score};
      return std::pair{rating::update(player, std::span(&for_player, 1)),
                       rating::update(puzzle, std::span(&for_puzzle, 1))};
    };
    rating::Rating& puzzle = puzzle_ratings_.at(p.id);
    const rating::Rating puzzle_start{double(p.rating), kPuzzleInitialDeviation,
                                      rating::kDefaultVolatility};
    if (const int64_t account = stored_account(player)) {
      // Judged by the store's ratings, in its transaction: another server
      // may have moved the puzzle's since this one read it.
      rating::Rating before;
      std::pair<rating::Rating, rating::Rating> next;
      rated = store_->count_puzzle_attempt(
          PuzzleAttempt{account, p.id, score == 1.0, puzzle_start, now_ms()},
          [&](const rating::Rating& player_before, const rating::Rating& puzzle_before) {
            before = player_before;
            next = rate(player_before, puzzle_before);
            return next;
          });
      if (rated) {
        puzzle = next.second;
        change = rounded_rating(next.first.rating) - rounded_rating(before.rating);
      }
    } else if (!player.empty() && !players_[player].rated.contains(p.id)) {
      PlayerRecord& record = players_[player];
      const rating::Rating before = record.rating;
      std::pair<rating::Rating, rating::Rating> next = rate(before, puzzle);
      if (store_) {
        // Only the puzzle's rating is stored for an anonymous player.
        store_->count_puzzle_attempt(
            PuzzleAttempt{0, p.id, score == 1.0, puzzle_start, now_ms()},
            [&](const rating::Rating&, const rating::Rating& puzzle_before) {
              next = rate(before, puzzle_before);
              return next;
            });
      }
      record.rating = next.first;
      puzzle = next.second;
      record.rated.insert(p.id);
      rated = true;
      change = rounded_rating(record.rating.rating) - rounded_rating(before.rating);
    }
    out["rated"] = rated;
    out["change"] = change;
    out["puzzle_rating"] = rounded_rating(puzzle_ratings_.at(p.id).rating);
  }
  out["player"] = player_json(player);
  return out;
}

}  // namespace jungle::web
