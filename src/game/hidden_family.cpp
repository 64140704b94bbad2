// Hidden pieces behind the game interface: a State over hidden::HiddenGame,
// the arbiter, whose observations are the players' views and nothing more.
// A side's action is the move it tries; the event is the arbiter's
// announcement, which every viewer receives.

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "core/variants.h"
#include "flip/flip_rules.h"
#include "game/board_perft.h"
#include "game/builtin_engines.h"
#include "game/engine.h"
#include "game/families.h"
#include "game/family_texts.h"
#include "game/hidden_baselines.h"
#include "game/hidden_engine.h"
#include "game/hidden_observation.h"
#include "game/hidden_setup.h"
#include "game/rules_of_family.h"
#include "game/variant_json.h"
#include "hidden/hidden_game.h"
#include "hidden/hidden_record.h"
#include "hidden/observation.h"
#include "hidden/setup.h"
#include "hidden/view_summary.h"

namespace jungle::game {

namespace {

// What `view` shows, as an observation: `result` and `message` are the
// arbiter's (a view alone cannot tell that a side has no move to try).
Observation observation_of(const hidden::PlayerView& view, const std::string& variant,
                           GameResult result, std::string message) {
  const Geometry& board = view.rule_set().geometry();
  Observation o;
  o.family = "hidden";
  o.variant = variant;
  o.viewer = view.viewer();
  o.position = "hidden " + viewer_name(view.viewer()) + " fen " + view.start_fen();
  if (!view.history().empty()) o.position += " moves";
  for (const hidden::Observation& a : view.history()) {
    o.position += " " + hidden::observation_text(a, board);
  }
  o.diagram = view.diagram();
  o.start_fen = view.start_fen();
  o.fen = view.fen();
  if (result == GameResult::kOngoing) o.to_move = view.side_to_move();
  if (o.viewer && o.to_move == o.viewer) {
    for (Move m : view.legal_moves()) o.legal_actions.push_back(board.move_text(m));
  }
  o.plies = view.plies();
  o.result = result;
  o.result_message = std::move(message);
  return o;
}

// A player's record ply by ply: the view from its start, each
// announcement applied.
Replay replay_of_view(const hidden::PlayerView& end) {
  hidden::PlayerView view =
      hidden::PlayerView::from_fen(end.rule_set_ptr(), end.start_fen(), end.viewer());
  Replay r;
  r.title = end.viewer() ? side_name(*end.viewer()) + "'s view" : "a spectator's view";
  r.start_fen = view.fen();
  r.start_diagram = view.diagram();
  for (const hidden::Observation& o : end.history()) {
    const std::string number =
        std::to_string(view.move_number()) + (view.side_to_move() == kBlue ? "." : "...");
    view.apply(o);
    r.steps.push_back(
        {number, hidden::observation_text(o, view.rule_set().geometry()), "", view.diagram()});
  }
  return r;
}

// Whether `o` shows the truth: the game is over and its start holds every
// animal (an observation of it once over does; a view read from a player's
// text never does).
bool truth_public(const Observation& o) {
  const std::string placement = o.start_fen.substr(0, o.start_fen.find(' '));
  return o.result != GameResult::kOngoing && placement.find_first_of("Xx") == std::string::npos;
}

// The rule set's terms as a front end names them.
const char* setup_name(HiddenSetup s) {
  return s == HiddenSetup::kChosen ? "chosen" : s == HiddenSetup::kFixed ? "fixed" : "shuffled";
}
const char* reveal_name(HiddenReveal r) {
  return r == HiddenReveal::kLoser ? "loser" : r == HiddenReveal::kNone ? "none" : "both";
}
const char* failed_name(FailedAttack f) {
  return f == FailedAttack::kBounce    ? "bounce"
         : f == FailedAttack::kRefused ? "refused"
                                       : "attacker_dies";
}

class HiddenState final : public State {
 public:
  explicit HiddenState(hidden::HiddenGame game) : game_(std::move(game)) {
    for (const hidden::Observation& a : game_.announcements()) {
      actions_.push_back(board().move_text(a.move));
    }
  }

  const Family& family() const override { return hidden_family(); }
  const std::string& variant() const override { return game_.variant(); }

  Actor actor() const override {
    if (game_.over()) return Actor::nobody();
    return Actor::of(game_.side_to_move());
  }

  std::vector<std::string> legal_actions() const override {
    std::vector<std::string> out;
    if (game_.over()) return out;
    for (Move m : game_.view(game_.side_to_move()).legal_moves()) {
      out.push_back(board().move_text(m));
    }
    return out;
  }
  std::vector<ChanceOutcome> chance_outcomes() const override { return {}; }

  std::string apply(std::string_view action) override {
    if (game_.over()) throw ActionError("the game is over: " + game_.result_message());
    const std::optional<Move> m = board().parse_move_text(action);
    if (!m) {
      throw ActionError::unwritten("'" + std::string(action) +
                                   "' is not a move: write its from- and to-square (\"e3e4\")");
    }
    const hidden::PlayerView& view = game_.view(game_.side_to_move());
    if (!view.may_try(*m)) {
      // Explained from the mover's own view: it names nothing the mover
      // was not shown.
      const std::string why = view.explain(*m);
      throw ActionError("'" + std::string(action) + "' may not be tried: " + why,
                        board().move_text(*m), why);
    }
    const hidden::Observation& said = game_.play(*m);
    actions_.push_back(board().move_text(*m));
    return hidden::observation_text(said, board());
  }

  bool apply_event(std::string_view event) override {
    if (game_.over()) return false;
    bool given = false;
    std::string why;
    const std::optional<hidden::Observation> said =
        hidden::parse_observation(event, game_.side_to_move(), board(), &given, &why);
    if (!said || !game_.view(game_.side_to_move()).may_try(said->move)) return false;
    // What the arbiter announces follows from the truth: the try is played
    // and, only where the word is not its announcement, taken back.
    const hidden::Observation& made = game_.play(said->move);
    if (given && !(made == *said)) {
      game_.undo();
      return false;
    }
    actions_.push_back(board().move_text(said->move));
    return true;
  }

  bool undo() override {
    if (!game_.undo()) return false;
    actions_.pop_back();
    return true;
  }
  const std::vector<std::string>& actions() const override { return actions_; }
  int plies() const override { return game_.plies(); }

  GameResult result() const override { return game_.result(); }
  std::string termination() const override { return game_.termination(); }
  std::string result_message() const override { return game_.result_message(); }
  void declare(GameResult result, std::string termination) override {
    game_.declare(result, std::move(termination));
  }

  std::string fen() const override { return game_.truth().fen(); }
  std::string diagram() const override { return game_.truth().diagram(); }
  std::string ply_number() const override {
    const Position& truth = game_.truth();
    return std::to_string(truth.move_number()) + (truth.side_to_move() == kBlue ? "." : "...");
  }

  Observation observe(Viewer viewer) const override {
    Observation o =
        observation_of(game_.view(viewer), game_.variant(), game_.result(), game_.result_message());
    // Once it is over the truth is public: the set-up and every animal.
    if (game_.over()) {
      o.start_fen = game_.start().fen();
      o.fen = game_.truth().fen();
    }
    return o;
  }

  std::string record(const Tags& tags, const std::vector<std::string>&) const override {
    return hidden::write_hidden_record(game_, tags);
  }
  std::string record_seen_by(Viewer viewer, const Tags& tags) const override {
    return hidden::write_view_record(game_, viewer, tags);
  }

  // All of a hidden game's chance is its set-up, drawn before play.
  void deal(RandomBits) override {}
  std::unique_ptr<State> clone() const override { return std::make_unique<HiddenState>(*this); }

 private:
  const Geometry& board() const { return game_.rule_set().geometry(); }

  hidden::HiddenGame game_;
  std::vector<std::string> actions_;
};

class HiddenFamily final : public Family {
 public:
  std::string_view name() const override { return "hidden"; }
  std::string_view title() const override { return "Jungle with hidden pieces"; }
  Capabilities capabilities() const override {
    Capabilities c;
    // A premove is the player's own try, queued from its own view and sent
    // when its turn comes (dropped if the announcement made it illegal): it
    // shows nothing the player may not see. A review judges each try from
    // its mover's own view at the time, once the game is over (as an
    // analysis, which needs the whole board, waits for the end).
    c.hidden_information = c.setup = c.analysis = c.review = c.premoves = true;
    return c;
  }
  bool owns_variant(std::string_view name_or_path) const override {
    if (flip::is_flip_variant(name_or_path)) return false;
    try {
      return load_board_rules(name_or_path)->rules().hidden_pieces;
    } catch (const std::exception&) {
      return false;
    }
  }
  std::vector<std::string> variants() const override {
    std::vector<std::string> out;
    for (const std::string& v : builtin_variant_names()) {
      if (builtin_rules(v).hidden_pieces) out.push_back(v);
    }
    return out;
  }

  // `start` is the arbiter's set-up, every animal shown; without one the
  // rule set's set-up is drawn from `chance` (a random arrangement of each
  // side's animals, or the start position's own where it is fixed).
  std::string variant_description(std::string_view name) const override {
    return builtin_rules(name).description;
  }
  std::vector<std::string> check_variant_file(std::string_view path) const override {
    return board_rules_problems(path);
  }
  // A hidden set adds its rulings on hidden pieces, for the rules panel.
  nlohmann::json describe_variant(std::string_view name) const override {
    const RuleSetPtr rules = load_rules_hiding(name, true);
    nlohmann::json d = board_variant_json(*rules);
    d["hidden"] = hidden_rulings_json(rules->rules());
    return d;
  }

  std::unique_ptr<State> new_state(std::string_view variant, std::string_view start,
                                   RandomBits chance) const override {
    RuleSetPtr rules = load_rules_hiding(variant, true);
    Position pos =
        start.empty() ? hidden::default_start(rules, chance) : Position::from_fen(start, rules);
    return std::make_unique<HiddenState>(hidden::HiddenGame(std::move(pos), std::string(variant)));
  }

  bool setup_to_choose(std::string_view variant) const override {
    return load_rules_hiding(variant, true)->rules().hidden_setup == HiddenSetup::kChosen;
  }
  std::unique_ptr<Setup> new_setup(std::string_view variant, RandomBits chance) const override {
    if (!setup_to_choose(variant)) return nullptr;
    return new_hidden_setup(*this, variant, chance);
  }
  std::string choose_setup(std::string_view variant, Side side, RandomBits chance) const override {
    if (!setup_to_choose(variant)) return "";
    return choose_hidden_setup(variant, side, chance);
  }

  Observation read_observation(std::string_view variant, std::string_view position) const override {
    const hidden::PlayerView view = hidden_view_of(load_rules_hiding(variant, true), position);
    const GameResult result = view.visible_result();
    return observation_of(view, std::string(variant), result, "");
  }

  // Once the game is over its observation holds the truth (observe): the
  // plies as they really were.
  std::vector<SeenPly> seen_plies(const Observation& o) const override {
    const RuleSetPtr rules = load_rules_hiding(o.variant, true);
    if (truth_public(o)) return hidden_truth_plies(rules, o.position, o.start_fen);
    return hidden_seen_plies(rules, o.position);
  }

  // While the game goes on, each piece as the viewer's own view knows it
  // (its animal where known, else what it can still be); once it is over,
  // the truth, every animal shown.
  std::optional<ObservedBoard> observed_board(const Observation& o) const override {
    const RuleSetPtr rules = load_rules_hiding(o.variant, true);
    const Geometry& g = rules->geometry();
    ObservedBoard b;
    b.files = g.files();
    b.ranks = g.ranks();
    b.truth = truth_public(o);
    if (b.truth) {
      const Position truth = Position::from_fen(o.fen, rules);
      for (Square s = 0; s < g.squares(); ++s) {
        const Piece p = truth.piece_on(s);
        if (p == kNoPiece) continue;
        b.pieces.push_back({g.square_name(s), side_of(p), animal_of(p), {animal_of(p)}, true, 0});
      }
    } else {
      for (const hidden::PieceSummary& p :
           hidden::summarize(hidden_view_of(rules, o.position)).pieces) {
        if (p.square.empty()) continue;
        b.pieces.push_back({p.square, p.side, p.animal, p.candidates, p.shown, p.moves});
      }
    }
    const Rules& r = rules->rules();
    b.setup = setup_name(r.hidden_setup);
    if (o.viewer) {
      for (const auto& [square, animal] : hidden::start_arrangement(*rules, *o.viewer)) {
        b.setup_squares.push_back(g.square_name(square));
      }
    }
    b.terms = {{"reveal", reveal_name(r.hidden_reveal)},
               {"failed_attack", failed_name(r.failed_attack)}};
    return b;
  }

  // A side's try is answered by the arbiter from the truth, which neither
  // side's view holds: there is no tree of what a viewer can do to count.
  std::vector<PerftLine> perft(const Observation& observation, int,
                               const std::atomic<bool>&) const override {
    (void)read_observation(observation.variant, observation.position);
    throw std::invalid_argument(
        "a hidden game has no move tree to count: whether a try succeeds is the arbiter's to "
        "say, from animals the side cannot see");
  }

  // The arbiter's tree, every animal known: which moves are legal does not
  // depend on what each side sees (docs/perft.md).
  std::vector<PerftLine> perft_from(std::string_view variant, std::string_view start,
                                    const std::vector<std::string>& actions,
                                    int depth) const override {
    return board_perft(load_rules_hiding(variant, true), start, actions, depth);
  }

  bool owns_record(std::string_view text, const RecordSource& source) const override {
    return hidden::is_hidden_record(text, source);
  }
  std::vector<RecordedGame> read_records(std::string_view text,
                                         const RecordSource& source) const override {
    std::vector<RecordedGame> out;
    for (hidden::HiddenRecord& r : hidden::read_hidden_records(text, source)) {
      RecordedGame g;
      g.tags = r.tags;
      if (r.game) {
        g.state = std::make_unique<HiddenState>(std::move(*r.game));
      } else {
        g.seen = replay_of_view(*r.view);
      }
      out.push_back(std::move(g));
    }
    return out;
  }
  std::vector<RecordError> check_records(std::string_view text, int* games,
                                         const RecordSource& source) const override {
    return hidden::check_hidden_records(text, games, source);
  }

  std::vector<std::string> baseline_names() const override {
    std::vector<std::string> out;
    for (const HiddenBaseline& b : hidden_baselines()) out.emplace_back(b.name);
    return out;
  }
  const ObservationText& text() const override { return hidden_text(); }
  std::unique_ptr<Engine> make_engine() const override { return make_hidden_engine(); }

 protected:
  BuiltinEngine new_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                             const Limits& per_move) const override {
    return hidden_baseline(variant, name, seed, per_move);
  }
};

}  // namespace

const Family& hidden_family() {
  static const HiddenFamily family;
  return family;
}

}  // namespace jungle::game
