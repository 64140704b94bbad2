// Flip Jungle behind the game interface: a State over flip::FlipPosition in
// which turning a tile over is two actions, the side's ("b2?") and then
// chance's ("b2?=L", each animal in the pool with its share), as OpenSpiel
// plays banqi.

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "core/secure_random.h"
#include "flip/flip_match.h"
#include "flip/flip_perft.h"
#include "flip/flip_position.h"
#include "flip/flip_record.h"
#include "flip/flip_rules.h"
#include "flip/flip_search.h"
#include "game/builtin_engines.h"
#include "game/engine.h"
#include "game/families.h"
#include "game/family_texts.h"
#include "game/flip_baselines.h"
#include "game/flip_endgame_tables.h"
#include "game/flip_engine.h"
#include "game/flip_observation.h"
#include "game/record_tags.h"
#include "notation/flip_dialect.h"

namespace jungle::game {

namespace {

using flip::Action;
using flip::FlipEnd;
using flip::FlipPosition;
using flip::Ply;

class FlipState final : public State {
 public:
  FlipState(FlipPosition pos, std::string variant)
      : pos_(std::move(pos)),
        variant_(std::move(variant)),
        start_colours_known_(
            flip::FlipPosition(pos_.rules_ptr(), pos_.initial_fen()).colours_known()) {
    for (const Ply& p : pos_.history()) {
      if (p.action.is_flip()) actions_.push_back(flip::action_text(p.action));
      actions_.push_back(flip::ply_text(p));
    }
  }

  const Family& family() const override { return flip_family(); }
  const std::string& variant() const override { return variant_; }
  const FlipPosition& position() const { return pos_; }

  Actor actor() const override {
    if (over()) return Actor::nobody();
    if (pending_) return Actor::chance();
    return Actor::of(pos_.side_to_move());
  }

  std::vector<std::string> legal_actions() const override {
    std::vector<std::string> out;
    if (over()) return out;
    if (pending_) {
      for (const ChanceOutcome& o : chance_outcomes()) out.push_back(o.action);
      return out;
    }
    for (Action a : pos_.legal_actions()) out.push_back(flip::action_text(a));
    return out;
  }

  std::vector<ChanceOutcome> chance_outcomes() const override {
    std::vector<ChanceOutcome> out;
    if (!pending_ || over()) return out;
    const Action flip = Action::flip(*pending_);
    if (deal_) {
      const Piece dealt = (*deal_)[*pending_];
      if (dealt != kNoPiece && pos_.pool_count(dealt) > 0) {
        out.push_back({flip::ply_text(Ply{flip, dealt}), 1.0});
        return out;
      }
    }
    const flip::Outcomes o = pos_.outcomes();
    for (int i = 0; i < o.size; ++i) {
      out.push_back({flip::ply_text(Ply{flip, o.piece[size_t(i)]}),
                     double(o.count[size_t(i)]) / double(o.total)});
    }
    return out;
  }

  std::string apply(std::string_view text) override {
    if (over()) throw ActionError("the game is over: " + result_message());
    if (pending_) return apply_outcome(text);
    Action a;
    if (text.find('=') != std::string_view::npos) {
      throw ActionError("'" + std::string(text) +
                        "' names what a flip reveals, which is chance's to decide: flip with '" +
                        std::string(text.substr(0, text.find('='))) + "'");
    }
    if (!pos_.parse_action(text, a) || !pos_.is_legal(a)) {
      throw ActionError("'" + std::string(text) +
                        "' is not an action here: flip a face-down tile (\"b2?\") or move a "
                        "face-up piece of yours one step (\"a1a2\")");
    }
    if (a.is_flip()) {
      pending_ = a.from;
    } else {
      pos_.play(Ply{a, kNoPiece});
    }
    actions_.push_back(flip::action_text(a));
    return actions_.back();
  }

  bool apply_event(std::string_view event) override {
    if (over()) return false;
    if (pending_) {
      if (!outcome_allowed(event)) return false;
      apply_outcome(event);
      return true;
    }
    Ply p;
    if (!pos_.parse_ply(event, p)) {
      // The side's flip alone ("b2?"): chance acts next.
      Action a;
      if (!pos_.parse_action(event, a) || !a.is_flip() || flip::action_text(a) != event)
        return false;
      apply(event);
      return true;
    }
    if (flip::ply_text(p) != event) return false;
    if (!p.action.is_flip()) {
      apply(event);
      return true;
    }
    // The flip and chance's outcome: the outcome must be one chance may
    // draw under that tile (the pool's, or the deal's) before either is played.
    pending_ = p.action.from;
    if (!outcome_allowed(event)) {
      pending_.reset();
      return false;
    }
    actions_.push_back(flip::action_text(p.action));
    apply_outcome(event);
    return true;
  }

  bool undo() override {
    if (pending_) {
      pending_.reset();
    } else {
      if (pos_.history().empty()) return false;
      const Ply last = pos_.history().back();
      pos_.undo();
      // A flip's reveal taken back leaves the side's flip, chance to act.
      if (last.action.is_flip()) pending_ = last.action.from;
    }
    actions_.pop_back();
    declared_.reset();
    return true;
  }

  const std::vector<std::string>& actions() const override { return actions_; }
  int plies() const override { return int(pos_.history().size()); }
  // Blue, unless the first flip gave the colours: then the colour it revealed.
  std::optional<Side> first_player() const override {
    if (!pos_.colours_known()) return std::nullopt;
    if (start_colours_known_ || pos_.history().empty()) return kBlue;
    return side_of(pos_.history().front().revealed);
  }

  GameResult result() const override {
    GameResult r = GameResult::kOngoing;
    if (pos_.end(&r) != FlipEnd::kNone) return r;
    return declared_ ? declared_->result : GameResult::kOngoing;
  }
  std::string termination() const override {
    const FlipEnd end = pos_.end();
    if (end != FlipEnd::kNone) return std::string(flip::flip_end_tag(end));
    return declared_ ? declared_->termination : "";
  }
  std::string result_message() const override {
    GameResult r = GameResult::kOngoing;
    const FlipEnd end = pos_.end(&r);
    if (end != FlipEnd::kNone) return flip::flip_end_message(end, r);
    return declared_ ? declared_message(*declared_) : "";
  }
  void declare(GameResult result, std::string termination) override {
    if (result != GameResult::kDraw && result != GameResult::kOngoing && !pos_.colours_known()) {
      throw std::invalid_argument("nobody has a colour yet: the first flip decides them");
    }
    declared_ = checked_declaration(over(), result, std::move(termination));
  }

  std::string fen() const override { return pos_.fen(); }
  std::string diagram() const override { return flip::diagram(pos_); }
  // As flip records number plies: from the game's start, whoever moved first.
  std::string ply_number() const override {
    const size_t i = pos_.history().size();
    return std::to_string(i / 2 + 1) + (i % 2 == 0 ? "." : "...");
  }

  Observation observe(Viewer viewer) const override {
    Observation o;
    o.family = std::string(flip_family().name());
    o.variant = variant_;
    o.viewer = viewer;
    o.position = position_text();
    o.diagram = flip::diagram(pos_);
    o.start_fen = pos_.initial_fen();
    o.fen = pos_.fen();
    if (!over() && !pending_) o.to_move = pos_.side_to_move();
    if (viewer && o.to_move == viewer) o.legal_actions = legal_actions();
    o.plies = plies();
    o.result = result();
    o.result_message = result_message();
    return o;
  }

  std::string record(const Tags& tags, const std::vector<std::string>& comments) const override {
    return flip::write_flip_record(pos_, tags, comments, declared_);
  }
  // Nothing is private in Flip Jungle: what lies face down nobody knows,
  // and the record holds only what was revealed.
  std::string record_seen_by(Viewer, const Tags& tags) const override { return record(tags, {}); }

  void deal(RandomBits chance) override { deal_ = flip::deal_tiles(pos_, chance); }
  std::unique_ptr<State> clone() const override { return std::make_unique<FlipState>(*this); }

  void adopt_declared(std::optional<DeclaredResult> d) {
    if (pos_.end() == FlipEnd::kNone) declared_ = std::move(d);
  }

 private:
  std::string apply_outcome(std::string_view text) {
    Ply p;
    if (!pos_.parse_ply(text, p) || !p.action.is_flip() || p.action.from != *pending_) {
      throw ActionError("'" + std::string(text) + "' is not an outcome of the flip " +
                        flip::action_text(Action::flip(*pending_)) +
                        ": write it with an animal still face down (\"" +
                        flip::action_text(Action::flip(*pending_)) + "=L\")");
    }
    const std::string written = flip::ply_text(p);
    if (!outcome_allowed(written)) {
      throw ActionError("'" + written + "' is not what this game's deal holds under " +
                        flip::action_text(Action::flip(*pending_)));
    }
    pos_.play(p);
    pending_.reset();
    actions_.push_back(written);
    return written;
  }

  // Whether `written` ("b2?=L") is one of chance's outcomes now.
  bool outcome_allowed(std::string_view written) const {
    const std::vector<ChanceOutcome> outcomes = chance_outcomes();
    return std::any_of(outcomes.begin(), outcomes.end(),
                       [&](const ChanceOutcome& o) { return o.action == written; });
  }

  // "startpos moves ..." from the set's start, else "fen F moves ...": every
  // flip with what it revealed.
  std::string position_text() const {
    std::string text = pos_.initial_fen() == FlipPosition::start_fen(pos_.rules())
                           ? std::string("startpos")
                           : "fen " + pos_.initial_fen();
    if (!pos_.history().empty()) text += " moves";
    for (const Ply& p : pos_.history()) text += " " + flip::ply_text(p);
    return text;
  }

  FlipPosition pos_;
  std::string variant_;
  // Whether the start gave the colours (else the first flip gives them).
  bool start_colours_known_ = true;
  std::optional<Square> pending_;  // a flip chosen whose outcome chance has yet to draw
  std::optional<flip::FlipDeal> deal_;
  std::optional<DeclaredResult> declared_;
  std::vector<std::string> actions_;
};

flip::FlipRulesPtr load_rules(std::string_view variant) {
  // A shipped set is read once (the web app reads a game's plies from its
  // observation at every answer); a file every time, as it may change.
  static std::mutex mutex;
  static std::map<std::string, flip::FlipRulesPtr, std::less<>> shipped;
  const std::vector<std::string> names = flip::builtin_flip_names();
  const bool is_shipped = std::find(names.begin(), names.end(), variant) != names.end();
  if (is_shipped) {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = shipped.find(variant); it != shipped.end()) return it->second;
  }
  flip::FlipRulesPtr rules;
  try {
    rules = flip::load_flip_rules(variant);
  } catch (const std::exception& e) {
    throw std::invalid_argument(e.what());
  }
  if (!is_shipped) return rules;
  const std::lock_guard<std::mutex> lock(mutex);
  return shipped.emplace(std::string(variant), std::move(rules)).first->second;
}

class FlipFamily final : public Family {
 public:
  std::string_view name() const override { return "flip"; }
  std::string_view title() const override { return "Flip Jungle"; }
  Capabilities capabilities() const override {
    Capabilities c;
    // A premove is the player's own action, queued during the other's turn
    // and sent when its turn comes; where the flip before it changed the
    // board, the server refuses it and says why.
    c.chance = c.analysis = c.review = c.premoves = true;
    // Endings with every tile face up and few animals have exact values.
    c.tablebases = true;
    // Any position, tiles face up or face down and the pool, can be set up
    // by hand: nothing in it is private (the web editor, docs/api.md).
    c.editor = true;
    return c;
  }
  std::unique_ptr<EndgameTables> endgame_tables(const EndgameTableSource&) const override {
    return flip_endgame_tables(load_rules);
  }
  // By the curve the search's expected scores are shown by.
  std::optional<double> expected_of_stored_points(double points) const override {
    return flip::expected_of_points(points);
  }
  bool owns_variant(std::string_view name_or_path) const override {
    return flip::is_flip_variant(name_or_path);
  }
  std::vector<std::string> variants() const override { return flip::builtin_flip_names(); }

  std::string variant_description(std::string_view name) const override {
    return load_rules(name)->description;
  }
  // A flip set (`kind: "flip"`) in the fields a 7x9 set is described by,
  // so that a front end draws every set alike: its start and board from a
  // new game's observation, no water, traps or dens; each animal's rank
  // (every tile's face is one of them), and the colours and quiet limit.
  nlohmann::json describe_variant(std::string_view name) const override {
    using Json = nlohmann::json;
    const flip::FlipRulesPtr rules = load_rules(name);
    SecureRandom chance;  // nothing is drawn at a flip game's start
    const Observation start = new_state(name, "", chance)->observe(std::nullopt);
    const std::optional<ObservedBoard> board = observed_board(start);
    Json ranks = Json::object();
    for (int a = 0; a < kAnimals; ++a) ranks[std::string(1, animal_letter(Animal(a)))] = a + 1;
    return Json{
        {"name", std::string(name)},
        {"kind", "flip"},
        {"description", rules->description},
        {"start_fen", start.start_fen},
        {"ranks", ranks},
        {"board", {{"files", board ? board->files : 0}, {"ranks", board ? board->ranks : 0}}},
        {"water", Json::array()},
        {"traps", {{"blue", Json::array()}, {"red", Json::array()}}},
        {"dens", {{"blue", nullptr}, {"red", nullptr}}},
        {"traps_weaken", "opponent"},
        {"summary", Json::array({rules->description})},
        {"hidden_pieces", false},
        {"colours", rules->colours == flip::Colours::kFixed ? "fixed" : "first flip"},
        {"quiet_limit", rules->quiet_limit},
    };
  }
  // Flip Jungle's loader stops at a file's first problem.
  std::vector<std::string> check_variant_file(std::string_view path) const override {
    try {
      (void)flip::load_flip_rules(path);
    } catch (const std::exception& e) {
      return {e.what()};
    }
    return {};
  }

  std::unique_ptr<State> new_state(std::string_view variant, std::string_view start,
                                   RandomBits) const override {
    flip::FlipRulesPtr rules = load_rules(variant);
    try {
      FlipPosition pos = start.empty() ? FlipPosition(rules) : FlipPosition(rules, start);
      return std::make_unique<FlipState>(std::move(pos), std::string(variant));
    } catch (const flip::FlipFenError& e) {
      throw std::invalid_argument(e.what());
    }
  }

  Observation read_observation(std::string_view variant, std::string_view position) const override {
    const FlipState state(flip_position_of(load_rules(variant), position), std::string(variant));
    return state.observe(state.position().side_to_move());
  }

  std::vector<SeenPly> seen_plies(const Observation& o) const override {
    return flip_seen_plies(load_rules(o.variant), o.position);
  }

  // Nothing of Flip Jungle is private: the FEN holds the tiles, face up or
  // down, and the pool is what the face-down tiles can still be (read from
  // the FEN, no replay of the plies).
  std::optional<ObservedBoard> observed_board(const Observation& o) const override {
    FlipPosition pos = [&] {
      try {
        return FlipPosition(load_rules(o.variant), o.fen);
      } catch (const flip::FlipFenError& e) {
        throw std::invalid_argument(e.what());
      }
    }();
    ObservedBoard b;
    b.files = flip::kFlipGeometry.files();
    b.ranks = flip::kFlipGeometry.ranks();
    for (Square s = 0; s < flip::kFlipSquares; ++s) {
      const flip::Cell c = pos.cell(s);
      if (c == flip::kEmpty) continue;
      SeenPiece p;
      p.square = flip::kFlipGeometry.square_name(s);
      if (c != flip::kHidden) {
        p.side = side_of(Piece(c));
        p.animal = animal_of(Piece(c));
      }
      b.pieces.push_back(std::move(p));
    }
    b.pool.emplace();
    for (Side side : {kBlue, kRed}) {
      for (int a = 0; a < kAnimals; ++a) {
        (*b.pool)[side][size_t(a)] = pos.pool_count(make_piece(side, Animal(a)));
      }
    }
    b.face_down = pos.hidden_count();
    b.quiet_plies = pos.quiet_plies();
    return b;
  }

  // Each root ply is an action with what it reveals (a flip once for each
  // distinct animal in the pool), as `jungle perft --divide` counts them.
  std::vector<PerftLine> perft(const Observation& observation, int depth,
                               const std::atomic<bool>& stop) const override {
    flip::FlipPosition pos =
        flip_position_of(load_rules(observation.variant), observation.position);
    return divide(pos, depth, &stop);
  }

  std::vector<PerftLine> perft_from(std::string_view variant, std::string_view start,
                                    const std::vector<std::string>& actions,
                                    int depth) const override {
    const flip::FlipRulesPtr rules = load_rules(variant);
    std::optional<FlipPosition> pos;
    try {
      pos.emplace(start.empty() ? FlipPosition(rules) : FlipPosition(rules, start));
    } catch (const flip::FlipFenError& e) {
      throw std::invalid_argument(e.what());
    }
    for (size_t i = 0; i < actions.size(); ++i) {
      Ply ply;
      if (!pos->parse_ply(actions[i], ply)) {
        throw std::invalid_argument("move " + std::to_string(i + 1) + ": " + actions[i] +
                                    " is not legal here");
      }
      pos->play(ply);
    }
    return divide(*pos, depth, nullptr);
  }

  bool owns_record(std::string_view text, const RecordSource&) const override {
    return flip::is_flip_record(text);
  }
  std::vector<RecordedGame> read_records(std::string_view text,
                                         const RecordSource& source) const override {
    std::vector<RecordedGame> out;
    for (flip::FlipRecord& r : flip::read_flip_records(text, source.folder.has_value())) {
      RecordedGame g;
      g.tags = r.tags;
      g.keep_comments_and_side_lines(r.plies, flip::ply_text);
      auto state = std::make_unique<FlipState>(std::move(r.position), g.tag("Variant"));
      state->adopt_declared(recorded_declaration(g.tag("Result"), g.tag("Termination")));
      g.state = std::move(state);
      out.push_back(std::move(g));
    }
    return out;
  }
  std::vector<RecordError> check_records(std::string_view text, int* games,
                                         const RecordSource& source) const override {
    return flip::check_flip_records(text, games, source.folder.has_value());
  }

  std::vector<std::string> baseline_names() const override {
    std::vector<std::string> out;
    for (const FlipBaseline& b : flip_baselines()) out.emplace_back(b.name);
    return out;
  }
  const ObservationText& text() const override { return flip_text(); }

  // mistboard's Flip Jungle notation (notation/flip_dialect.h), on every
  // set: they all have its 4x4 board and its flips.
  bool speaks(notation::Dialect dialect, std::string_view /*variant*/) const override {
    return dialect == notation::Dialect::kJungle || dialect == notation::Dialect::kMistboard;
  }
  std::string fen_to_ours(notation::Dialect dialect, std::string_view fen) const override {
    if (dialect != notation::Dialect::kMistboard) return Family::fen_to_ours(dialect, fen);
    return notation::flip_fen_from_mistboard(fen);
  }
  std::string fen_to_theirs(notation::Dialect dialect, std::string_view fen) const override {
    if (dialect != notation::Dialect::kMistboard) return Family::fen_to_theirs(dialect, fen);
    return notation::flip_fen_to_mistboard(fen);
  }
  std::string action_to_ours(notation::Dialect dialect, std::string_view action) const override {
    if (dialect != notation::Dialect::kMistboard) return Family::action_to_ours(dialect, action);
    return notation::flip_action_from_mistboard(action);
  }
  std::string action_to_theirs(notation::Dialect dialect, std::string_view action) const override {
    if (dialect != notation::Dialect::kMistboard) return Family::action_to_theirs(dialect, action);
    return notation::flip_action_to_mistboard(action);
  }

  // mistboard's server sends its flip engine the FEN alone: no moves, no
  // repetitions (the engine's own comment, docs/dialects.md).
  std::string position_in(notation::Dialect dialect,
                          const Observation& observation) const override {
    if (dialect != notation::Dialect::kMistboard) return Family::position_in(dialect, observation);
    const flip::FlipPosition pos =
        flip_position_of(flip::load_flip_rules(observation.variant), observation.position);
    return "fen " + notation::flip_fen_to_mistboard(pos.fen());
  }

  std::unique_ptr<Engine> make_engine() const override { return make_flip_engine(); }

 private:
  // The leaves below each root ply (a flip once for each distinct animal in
  // the pool); none at depth 0 or once the game is over. Once `*stop` is
  // set, returns at once with counts of no meaning.
  static std::vector<PerftLine> divide(FlipPosition& pos, int depth,
                                       const std::atomic<bool>* stop) {
    std::vector<PerftLine> out;
    if (depth < 1 || pos.end() != FlipEnd::kNone) return out;
    const flip::Outcomes outcomes = pos.outcomes();
    for (Action a : pos.legal_actions()) {
      for (int i = 0; i < (a.is_flip() ? outcomes.size : 1); ++i) {
        if (stop && stop->load(std::memory_order_relaxed)) return out;
        const Ply ply{a, a.is_flip() ? outcomes.piece[size_t(i)] : kNoPiece};
        pos.play(ply);
        out.push_back({flip::ply_text(ply), flip::flip_perft(pos, depth - 1, stop)});
        pos.undo();
      }
    }
    return out;
  }

 protected:
  BuiltinEngine new_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                             const Limits& per_move) const override {
    return flip_baseline(variant, name, seed, per_move);
  }
};

}  // namespace

const Family& flip_family() {
  static const FlipFamily family;
  return family;
}

}  // namespace jungle::game
