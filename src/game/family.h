#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dialect.h"
#include "core/game_record.h"
#include "core/random_bits.h"
#include "game/endgame_tables.h"
#include "game/observed_board.h"
#include "game/seen_ply.h"
#include "game/setup.h"
#include "game/state.h"

// A family of games: the open game (every 7x9 and 7x7 rule set), Flip
// Jungle (chance: face-down tiles) and hidden pieces (private information
// through an arbiter). It says what its games can do, makes their states
// from a rule set or a record, and makes the engine that plays them. The
// registry below is the only place in the program that tells families
// apart: a front end asks family_of for a rule set or a record, and from
// then on asks the family and its states, never which family it is.

namespace jungle::game {

class Engine;
class ObservationText;
struct BuiltinEngine;
struct Limits;

// A game shown ply by ply, as `jungle pgn replay` prints it.
struct ReplayStep {
  std::string ply_number;  // "12." or "12..."
  std::string event;       // "a3a4", "b2?=L", "e3e4:took=Tw"
  std::string comment;     // the record's comment after it; "" for none
  std::string diagram;     // the board after it
};
struct Replay {
  std::string title;  // "" for the arbiter's record of a game with nothing private
  std::string start_fen;
  std::string start_diagram;
  std::vector<ReplayStep> steps;
};

// One game of a record text.
struct RecordedGame {
  Tags tags;
  // The game, read from the arbiter's record; null for a player's record,
  // which holds only what that player was shown (a hidden game's view).
  std::unique_ptr<State> state;
  // What a player's record shows, ply by ply (with a null state).
  std::optional<Replay> seen;
  // The record's comments by ply ("" where none), where the family keeps them.
  std::vector<std::string> comments;
  // The record's side lines by ply (none where a ply has none), where the
  // family's records keep them: each a line from the position before that
  // ply, as records write its actions ("a3a4", "b2?=L"), nested alike.
  std::vector<std::vector<std::vector<RecordedText>>> side_lines;

  std::string tag(std::string_view name) const;  // "" when absent

  // Keeps the comments and side lines of a record's game `actions`, each
  // action written by `text_of`.
  template <typename Action, typename TextOf>
  void keep_comments_and_side_lines(const std::vector<RecordedAction<Action>>& actions,
                                    const TextOf& text_of) {
    for (const RecordedAction<Action>& a : actions) {
      comments.push_back(a.comment);
      std::vector<std::vector<RecordedText>>& lines = side_lines.emplace_back();
      for (const std::vector<RecordedAction<Action>>& line : a.variations)
        lines.push_back(line_as_text(line, text_of));
    }
  }
};

// The game as it started: a copy of `state` with every action taken back.
std::unique_ptr<State> start_of(const State& state);

// A game from its start, ply by ply, as its arbiter saw it: one step after
// each side's action and chance's that completes it (a flip with what it
// revealed is one step).
Replay replay_of(const State& state, const std::vector<std::string>& comments = {});

// One root action of a perft count and the leaves below it.
struct PerftLine {
  std::string action;  // "a3a4"; a flip with what it revealed, "b2?=L"
  uint64_t leaves = 0;
};

// What a family's games allow, for front ends to offer or refuse by.
struct Capabilities {
  bool undo = true;                 // a side's action can be taken back
  bool chance = false;              // chance acts (State::chance_outcomes)
  bool hidden_information = false;  // viewers know different things
  bool setup = false;               // each side's secret arrangement is chosen before play
  bool analysis = false;            // an engine can analyse any position of it
  bool review = false;              // a finished game can be reviewed move by move
  bool premoves = false;            // a move can be queued during the opponent's turn
  bool tablebases = false;          // endgame tables answer some positions (endgame_tables)
  bool editor = false;              // any legal position can be set up by hand
  // Positions of it make puzzles (`jungle puzzles generate`): the whole
  // board in sight and one line the search or the tables can prove.
  bool puzzles = false;
};

class Family {
 public:
  virtual ~Family() = default;

  // "open", "flip" or "hidden".
  virtual std::string_view name() const = 0;
  // "Jungle", "Flip Jungle", "Jungle with hidden pieces".
  virtual std::string_view title() const = 0;
  virtual Capabilities capabilities() const = 0;
  // Whether a rule set's name or .toml path is one of this family's.
  virtual bool owns_variant(std::string_view name_or_path) const = 0;
  // The shipped rule sets' names.
  virtual std::vector<std::string> variants() const = 0;
  // A shipped rule set's line of description (`jungle variants`).
  virtual std::string variant_description(std::string_view name) const = 0;
  // A rule set as a front end draws and explains it (docs/api.md, `GET
  // /api/variants`): its name, "kind" ("jungle", "flip"),
  // description, start FEN, ranks, board, water, traps, dens and rules in
  // sentences, with what its family adds (a hidden set's rulings, a flip
  // set's colours and quiet limit). Throws std::invalid_argument as
  // new_state does for a variant not of this family.
  virtual nlohmann::json describe_variant(std::string_view name) const = 0;
  // Every problem in a rule-set file of this family's format, as
  // "FILE:LINE:COL: MESSAGE", the first at least; empty when the file is
  // a valid rule set (`jungle variants check`). Never throws.
  virtual std::vector<std::string> check_variant_file(std::string_view path) const = 0;

  // A new game under `variant`. `start` is a FEN (for a hidden game the
  // arbiter's, every animal shown), or "" for the rule set's start; chance
  // that happens before the first action (a hidden game's secret set-up
  // when no start is given) is drawn from `chance`. Throws
  // std::invalid_argument saying what is wrong with the variant or start.
  virtual std::unique_ptr<State> new_state(std::string_view variant, std::string_view start,
                                           RandomBits chance) const = 0;
  // Whether a game under `variant` begins with a set-up phase: each side
  // choosing its secret arrangement before the first move (where the
  // family has one, Capabilities::setup, and the rule set leaves the
  // arrangement to the players rather than to chance or the start). Front
  // ends ask this, never the rule set. Throws std::invalid_argument as
  // new_state does for a variant not of this family.
  virtual bool setup_to_choose(std::string_view variant) const {
    (void)variant;
    return false;
  }
  // The set-up a front end lets the players choose (game::Setup: the
  // squares, the animals, validated edits, random and usual arrangements,
  // the game it starts), each side's arrangement first drawn from `chance`;
  // null when setup_to_choose(variant) is false. Throws std::invalid_argument
  // as new_state does for a variant not of this family.
  virtual std::unique_ptr<Setup> new_setup(std::string_view variant, RandomBits chance) const {
    (void)setup_to_choose(variant);
    (void)chance;
    return nullptr;
  }
  // An engine's own secret arrangement of `side` under `variant` (as
  // Setup::set takes it), drawn from `chance` among those the family's
  // engine would choose (Engine::choose_setup's rule): for a front end that
  // seats an engine at a game with a set-up to choose without making an
  // engine for it. "" when setup_to_choose(variant) is false. Throws
  // std::invalid_argument as new_state does for a variant not of this family.
  virtual std::string choose_setup(std::string_view variant, Side side, RandomBits chance) const {
    (void)setup_to_choose(variant);
    (void)side;
    (void)chance;
    return "";
  }
  // The observation a protocol `position` text describes (Observation::
  // position's syntax, docs/engine.md, "Protocol") under `variant`, every field
  // filled. Throws std::invalid_argument saying what is wrong and where.
  virtual Observation read_observation(std::string_view variant,
                                       std::string_view position) const = 0;
  // The plies `observation` holds as its viewer knows them, for a move
  // list: read from the observation alone (its variant and position), so
  // that none names what the viewer was not shown. Throws
  // std::invalid_argument as read_observation does.
  virtual std::vector<SeenPly> seen_plies(const Observation& observation) const = 0;
  // What `observation` shows on the board beyond its FEN, for a front end
  // to draw (observed_board.h): face-down tiles and the pool, pieces as
  // their viewer knows them, the set-up's squares. Read from the
  // observation alone; none where the FEN says all (the open game). Throws
  // std::invalid_argument as read_observation does.
  virtual std::optional<ObservedBoard> observed_board(const Observation& observation) const {
    (void)observation;
    return std::nullopt;
  }
  // The protocol's `go perft`: the leaves of the game tree `depth` plies
  // below the position `observation` describes, split by the root's
  // actions in the order the family lists them. A ply is a side's action
  // with chance's that completes it, so a flip counts once for each
  // distinct animal it may reveal, unweighted by probability (b2?=L and
  // b2?=r are two root lines). A finished game has no leaves. Once `stop`
  // is set, returns at once with counts of no meaning. Throws
  // std::invalid_argument as read_observation does, and where the family
  // has no tree to count, saying why.
  virtual std::vector<PerftLine> perft(const Observation& observation, int depth,
                                       const std::atomic<bool>& stop) const = 0;
  // `jungle perft`: the leaves `depth` plies below a game's start (`start`
  // a FEN as new_state takes it, "" for the rule set's start position)
  // after `actions` (as records write them: "a3a4", "b2?=L"), counted on
  // the arbiter's board and split by the root's actions as perft splits
  // them; none at depth 0. For the open game and Flip Jungle this is
  // perft's count of that position; for hidden pieces it is the arbiter's
  // tree, every animal known (docs/perft.md), from the set's start FEN,
  // never a drawn set-up. It checks no stop flag: each family's fastest
  // count. Throws std::invalid_argument saying what is wrong with the
  // variant, the start or which action ("move 2: ...").
  virtual std::vector<PerftLine> perft_from(std::string_view variant, std::string_view start,
                                            const std::vector<std::string>& actions,
                                            int depth) const = 0;

  // Whether the first game of a record text is one of this family's.
  virtual bool owns_record(std::string_view text, const RecordSource& source = {}) const = 0;
  // Every game of a record text. Throws RecordError naming the game, the
  // line and why.
  virtual std::vector<RecordedGame> read_records(std::string_view text,
                                                 const RecordSource& source = {}) const = 0;
  // Every game's first problem, reading on at the next; `games` receives
  // how many games were found. Never throws.
  virtual std::vector<RecordError> check_records(std::string_view text, int* games = nullptr,
                                                 const RecordSource& source = {}) const = 0;

  // How its observations read to a person at a terminal (observation_text.h).
  virtual const ObservationText& text() const = 0;

  // Other programs' languages (docs/dialects.md) for this family's games
  // under `variant`: whether positions and actions can be read and written
  // in `dialect` (ours always; by default no other), and one position's FEN
  // or one action between that dialect and ours. The conversions check the
  // text, not the game: the family's readers judge what they give. They
  // throw notation::NotationError naming the dialect and the place, and
  // for a dialect not spoken, saying so.
  virtual bool speaks(notation::Dialect dialect, std::string_view variant) const;
  virtual std::string fen_to_ours(notation::Dialect dialect, std::string_view fen) const;
  virtual std::string fen_to_theirs(notation::Dialect dialect, std::string_view fen) const;
  virtual std::string action_to_ours(notation::Dialect dialect, std::string_view action) const;
  virtual std::string action_to_theirs(notation::Dialect dialect, std::string_view action) const;
  // The arguments of the `position` command that a program speaking
  // `dialect` is sent for `observation`, as that program's own server sends
  // them (mistboard's: its FEN and, in the open game, the positions seen
  // twice as `reps`). Throws notation::NotationError for a dialect not
  // spoken, std::invalid_argument for an observation that is not one.
  virtual std::string position_in(notation::Dialect dialect, const Observation& observation) const;

  // The expected result (0..1, the side to move's) of a value in the points
  // this family's engine once gave its reviews in: a web review stored
  // before reviews went through this interface, when Flip Jungle's search
  // was the only one to value each action and its points were stored.
  // nullopt where the family's engine never stored such values.
  virtual std::optional<double> expected_of_stored_points(double points) const {
    (void)points;
    return std::nullopt;
  }

  // The family's endgame tables (endgame_tables.h), those kept in files
  // read from `source`; null where its games have none (their positions
  // are not known whole). Capabilities::tablebases says which families
  // have them.
  virtual std::unique_ptr<EndgameTables> endgame_tables(const EndgameTableSource& source) const {
    (void)source;
    return nullptr;
  }

  // A new engine for this family's games, at its default options.
  virtual std::unique_ptr<Engine> make_engine() const = 0;
  // The in-process baselines a match can play under this family (`jungle
  // match --engine builtin=NAME`, builtin_engines.h): their names (none by
  // default), and one of them made under `variant`, its generator seeded
  // with `seed`, a searching one searching `per_move`'s depth, nodes or
  // movetime. make_baseline throws std::invalid_argument for a name not
  // among them or limits it cannot search with.
  virtual std::vector<std::string> baseline_names() const { return {}; }
  BuiltinEngine make_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                              const Limits& per_move) const;

 protected:
  // make_baseline's work for a name it found among baseline_names(). A
  // family without baselines is never asked.
  virtual BuiltinEngine new_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                                     const Limits& per_move) const;
};

// Every family, the open game first.
const std::vector<const Family*>& families();
// Every family's shipped rule sets in the order players see them: the 7x9
// and 7x7 sets as they are shipped (open and hidden sets together, core's
// display order), then every other family's (Flip Jungle's 4x4 sets).
std::vector<std::string> shipped_variants();
// The family of a shipped rule set's name (one of every family's
// variants()), or null for any other name, a file's path included: for a
// front end that must never read a file a request or a stored row names.
// The names are gathered once, on the first call.
const Family* family_of_shipped(std::string_view name);
// The family of a rule set's name or .toml path. Throws std::invalid_argument
// naming the variant when none owns it.
const Family& family_of_variant(std::string_view name_or_path);
// The family whose rule-set format a file is in, read even when the file
// is broken, for `jungle variants check`: the family that owns it, else the
// one whose format it declares (a Flip Jungle file says `[game] kind =
// "flip"`), else the open game's, whose format is the default and whose
// checker then says why the file is no rule set.
const Family& family_of_variant_file(std::string_view path);
// The family of a record text's first game, by its Variant tag: the open
// game's unless a flip set or a set that hides pieces is named (a Variant
// no family knows is then the open game's reader's error to report).
const Family& family_of_record(std::string_view text, const RecordSource& source = {});
// The family of an observation (Observation::family). Throws
// std::invalid_argument naming a family there is not.
const Family& family_of(const Observation& observation);
// The family called `name` ("open", "flip", "hidden"), or nullptr.
const Family* family_named(std::string_view name);

}  // namespace jungle::game
