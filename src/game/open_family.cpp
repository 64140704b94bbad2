// The open game (every 7x9 and 7x7 rule set without hidden pieces) behind
// the game interface: a State over core's Game.

#include <memory>
#include <stdexcept>
#include <string>

#include "core/dialect_move.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "flip/flip_rules.h"
#include "game/board_perft.h"
#include "game/builtin_engines.h"
#include "game/engine.h"
#include "game/families.h"
#include "game/family_texts.h"
#include "game/open_dialect_position.h"
#include "game/open_endgame_tables.h"
#include "game/open_engine.h"
#include "game/open_observation.h"
#include "game/record_tags.h"
#include "game/rules_of_family.h"
#include "game/variant_json.h"
#include "notation/convert.h"

namespace jungle::game {

namespace {

class OpenState final : public State {
 public:
  explicit OpenState(Game game) : game_(std::move(game)) {
    for (const RecordedMove& m : game_.moves()) actions_.push_back(move_text(m.move));
  }

  const Family& family() const override { return open_family(); }
  const std::string& variant() const override { return game_.variant(); }

  Actor actor() const override {
    if (game_.over()) return Actor::nobody();
    return Actor::of(game_.position().side_to_move());
  }

  std::vector<std::string> legal_actions() const override {
    std::vector<std::string> out;
    if (game_.over()) return out;
    for (Move m : generate_moves(game_.position())) out.push_back(move_text(m));
    return out;
  }

  std::vector<ChanceOutcome> chance_outcomes() const override { return {}; }

  std::string apply(std::string_view action) override {
    if (game_.over()) throw ActionError("the game is over: " + game_.result_message());
    std::string why;
    const std::optional<Move> m = parse_move(game_.position(), action, &why);
    if (!m) {
      const std::string message = "'" + std::string(action) + "' is not a move here: " + why;
      // A text written like no move is told apart from an illegal move, and
      // an illegal move's reason apart from the move, as every family's.
      const std::optional<Move> written =
          game_.start().rule_set().geometry().parse_move_text(trim(action));
      if (!written) throw ActionError::unwritten(message);
      throw ActionError(message, move_text(*written),
                        explain_illegal(game_.position(), written->from(), written->to()));
    }
    game_.play(*m);
    actions_.push_back(move_text(*m));
    return actions_.back();
  }

  // A move's event is the move as the game writes it.
  bool apply_event(std::string_view event) override {
    if (game_.over()) return false;
    const std::optional<Move> m = parse_move(game_.position(), event, nullptr);
    if (!m || move_text(*m) != event) return false;
    game_.play(*m);
    actions_.push_back(move_text(*m));
    return true;
  }

  bool undo() override {
    if (!game_.undo()) return false;
    actions_.pop_back();
    return true;
  }

  const std::vector<std::string>& actions() const override { return actions_; }
  int plies() const override { return game_.ply(); }

  GameResult result() const override { return game_.result(); }
  std::string termination() const override { return game_.termination(); }
  std::string result_message() const override { return game_.result_message(); }
  void declare(GameResult result, std::string termination) override {
    game_.declare(result, std::move(termination));
  }

  std::string fen() const override { return game_.position().fen(); }
  std::string diagram() const override { return game_.position().diagram(); }
  std::string ply_number() const override {
    const bool blue = game_.mover_of(game_.ply()) == kBlue;
    return std::to_string(game_.move_number_of(game_.ply())) + (blue ? "." : "...");
  }

  Observation observe(Viewer viewer) const override {
    Observation o;
    o.family = std::string(open_family().name());
    o.variant = game_.variant();
    o.viewer = viewer;
    o.position = position_text();
    o.diagram = game_.position().diagram();
    o.start_fen = game_.start().fen();
    o.fen = game_.position().fen();
    if (!game_.over()) o.to_move = game_.position().side_to_move();
    if (viewer && o.to_move == viewer) o.legal_actions = legal_actions();
    o.plies = game_.ply();
    o.result = game_.result();
    o.result_message = game_.result_message();
    return o;
  }

  std::string record(const Tags& tags, const std::vector<std::string>& comments) const override {
    GameRecord r = game_.to_record();
    for (size_t i = 0; i < r.moves.size() && i < comments.size(); ++i) {
      if (!comments[i].empty()) r.moves[i].comment = comments[i];
    }
    r.tags = merge_tags(tags, r.tags);
    return write_record(r);
  }
  std::string record_seen_by(Viewer, const Tags& tags) const override { return record(tags, {}); }

  void deal(RandomBits) override {}  // the open game has no chance
  std::unique_ptr<State> clone() const override { return std::make_unique<OpenState>(*this); }
  void forget_record_comments() override { game_.forget_comments(); }

 private:
  std::string move_text(Move m) const { return game_.start().rule_set().geometry().move_text(m); }
  // "startpos moves ..." from the rule set's start, else "fen F moves ...".
  std::string position_text() const {
    const Position& start = game_.start();
    std::string text = start.fen() == Position(start.rule_set_ptr()).fen() ? std::string("startpos")
                                                                           : "fen " + start.fen();
    if (!actions_.empty()) text += " moves";
    for (const std::string& a : actions_) text += " " + a;
    return text;
  }

  Game game_;
  std::vector<std::string> actions_;

 public:
  const Game& game() const { return game_; }
};

class OpenFamily final : public Family {
 public:
  std::string_view name() const override { return "open"; }
  std::string_view title() const override { return "Jungle"; }
  Capabilities capabilities() const override {
    Capabilities c;
    c.analysis = c.review = c.premoves = c.tablebases = c.editor = c.puzzles = true;
    return c;
  }
  std::unique_ptr<EndgameTables> endgame_tables(const EndgameTableSource& source) const override {
    return open_endgame_tables(source);
  }

  bool owns_variant(std::string_view name_or_path) const override {
    if (flip::is_flip_variant(name_or_path)) return false;
    try {
      return !load_board_rules(name_or_path)->rules().hidden_pieces;
    } catch (const std::exception&) {
      return false;
    }
  }
  std::vector<std::string> variants() const override {
    std::vector<std::string> out;
    for (const std::string& v : builtin_variant_names()) {
      if (!builtin_rules(v).hidden_pieces) out.push_back(v);
    }
    return out;
  }

  std::string variant_description(std::string_view name) const override {
    return builtin_rules(name).description;
  }
  std::vector<std::string> check_variant_file(std::string_view path) const override {
    return board_rules_problems(path);
  }
  nlohmann::json describe_variant(std::string_view name) const override {
    return board_variant_json(*load_rules_hiding(name, false));
  }

  std::unique_ptr<State> new_state(std::string_view variant, std::string_view start,
                                   RandomBits) const override {
    RuleSetPtr rules = load_rules_hiding(variant, false);
    Position pos = start.empty() ? Position(rules) : Position::from_fen(start, rules);
    return std::make_unique<OpenState>(Game(std::move(pos), std::string(variant)));
  }

  Observation read_observation(std::string_view variant, std::string_view position) const override {
    Position pos = open_position_of(load_rules_hiding(variant, false), position);
    // The game that starts where the text starts and plays its moves: its
    // observation gives the same text back, with the board and the moves.
    std::vector<Move> moves(size_t(pos.history_plies()));
    for (size_t i = moves.size(); i-- > 0;) {
      moves[i] = pos.last_move();
      pos.undo_move();
    }
    Game game(pos, std::string(variant));
    for (size_t i = 0; i < moves.size(); ++i) {
      if (game.over()) {
        // Moves past our draw rules (move limit, repetition): the protocol's
        // interface is the arbiter and may play on (docs/engine.md, "Protocol"), which
        // no Game holds; the observation is then the position's own.
        for (size_t j = i; j < moves.size(); ++j) pos.do_move(moves[j]);
        return past_draw_observation(pos, variant, position);
      }
      pos.do_move(moves[i]);
      game.play(moves[i]);
    }
    const OpenState state(std::move(game));
    Observation o = state.observe(state.game().position().side_to_move());
    const std::string seeds = repetition_seeds_of(position);
    if (!seeds.empty()) o.position += " " + seeds;
    return o;
  }

  std::vector<SeenPly> seen_plies(const Observation& o) const override {
    return open_seen_plies(load_rules_hiding(o.variant, false), o.position);
  }

  // A position reached past a draw by our rules: the side to move acts,
  // with every move generate_moves_past_draws allows.
  static Observation past_draw_observation(const Position& pos, std::string_view variant,
                                           std::string_view position) {
    Observation o;
    o.family = "open";
    o.variant = std::string(variant);
    o.viewer = pos.side_to_move();
    const std::vector<std::string> words = split(position);
    o.position = join_words(words, 0, words.size());
    o.diagram = pos.diagram();
    o.fen = pos.fen();  // its start is the position text's, which the engine replays
    o.to_move = pos.side_to_move();
    for (Move m : generate_moves_past_draws(pos)) {
      o.legal_actions.push_back(pos.rule_set().geometry().move_text(m));
    }
    o.plies = pos.history_plies();
    if (o.legal_actions.empty()) {
      o.to_move.reset();
      o.result = game_result(pos);
    }
    return o;
  }

  bool owns_record(std::string_view text, const RecordSource&) const override {
    (void)text;
    return true;
  }
  std::vector<RecordedGame> read_records(std::string_view text,
                                         const RecordSource& source) const override {
    std::vector<RecordedGame> out;
    for (const GameRecord& r : jungle::read_records(text, source)) {
      RecordedGame g;
      g.tags = r.tags;
      g.state = std::make_unique<OpenState>(Game::from_record(r, source));
      g.keep_comments_and_side_lines(r.moves, [&r](const Move& m) { return r.board.move_text(m); });
      out.push_back(std::move(g));
    }
    return out;
  }
  std::vector<RecordError> check_records(std::string_view text, int* games,
                                         const RecordSource& source) const override {
    return jungle::check_records(text, games, source);
  }

  // The moves below our draw rules, as `jungle perft` counts them.
  std::vector<PerftLine> perft(const Observation& observation, int depth,
                               const std::atomic<bool>& stop) const override {
    Position pos =
        open_position_of(load_rules_hiding(observation.variant, false), observation.position);
    std::vector<PerftLine> out;
    if (depth < 1) return out;
    for (Move m : generate_moves(pos)) {
      if (stop.load(std::memory_order_relaxed)) return out;
      pos.do_move(m);
      out.push_back(
          {pos.rule_set().geometry().move_text(m), perft_until_stopped(pos, depth - 1, stop)});
      pos.undo_move();
    }
    return out;
  }

  std::vector<PerftLine> perft_from(std::string_view variant, std::string_view start,
                                    const std::vector<std::string>& actions,
                                    int depth) const override {
    return board_perft(load_rules_hiding(variant, false), start, actions, depth);
  }

  const ObservationText& text() const override { return open_text(); }

  // Every other program plays on the 7x9 board only (docs/dialects.md).
  bool speaks(notation::Dialect dialect, std::string_view variant) const override {
    return dialect == notation::Dialect::kJungle ||
           load_rules_hiding(variant, false)->geometry() == kStandardGeometry;
  }
  std::string fen_to_ours(notation::Dialect dialect, std::string_view fen) const override {
    return notation::convert_position(fen, dialect, notation::Dialect::kJungle);
  }
  std::string fen_to_theirs(notation::Dialect dialect, std::string_view fen) const override {
    return notation::convert_position(fen, notation::Dialect::kJungle, dialect);
  }
  // One move alone, so without its mover: as Blue's (only KataGo's GTP
  // colour letter would tell them apart, and GTP sends the colour itself).
  std::string action_to_ours(notation::Dialect dialect, std::string_view action) const override {
    return notation::write_move(notation::Dialect::kJungle,
                                notation::read_move(dialect, action, kBlue), kBlue);
  }
  std::string action_to_theirs(notation::Dialect dialect, std::string_view action) const override {
    return notation::write_move(
        dialect, notation::read_move(notation::Dialect::kJungle, action, kBlue), kBlue);
  }

  std::string position_in(notation::Dialect dialect,
                          const Observation& observation) const override {
    if (dialect == notation::Dialect::kMistboard) return mistboard_open_position(observation);
    return Family::position_in(dialect, observation);
  }

  std::unique_ptr<Engine> make_engine() const override { return make_open_engine(); }
  // The engine's own baselines (Mode): `builtin=defender` is
  // `builtin=engine option.Mode=defender`, named as other families' are.
  std::vector<std::string> baseline_names() const override { return open_baseline_modes(); }

 protected:
  BuiltinEngine new_baseline(std::string_view, std::string_view name, uint64_t seed,
                             const Limits&) const override {
    return {make_open_baseline(name, seed), nullptr};
  }

 private:
  // perft(), ending early (with a count of no meaning) once `stop` is set.
  static uint64_t perft_until_stopped(Position& pos, int depth, const std::atomic<bool>& stop) {
    if (depth <= 1) return depth <= 0 ? 1 : uint64_t(count_moves(pos));
    uint64_t nodes = 0;
    for (Move m : generate_moves(pos)) {
      if (stop.load(std::memory_order_relaxed)) break;
      pos.do_move(m);
      nodes += perft_until_stopped(pos, depth - 1, stop);
      pos.undo_move();
    }
    return nodes;
  }
};

}  // namespace

const Family& open_family() {
  static const OpenFamily family;
  return family;
}

}  // namespace jungle::game
