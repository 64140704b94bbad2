#include "web/games/game_session_base.h"

#include <cctype>
#include <chrono>
#include <ctime>
#include <sstream>

#include "core/aborted_game.h"
#include "game/observation_json.h"
#include "game/truth_observation.h"
#include "search/strength_levels.h"

namespace jungle::web {

namespace {
constexpr int64_t kMinMovetimeMs = 50;
// The declared ending as the database and the API name it: a result a
// record gives without a reason is "recorded".
constexpr std::string_view kRecordedTermination = "recorded";
}  // namespace

std::string name_from_tag(const std::string& tag) {
  return tag == "?" || tag == "Human" ? "" : tag.substr(0, kMaxNameLength);
}

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string side_json_name(Side s) {
  return s == kBlue ? "blue" : "red";
}

Json PlayerConfig::to_json() const {
  Json j = is_engine() ? Json{{"type", "engine"}, {"skill", skill}, {"movetime_ms", movetime_ms}}
                       : Json{{"type", "human"}};
  if (!name.empty()) j["name"] = name;
  return j;
}

PlayerConfig PlayerConfig::from_json(const Json& j, const std::string& field,
                                     int64_t max_movetime_ms) {
  PlayerConfig p;
  if (j.is_null()) return p;
  if (!j.is_object()) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'" + field + "' must be an object like {\"type\": \"engine\", \"skill\": 10}");
  }
  const std::string type = string_field(j, "type", "human");
  p.name = string_field(j, "name", "");
  if (p.name.size() > kMaxNameLength) {
    throw GameError(
        ErrorKind::kBadRequest, "bad_field",
        "'" + field + ".name' may have at most " + std::to_string(kMaxNameLength) + " characters");
  }
  if (type == "human") return p;
  if (type != "engine") {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'" + field + ".type' must be \"human\" or \"engine\", not \"" + type + "\"");
  }
  p.kind = Kind::kEngine;
  try {
    p.skill = int(int_field(j, "skill", 20, 0, 20));
    p.movetime_ms = int_field(j, "movetime_ms", 1000, kMinMovetimeMs, max_movetime_ms);
  } catch (const GameError& e) {
    // "'skill' must be ..." becomes "'red.skill' must be ...".
    std::string message = e.what();
    message.insert(message.rfind('\'', 0) == 0 ? 1 : 0, field + ".");
    throw GameError(e.kind(), e.code(), message);
  }
  return p;
}

GameSessionBase::GameSessionBase(int64_t id, std::unique_ptr<game::State> state,
                                 std::array<PlayerConfig, kSides> players,
                                 std::array<bool, kSides> ready)
    : state_(std::move(state)), players_(players), id_(id) {
  created_ms = updated_ms = now_ms();
  hold_setup(ready);
  // A place for a review's finding of each ply already played (a record's).
  follow_plies();
}

void GameSessionBase::follow_plies() {
  action_review_.resize(size_t(ply()));
  position_review_.resize(size_t(ply()));
}

void GameSessionBase::require_ongoing_game() const {
  if (over()) {
    throw GameError(ErrorKind::kRefused, "game_over", "the game is over: " + result_message());
  }
}

int GameSessionBase::ply() const {
  if (family().capabilities().hidden_information) return int(state_->actions().size());
  return state_->plies();
}

void GameSessionBase::play_text(std::string_view text) {
  require_ongoing_game();
  if (!set_up()) throw still_setting_up();
  if (ply() >= max_plies_) {
    throw GameError(ErrorKind::kRefused, "game_too_long",
                    "a game may have at most " + std::to_string(max_plies_) + " moves");
  }
  play_action(text);
  follow_plies();
}

int GameSessionBase::seat_to_move() const {
  const game::Actor actor = state_->actor();
  if (actor.is_side()) return seat_of_side(actor.side);
  // Over: the side whose turn the board shows, read from everyone's
  // position without the result declared on it (a resignation, a flag, an
  // agreement end a game on the board's turn, whoever moved last: a game
  // from a position with Red to move, resigned at once, is Red's turn).
  // Where the board itself ended it, the seat after the last mover's.
  const game::Observation board =
      family().read_observation(variant(), state_->observe(std::nullopt).position);
  if (board.to_move) return seat_of_side(*board.to_move);
  const std::vector<game::SeenPly>& plies = seen_plies(std::nullopt);
  return plies.empty() ? 0 : 1 - plies.back().seat;
}

Side GameSessionBase::side_of_seat(int seat) const {
  const Side first = state_->first_player().value_or(kBlue);
  return seat == 0 ? first : opponent(first);
}

int GameSessionBase::seat_of_side(Side side) const {
  const std::optional<Side> first = state_->first_player();
  return first && side != *first ? 1 : 0;
}

std::string GameSessionBase::termination() const {
  std::string termination = state_->termination();
  // Every ending the board makes has its rule's name: an ending without a
  // name was declared without a reason (a record's Result the board does
  // not show), which the database and the API name "recorded".
  if (termination.empty() && over()) return std::string(kRecordedTermination);
  return termination;
}

void GameSessionBase::declare(int winner, const std::string& termination) {
  require_ongoing_game();
  if (winner >= 0 && !colours_known()) {
    throw GameError(ErrorKind::kRefused, "no_colours",
                    "nobody has a colour yet: the first flip decides them");
  }
  try {
    state_->declare(winner < 0 ? GameResult::kDraw : win_for_side(side_of_seat(winner)),
                    termination);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "bad_declaration", e.what());
  }
  changed();
}

void GameSessionBase::undo(int plies) {
  if (!takes_back()) throw no_takeback();
  for (int i = 0; i < plies && ply() > 0; ++i) {
    // A declared result goes with the first ply; chance's outcome with the
    // side's action that called for it.
    const int before = ply();
    while (ply() == before && state_->undo()) {
    }
    while (state_->actor().is_chance() && state_->undo()) {
    }
  }
  follow_plies();
  changed();
}

GameError GameSessionBase::no_takeback() const {
  if (family().capabilities().hidden_information) {
    return GameError(ErrorKind::kRefused, "no_takeback",
                     "moves of a game with hidden pieces cannot be taken back: a take-back would "
                     "let a player try an attack, see the animals it shows, and take it back");
  }
  return GameError(ErrorKind::kRefused, "no_takeback",
                   "moves of a " + std::string(family().title()) + " game cannot be taken back");
}

GameError GameSessionBase::not_a_move(std::string_view text) {
  // Appended, not added up: GCC 12 warns falsely (-Wrestrict) of the sum.
  std::string message = "\"";
  message.append(text);
  message.append("\" is not a move: write the from-square then the to-square, like a3a4");
  return GameError(ErrorKind::kBadRequest, "bad_move", message);
}

void GameSessionBase::set_players(std::array<PlayerConfig, kSides> players) {
  players_ = players;
  changed();
}

void GameSessionBase::changed() {
  ++changes_;
  updated_ms = now_ms();
}

namespace {

// What plays a seat, as a record names it when the player gave no name.
std::string player_description(const PlayerConfig& p) {
  if (!p.is_engine()) return "Human";
  std::ostringstream out;
  out << "jungle engine, " << strength_name(p.skill) << ", " << double(p.movetime_ms) / 1000.0
      << " s/move";
  return out.str();
}

}  // namespace

std::array<PlayerConfig, kSides> GameSessionBase::players_from_stored(const StoredGame& row,
                                                                      int64_t max_movetime_ms) {
  std::array<PlayerConfig, kSides> players;
  for (Side s : {kBlue, kRed}) {
    const Json j = Json::parse(s == kBlue ? row.blue : row.red, nullptr, false);
    try {
      players[s] = PlayerConfig::from_json(j.is_discarded() ? Json() : j, side_json_name(s),
                                           max_movetime_ms);
    } catch (const GameError&) {
      // Settings are not worth refusing the game for.
    }
  }
  return players;
}

bool GameSessionBase::declare_stored_result(game::State& state, const StoredGame& row) {
  const std::optional<GameResult> declared = declared_result(row.result, row.declared);
  if (row.declared.empty() || state.over() || !declared || *declared == GameResult::kOngoing) {
    return false;
  }
  try {
    state.declare(*declared, is_declared_termination(row.declared) ? row.declared : "");
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kServerFault, "damaged_game",
                    "stored game " + std::to_string(row.id) + " does not replay: " + e.what());
  }
  return true;
}

StoredGame GameSessionBase::to_stored() const {
  StoredGame s;
  s.variant = variant();
  if (reviews_each_action()) s.evaluations = action_review_.stored_json();
  if (reviews_positions()) s.evaluations = position_review_.stored_json();
  add_stored_play(s);
  s.ply_count = ply();
  s.blue = players_[kBlue].to_json().dump();
  s.red = players_[kRed].to_json().dump();
  s.result = api_result(std::string(result_tag(result())), termination());
  s.termination = termination();
  return s;
}

game::Tags GameSessionBase::record_tags() const {
  const std::time_t t = std::time_t(created_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char date[16];
  std::strftime(date, sizeof date, "%Y.%m.%d", &tm);
  game::Tags tags{{"Event", std::string(family().title()) + " game #" + std::to_string(id())},
                  {"Date", date}};
  // The first seat plays Blue unless the game gave it Red (a first flip).
  const bool swapped = colours_known() && side_of_seat(0) != kBlue;
  for (Side s : {kBlue, kRed}) {
    const PlayerConfig& p = players_[swapped ? size_t(opponent(s)) : size_t(s)];
    tags.emplace_back(s == kBlue ? "Blue" : "Red", p.name.empty() ? player_description(p) : p.name);
  }
  if (clock.timed()) tags.emplace_back("TimeControl", clock.control().tag());
  // The service names ratings by seat (seat 0's BlueElo): by colour here.
  for (auto [name, value] : extra_tags) {
    if (swapped && name == "BlueElo") {
      name = "RedElo";
    } else if (swapped && name == "RedElo") {
      name = "BlueElo";
    }
    tags.emplace_back(name, value);
  }
  return tags;
}

std::string GameSessionBase::record_text() const {
  return state_->record(record_tags(), record_comments());
}

std::string GameSessionBase::record_filename() const {
  return record_file_stem() + ".jgn";
}

std::string GameSessionBase::record_file_stem() const {
  // "Flip Jungle" gives "flip-jungle-game-7".
  std::string stem;
  for (const char c : family().title()) {
    stem += c == ' ' ? '-' : char(std::tolower(static_cast<unsigned char>(c)));
  }
  return stem + "-game-" + std::to_string(id());
}

std::pair<std::string, std::string> GameSessionBase::record_for(int seats) const {
  if (over() || !family().capabilities().hidden_information) {
    return {record_text(), record_filename()};
  }
  // While the game goes on, a record holds what its reader was shown.
  const game::Viewer viewer = viewer_for(seats);
  return {state_->record_seen_by(viewer, record_tags()),
          record_file_stem() + "-" + game::viewer_name(viewer) + "-view.jgn"};
}

StoredGame GameSessionBase::stored_row() const {
  StoredGame row = to_stored();
  row.id = id_;
  row.revision = revision_;
  row.created_ms = created_ms;
  row.updated_ms = updated_ms;
  row.last_event = last_event_;
  row.code = code;
  row.seats = seats.unclaimed ? "" : seats.to_stored();
  row.clock = clock.to_stored();
  row.offers = offers.to_stored();
  if (seats.listed && !over()) {
    row.listing = seats.open_seat(human_seats()) >= 0 ? "open" : "playing";
  }
  return row;
}

void GameSessionBase::load_table(const StoredGame& row) {
  set_revision(row.revision);
  last_event_ = row.last_event;
  created_ms = row.created_ms;
  updated_ms = row.updated_ms;
  code = row.code;
  seats = SeatTable::from_stored(row.seats);
  clock = GameClock::from_stored(row.clock);
  offers = Offers::from_stored(row.offers);
}

int64_t GameSessionBase::emit(const std::string& type, Json data, int64_t now) {
  data["type"] = type;
  StoredEvent e{id_, ++last_event_, now, type, data.dump()};
  pending_.push_back(std::move(e));
  return last_event_;
}

void GameSessionBase::saved(int64_t revision) {
  set_revision(revision);
  for (StoredEvent& e : pending_) {
    e.game_id = id_;
    recent_.push_back(std::move(e));
    if (recent_.size() > kRecentEvents) recent_.pop_front();
  }
  pending_.clear();
}

std::vector<StoredEvent> GameSessionBase::recent_events_after(int64_t seq, bool* complete) const {
  std::vector<StoredEvent> out;
  const int64_t saved_last = last_event_ - int64_t(pending_.size());
  *complete = seq >= saved_last || (!recent_.empty() && recent_.front().seq <= seq + 1);
  if (!*complete) return out;
  for (const StoredEvent& e : recent_) {
    if (e.seq > seq && e.seq <= saved_last) out.push_back(e);
  }
  return out;
}

const std::vector<game::SeenPly>& GameSessionBase::seen_plies(game::Viewer viewer) const {
  const bool shared = !family().capabilities().hidden_information;
  std::optional<SeenPliesRead>& slot =
      seen_reads_[shared || !viewer ? size_t(kSides) : size_t(*viewer)];
  const size_t actions = state_->actions().size();
  if (slot && slot->changes == changes_ && slot->actions == actions) return slot->plies;
  slot = SeenPliesRead{changes_, actions, family().seen_plies(state_->observe(viewer))};
  ++seen_plies_reads_;
  return slot->plies;
}

Json GameSessionBase::moves_json(game::Viewer viewer) const {
  Json moves = Json::array();
  for (const game::SeenPly& p : seen_plies(viewer)) {
    moves.push_back(game::seen_ply_json(p, int(moves.size()) + 1));
  }
  return moves;
}

Json GameSessionBase::move_json(int ply) const {
  if (!over()) return game::seen_ply_json(seen_plies(std::nullopt).at(size_t(ply - 1)), ply);
  // Once the game is over its Observation holds the truth, which the plies
  // read from it then tell (Family::seen_plies); the event tells the move as
  // it was shown when it was played, read from the position everyone was
  // told (Observation::position), which holds no more.
  const game::Observation told =
      family().read_observation(variant(), state_->observe(std::nullopt).position);
  return game::seen_ply_json(family().seen_plies(told).at(size_t(ply - 1)), ply);
}

int GameSessionBase::mover_seat(int ply) const {
  return seen_plies(std::nullopt).at(size_t(ply - 1)).seat;
}

int GameSessionBase::plies_back_to_human() const {
  const std::array<bool, 2> human = human_seats();
  if (!human[0] && !human[1]) return ply() == 0 ? 0 : 1;
  const std::vector<game::SeenPly>& plies = seen_plies(std::nullopt);
  for (int p = int(plies.size()); p >= 1; --p) {
    if (human[size_t(plies[size_t(p - 1)].seat)]) return int(plies.size()) - p + 1;
  }
  return 0;
}

game::Viewer viewer_of_seats(int seats, const std::array<bool, 2>& human_seats) {
  // Only a seat a person plays shows its animals: holding the engine's seat
  // (every local game's creator does) shows nothing of the engine's.
  const int people = seats & ((human_seats[0] ? 1 : 0) | (human_seats[1] ? 2 : 0));
  if (people == 1) return kBlue;
  if (people == 2) return kRed;
  return std::nullopt;
}

GameError still_setting_up() {
  return GameError(ErrorKind::kConflict, "setting_up",
                   "the players are still arranging their animals; the first move waits until "
                   "both are ready");
}

game::Observation GameSessionBase::engine_observation() const {
  if (!set_up()) throw still_setting_up();
  const game::Actor actor = state_->actor();
  return state_->observe(actor.is_side() ? game::Viewer(actor.side) : game::Viewer());
}

game::Observation GameSessionBase::help_position(int ply, int seats) const {
  const bool hidden = family().capabilities().hidden_information;
  if (hidden && !over()) {
    if (!set_up()) throw still_setting_up();
    const game::Viewer viewer = viewer_for(seats);
    if (!viewer || state_->actor() != game::Actor::of(*viewer)) {
      throw GameError(ErrorKind::kRefused, "not_your_turn",
                      "a hint is for the player to move, from that player's own view");
    }
    return state_->observe(viewer);
  }
  const std::unique_ptr<game::State> at = state_at(ply);
  require_ongoing(*at);
  // Once a game of hidden animals is over its truth is public: the whole
  // board, as the open game's engine searches it.
  if (hidden) return game::truth_observation(*at);
  return at->observe(at->actor().side);
}

std::unique_ptr<game::State> GameSessionBase::state_at(int ply) const {
  if (ply < 0 || ply > this->ply()) {
    throw GameError(ErrorKind::kBadRequest, "bad_param",
                    "ply must be between 0 and " + std::to_string(this->ply()) + ", not " +
                        std::to_string(ply));
  }
  std::unique_ptr<game::State> at = game::start_of(*state_);
  for (const std::string& action : state_->actions()) {
    // A ply ends with chance's outcome after it (a flip with what it revealed).
    if (at->plies() == ply && !at->actor().is_chance()) break;
    at->apply(action);
  }
  return at;
}

void GameSessionBase::require_help(Help help) const {
  const game::Capabilities can = family().capabilities();
  // Where players know different things, the whole board is public only
  // once the game is over.
  const bool all_shown = !can.hidden_information || over();
  const bool given =
      help == Help::kHint || (all_shown && (help == Help::kAnalysis ? can.analysis : can.review));
  if (given) return;
  throw GameError(ErrorKind::kRefused, "hidden_pieces",
                  std::string(help_name(help)) +
                      " would see the hidden animals; a hidden-pieces game has hints thought out "
                      "from your own view, and its truth once it is over");
}

void require_record_game(int index, size_t games) {
  if (index >= 1 && size_t(index) <= games) return;
  throw GameError(ErrorKind::kRefused, "no_such_record_game",
                  "the record text holds " + std::to_string(games) + " game" +
                      (games == 1 ? "" : "s") + ", so there is no game " + std::to_string(index));
}

Json GameSessionBase::to_json_for(int seats) const {
  const game::Viewer viewer = viewer_for(seats);
  Json state{{"id", id()}, {"variant", variant()}, {"ply", ply()}, {"moves", moves_json(viewer)}};
  const game::Observation seen = observation_for(seats);
  state["viewer"] = viewer ? Json(side_json_name(*viewer)) : Json(nullptr);
  add_seen_state(state, seen);
  add_board_state(state, seen);
  add_shared_state(state);
  return state;
}

game::Observation GameSessionBase::observation_for(int seats) const {
  if (family().capabilities().hidden_information) return state_->observe(viewer_for(seats));
  // Nothing is private: every reader sees the same board, and one holding
  // the seat to move (a hot-seat page holds both) reads as that side, with
  // its legal moves; any other reads as a spectator, with none.
  const game::Actor actor = state_->actor();
  const bool holds_turn = actor.is_side() && (seats & (1 << seat_of_side(actor.side))) != 0;
  return state_->observe(holds_turn ? game::Viewer(actor.side) : std::nullopt);
}

void GameSessionBase::add_seen_state(Json& state, const game::Observation& seen) const {
  state["start_fen"] = seen.start_fen;
  state["fen"] = seen.fen;
  // The colour whose turn the board shows (once it is over, the one that
  // would be next); none before a colour is known (a first-flip game
  // before its first flip).
  const int seat = seat_to_move();
  state["side_to_move"] =
      colours_known() ? Json(side_json_name(side_of_seat(seat))) : Json(nullptr);
  // Where chance may give the first player either colour, the page names
  // the seats apart from the colours.
  if (family().capabilities().chance) {
    state["seat_to_move"] = side_json_name(Side(seat));
    state["first_player_colour"] =
        colours_known() ? Json(side_json_name(side_of_seat(0))) : Json(nullptr);
  }
  // What the reader may play now: nothing unless it is to move (a
  // spectator, or a seat waiting for its turn, gets none), and nothing
  // while a set-up is being arranged.
  state["legal_moves"] = set_up() ? seen.legal_actions : std::vector<std::string>{};
}

void GameSessionBase::add_shared_state(Json& state) const {
  const GameResult r = result();
  const std::string term = termination();
  state["revision"] = revision();
  state["players"] = {{"blue", players_[kBlue].to_json()}, {"red", players_[kRed].to_json()}};
  state["status"] = r == GameResult::kOngoing ? "ongoing" : "over";
  state["result"] = api_result(std::string(result_tag(r)), term);
  state["winner"] = r == GameResult::kBlueWins  ? Json("blue")
                    : r == GameResult::kRedWins ? Json("red")
                                                : Json(nullptr);
  state["termination"] = term.empty() ? Json(nullptr) : Json(term);
  state["message"] = result_message();
  state["engine_thinking"] = engine_ticket != nullptr;
  state["created_ms"] = created_ms;
  state["updated_ms"] = updated_ms;
  // The page switches its views and controls on what the game can do, never
  // on which family it is (docs/api.md, "Game state").
  state["family"] = std::string(family().name());
  state["capabilities"] = capabilities_json(family().capabilities(), takes_back());
}

std::string api_result(const std::string& result_tag, const std::string& termination) {
  return termination == kAbortedTermination ? std::string(kAbortedResult) : result_tag;
}

Json capabilities_json(const game::Capabilities& can, bool takes_back) {
  return Json{{"undo", can.undo && takes_back},
              {"chance", can.chance},
              {"hidden_information", can.hidden_information},
              {"setup", can.setup},
              {"analysis", can.analysis},
              {"review", can.review},
              {"premoves", can.premoves},
              {"tablebases", can.tablebases},
              {"editor", can.editor}};
}

}  // namespace jungle::web
