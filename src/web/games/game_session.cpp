#include "web/games/game_session.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <random>
#include <sstream>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/text_util.h"
#include "game/score.h"
#include "search/search.h"
#include "web/games/record_variations.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {

namespace {

// Reads every game of a record text after checking its Variant tags.
std::vector<GameRecord> read_record_text(std::string_view text, const VariantCatalog& catalog);

bool looks_like_move(std::string_view text) {
  return text.size() == 4 && text[0] >= 'a' && text[0] <= 'g' && text[1] >= '1' && text[1] <= '9' &&
         text[2] >= 'a' && text[2] <= 'g' && text[3] >= '1' && text[3] <= '9';
}

std::string fen_error_message(const FenError& e) {
  return std::string("invalid position: ") + e.what();
}

// The declared ending as the database and the API name it: a result a
// record gives without a reason is "recorded".
constexpr std::string_view kRecordedTermination = "recorded";

Position start_from_fen(const std::string& fen, RuleSetPtr rules) {
  try {
    return Position::from_fen(fen, std::move(rules));
  } catch (const FenError& e) {
    throw GameError(ErrorKind::kRefused, "bad_fen", fen_error_message(e));
  }
}

// The open family's state of a game under `variant` from `start`.
std::unique_ptr<game::State> new_open_state(const std::string& variant, const Position& start) {
  std::mt19937_64 unused;  // the open game has no chance to draw
  try {
    return game::family_of_variant(variant).new_state(variant, start.fen(), unused);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  }
}

}  // namespace

GameSession::GameSession(int64_t id, std::string variant, RuleSetPtr rules,
                         const std::string& start_fen, std::array<PlayerConfig, kSides> players)
    : GameSessionBase(id, new_open_state(variant, start_from_fen(start_fen, rules)), players),
      start_(start_from_fen(start_fen, std::move(rules))),
      pos_(start_),
      start_fen_(start_.fen()) {
  evaluations_.resize(1);
}

std::unique_ptr<GameSession> GameSession::from_stored(const StoredGame& stored,
                                                      const VariantCatalog& catalog,
                                                      int64_t max_movetime_ms) {
  const std::string where = "stored game " + std::to_string(stored.id);
  if (!catalog.contains(stored.variant)) {
    throw GameError(ErrorKind::kServerFault, "damaged_game",
                    where + " uses the rule set '" + stored.variant + "', which is not shipped");
  }
  const std::array<PlayerConfig, kSides> players = players_from_stored(stored, max_movetime_ms);
  std::unique_ptr<GameSession> game;
  try {
    game = std::make_unique<GameSession>(stored.id, stored.variant, catalog.get(stored.variant),
                                         stored.start_fen, players);
  } catch (const GameError& e) {
    throw GameError(ErrorKind::kServerFault, "damaged_game", where + ": " + e.what());
  }
  std::istringstream moves(stored.moves);
  std::string text;
  while (moves >> text) {
    std::string error;
    std::optional<Move> m = parse_move(game->position(), text, &error);
    if (!m) {
      throw GameError(ErrorKind::kServerFault, "damaged_game",
                      where + ": move " + std::to_string(game->ply() + 1) + " " + text +
                          " does not replay: " + error);
    }
    game->play(*m);
  }
  game->declared_ = declare_stored_result(*game->state_, stored);
  // Evaluations are worth keeping but not worth refusing the game for.
  const Json evaluations = Json::parse(stored.evaluations, nullptr, false);
  if (evaluations.is_array()) {
    for (size_t ply = 0; ply < evaluations.size() && int(ply) <= game->ply(); ++ply) {
      if (auto e = PlyEvaluation::from_stored_json(evaluations[ply])) game->evaluations_[ply] = *e;
    }
  }
  game->load_table(stored);
  return game;
}

std::unique_ptr<GameSession> GameSession::from_record(const GameRecord& record,
                                                      const VariantCatalog& catalog,
                                                      std::array<PlayerConfig, kSides> players) {
  std::string variant = record.tag("Variant");
  if (variant.empty()) variant = "standard";
  if (!catalog.contains(variant)) {
    throw GameError(ErrorKind::kRefused, "unknown_variant",
                    "the record's Variant \"" + variant +
                        "\" is not one of the shipped rule sets this server plays");
  }
  RuleSetPtr rules = catalog.get(variant);
  players[kBlue].name = name_from_tag(record.tag("Blue"));
  players[kRed].name = name_from_tag(record.tag("Red"));
  std::string fen = record.tag("FEN");
  if (fen.empty()) fen = rules->rules().start_fen;
  auto game = std::make_unique<GameSession>(0, variant, rules, fen, players);
  for (const RecordedMove& rm : record.moves) {
    if (game->over() || !is_legal(game->position(), rm.move)) {
      throw GameError(ErrorKind::kRefused, "illegal_move",
                      "move " + std::to_string(game->ply() + 1) + " " +
                          rules->geometry().move_text(rm.move) + " of the record is illegal" +
                          (game->over() ? std::string(": the game was already over")
                                        : ": " + explain_illegal(game->position(), rm.move.from(),
                                                                 rm.move.to())));
    }
    // As a client's move: a record longer than a game may be is refused.
    game->play_text(rules->geometry().move_text(rm.move));
  }
  // A record's result the board does not show: declared by the record.
  if (!game->over()) {
    if (auto d = recorded_declaration(record.result(), record.tag("Termination"))) {
      game->state_->declare(d->result, d->termination);
      game->declared_ = true;
    }
  }
  return game;
}

std::unique_ptr<GameSession> GameSession::from_record_text(std::string_view text,
                                                           const VariantCatalog& catalog,
                                                           std::array<PlayerConfig, kSides> players,
                                                           int index, int* games) {
  const std::vector<GameRecord> records = read_record_text(text, catalog);
  if (games) *games = int(records.size());
  require_record_game(index, records.size());
  return from_record(records[size_t(index - 1)], catalog, players);
}

namespace {
// Moves as the move list numbers them (defined below, with the games list's summary).
int full_moves(const std::string& start_fen, int plies);
}  // namespace

Json GameSession::record_games_json(std::string_view text, const VariantCatalog& catalog) {
  Json list = Json::array();
  const std::vector<GameRecord> records = read_record_text(text, catalog);
  for (size_t i = 0; i < records.size(); ++i) {
    const GameRecord& r = records[i];
    const std::string variant = r.tag("Variant").empty() ? "standard" : r.tag("Variant");
    list.push_back({{"index", i + 1},
                    {"blue", r.tag("Blue")},
                    {"red", r.tag("Red")},
                    {"event", r.tag("Event")},
                    {"result", r.tag("Result").empty() ? "*" : r.tag("Result")},
                    {"variant", variant},
                    {"ply", r.moves.size()},
                    {"moves", full_moves(r.tag("FEN"), int(r.moves.size()))},
                    // read_record_text refused any variant not shipped.
                    {"variations", record_variations_json(r, catalog.get(variant)->geometry())}});
  }
  return list;
}

void require_shipped_variants(std::string_view text, const VariantCatalog& catalog) {
  // Every "[Variant" in the text, read as the record reader reads a tag
  // pair: [Name "value"] with \" and \\ escapes. Anything unclear is refused.
  const auto space = [&](size_t i) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    return i;
  };
  for (size_t open = text.find('['); open != std::string_view::npos;
       open = text.find('[', open + 1)) {
    size_t i = space(open + 1);
    size_t name_end = i;
    while (name_end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[name_end])) || text[name_end] == '_'))
      ++name_end;
    if (text.substr(i, name_end - i) != "Variant") continue;
    i = space(name_end);
    std::string value;
    bool closed = false;
    if (i < text.size() && text[i] == '"') {
      for (++i; i < text.size() && text[i] != '\n'; ++i) {
        if (text[i] == '"') {
          closed = true;
          break;
        }
        if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\'))
          ++i;
        value += text[i];
      }
    }
    if (!closed)
      throw GameError(ErrorKind::kRefused, "bad_record",
                      "the record has a Variant tag that cannot be read");
    if (!catalog.family_of(value)) {
      throw GameError(ErrorKind::kRefused, "unknown_variant",
                      "the record's Variant \"" + value +
                          "\" is not one of the shipped rule sets this server plays");
    }
  }
}

namespace {

std::vector<GameRecord> read_record_text(std::string_view text, const VariantCatalog& catalog) {
  require_shipped_variants(text, catalog);
  std::vector<GameRecord> records;
  try {
    records = read_records(text);
  } catch (const RecordError& e) {
    throw GameError(ErrorKind::kRefused, "bad_record", e.what());
  }
  if (records.empty())
    throw GameError(ErrorKind::kRefused, "bad_record", "the record text holds no game");
  return records;
}
}  // namespace

std::string GameSession::termination() const {
  std::string termination = state_->termination();
  if (declared_ && termination.empty()) return std::string(kRecordedTermination);
  return termination;
}

void GameSession::play_action(std::string_view text) {
  if (!looks_like_move(text)) throw not_a_move(text);
  std::string error;
  std::optional<Move> m = parse_move(position(), text, &error);
  if (!m) {
    // The notation layer usually names the move already ("illegal move c3c4: ...").
    if (error.find(text) == std::string::npos) error = std::string(text) + " is illegal: " + error;
    throw GameError(ErrorKind::kRefused, "illegal_move", error);
  }
  play(*m);
}

void GameSession::play(Move m) {
  PlayedMove pm;
  pm.move = m;
  try {
    state_->apply(board().move_text(m));
  } catch (const game::ActionError& e) {
    throw GameError(ErrorKind::kRefused, "illegal_move", e.what());
  }
  pos_.do_move(m);
  pm.fen_after = pos_.fen();
  moves_.push_back(std::move(pm));
  evaluations_.emplace_back();
  changed();
}

void GameSession::taken_back() {
  const int taken = int(moves_.size()) - ply();
  for (int i = 0; i < taken; ++i) pos_.undo_move();
  moves_.resize(size_t(ply()));
  evaluations_.resize(size_t(ply()) + 1);
  if (taken > 0) declared_ = false;
}

void GameSession::declare(int winner, const std::string& termination) {
  GameSessionBase::declare(winner, termination);
  declared_ = true;
}

Position GameSession::position_at(int ply) const {
  if (ply < 0 || ply > this->ply()) {
    throw GameError(ErrorKind::kBadRequest, "bad_param",
                    "ply must be between 0 and " + std::to_string(this->ply()) + ", not " +
                        std::to_string(ply));
  }
  if (ply == this->ply()) return pos_;
  Position pos = start_;
  for (int i = 0; i < ply; ++i) pos.do_move(moves_[size_t(i)].move);
  return pos;
}

const std::string& GameSession::fen_at(int ply) const {
  if (ply < 0 || ply > this->ply()) position_at(ply);  // throws the range error
  return ply == 0 ? start_fen_ : moves_[size_t(ply - 1)].fen_after;
}

std::optional<ReviewStep> GameSession::next_review_step() {
  for (int ply = 0; ply <= this->ply(); ++ply) {
    if (evaluations_[size_t(ply)]) continue;
    const GameResult result = game_result(position_at(ply));
    if (result != GameResult::kOngoing) {
      // Nothing to search: the board has decided.
      PlyEvaluation e;
      e.final = true;
      e.blue_score = result == GameResult::kBlueWins ? 1 : result == GameResult::kRedWins ? -1 : 0;
      evaluations_[size_t(ply)] = e;
      continue;
    }
    ReviewStep step;
    step.position = ply;
    step.observation = help_position(ply, 0);
    if (ply < this->ply()) step.played = board().move_text(moves_[size_t(ply)].move);
    step.stands = fen_at(ply);
    return step;
  }
  return std::nullopt;
}

namespace {

// The side to move's score as the open search writes it: centipawns, or a
// proven end as its mate score (a win in m moves is one in 2m - 1 plies, a
// loss in m moves one in 2m), so that an evaluation keeps what the search
// said (docs/api.md: "blue_score": -30999 for Red's win in one).
int search_score_of(const game::Score& score) {
  switch (score.kind) {
    case game::Score::Kind::kMate:
      return score.value > 0 ? kMateScore - (2 * score.value - 1)
                             : -(kMateScore - 2 * -score.value);
    case game::Score::Kind::kCentipawns:
    case game::Score::Kind::kExpected:
      return score.value;
    case game::Score::Kind::kTablebase:
      break;
  }
  return game::centipawns_of_expected(score.expected_result());
}

}  // namespace

void GameSession::keep_review_finding(const ReviewStep& step, const ReviewSearch& found) {
  const int ply = step.position;
  // A take-back and another move may have put another position at this ply.
  if (ply < 0 || ply > this->ply() || fen_at(ply) != step.stands) return;
  const int mover = search_score_of(found.score);
  PlyEvaluation e;
  e.blue_score = side_after(ply) == kBlue ? mover : -mover;
  e.mate = mate_in_moves(e.blue_score);
  e.depth = found.depth;
  e.best = found.best;
  evaluations_[size_t(ply)] = std::move(e);
}

std::optional<ReviewedMove> GameSession::reviewed_move_at(int ply) const {
  if (ply < 1 || ply > this->ply()) return std::nullopt;
  const std::optional<PlyEvaluation>& before = evaluations_[size_t(ply - 1)];
  const std::optional<PlyEvaluation>& after = evaluations_[size_t(ply)];
  if (!before || !after) return std::nullopt;
  const Side mover = side_after(ply - 1);
  const auto for_mover = [mover](const PlyEvaluation& e) {
    return mover == kBlue ? e.blue_expected() : 1.0 - e.blue_expected();
  };
  return reviewed_move(board().move_text(moves_[size_t(ply - 1)].move), mover, before->best,
                       for_mover(*before), for_mover(*after), before->depth);
}

int GameSession::evaluated() const {
  return int(std::count_if(evaluations_.begin(), evaluations_.end(),
                           [](const auto& e) { return e.has_value(); }));
}

ReviewFindings GameSession::review_findings() const {
  ReviewFindings f;
  f.total = ply() + 1;
  f.analysed = evaluated();
  f.positions = evaluations_;
  for (int ply = 1; ply <= this->ply(); ++ply) f.moves.push_back(reviewed_move_at(ply));
  return f;
}

void GameSession::add_stored_play(StoredGame& s) const {
  s.start_fen = start_fen_;
  for (const PlayedMove& pm : moves_) {
    if (!s.moves.empty()) s.moves += ' ';
    s.moves += board().move_text(pm.move);
  }
  s.declared = declared_ ? termination() : "";
  if (evaluated() > 0) {
    Json evaluations = Json::array();
    for (const auto& e : evaluations_) evaluations.push_back(e ? e->to_stored_json() : Json());
    s.evaluations = evaluations.dump();
  }
}

std::vector<std::string> GameSession::record_comments() const {
  // The evaluation of the position each move leads to, as the terminal
  // writes its engine's: from Blue's side.
  std::vector<std::string> comments(moves_.size());
  for (size_t i = 0; i < comments.size(); ++i) {
    const std::optional<PlyEvaluation>& e = evaluations_[i + 1];
    if (!e || e->final) continue;
    const std::string eval =
        eval_comment(e->mate != 0 ? Evaluation{e->mate, true, e->depth}
                                  : Evaluation{e->blue_score, false, e->depth});
    const std::optional<ReviewedMove> m = reviewed_move_at(int(i) + 1);
    comments[i] = m ? judged_comment(eval, m->judgement) : eval;
  }
  return comments;
}

namespace {
// Moves as the move list numbers them: Blue's and Red's turn make one, and a
// game that opens with Red's turn starts a move of its own.
int full_moves(const std::string& start_fen, int plies) {
  if (plies == 0) return 0;
  const std::vector<std::string> fields = split(start_fen);
  const bool red_first = fields.size() > 1 && fields[1] == "b";
  return red_first ? 1 + plies / 2 : (plies + 1) / 2;
}
}  // namespace

Json stored_summary_json(const StoredGame& g) {
  return Json{
      {"id", g.id},
      {"variant", g.variant},
      {"ply", g.ply_count},
      {"moves", full_moves(g.start_fen, g.ply_count)},
      {"players",
       {{"blue", Json::parse(g.blue, nullptr, false)},
        {"red", Json::parse(g.red, nullptr, false)}}},
      // The players are seats and the result names a colour: in Flip
      // Jungle the first flip may give the first seat Red.
      {"first_player_colour", g.first_seat_colour},
      {"result", api_result(g.result, g.termination)},
      {"status", g.result == "*" ? "ongoing" : "over"},
      {"termination", g.termination.empty() ? Json(nullptr) : Json(g.termination)},
      {"created_ms", g.created_ms},
      {"updated_ms", g.updated_ms},
  };
}

}  // namespace jungle::web
