#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/random_bits.h"
#include "core/types.h"
#include "game/observation.h"

// One game of any family, as the arbiter holds it (OpenSpiel's State):
// the truth, whoever is to act (a side, chance, or nobody once it is
// over), the actions allowed, chance's outcomes with their probabilities,
// and what each viewer is allowed to know (observe). Front ends play every
// family through it and never ask which family it is; what a family can do
// is its Family's capabilities (family.h).
//
// Words: an *action* is what a side or chance does, named by its text
// ("a3a4", the flip "b2?", chance's "b2?=L", a hidden try "e3e4"); a *move*
// is an action that moves a piece. The *event* an action makes is what
// every viewer is told of it: the action itself, a flip with what it
// revealed, a hidden game's announcement ("e3e4:took=Tw").

namespace jungle::game {

class Family;

// An action that is not allowed now, or a text that names none; the
// message says which and why, in words its viewer may read. A state may
// also give the refusal in its parts, so that a front end words it in its
// own form: the action as the game writes it and why, in its mover's terms
// ("b5a5", "Rat in the water cannot attack a piece on land at a5"), or
// that the text is not written like an action at all (unwritten).
class ActionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
  ActionError(const std::string& message, std::string action, std::string reason)
      : std::invalid_argument(message), action_(std::move(action)), reason_(std::move(reason)) {}
  // A text that names no action: `message` says how one is written.
  static ActionError unwritten(const std::string& message) {
    ActionError e(message);
    e.written_ = false;
    return e;
  }
  bool written() const { return written_; }
  // Empty where the state gives only the message.
  const std::string& action() const { return action_; }
  const std::string& reason() const { return reason_; }

 private:
  bool written_ = true;
  std::string action_;
  std::string reason_;
};

// Who acts next.
struct Actor {
  enum class Kind { kSide, kChance, kNobody };
  Kind kind = Kind::kNobody;
  Side side = kBlue;  // with kSide

  static Actor of(Side s) { return {Kind::kSide, s}; }
  static Actor chance() { return {Kind::kChance, kBlue}; }
  static Actor nobody() { return {Kind::kNobody, kBlue}; }
  bool is_side() const { return kind == Kind::kSide; }
  bool is_chance() const { return kind == Kind::kChance; }
  bool operator==(const Actor&) const = default;
};

// One of chance's outcomes: its action and its probability.
struct ChanceOutcome {
  std::string action;
  double probability = 0;
};

using Tags = std::vector<std::pair<std::string, std::string>>;

class State {
 public:
  virtual ~State() = default;

  virtual const Family& family() const = 0;
  // The rule set as records name it.
  virtual const std::string& variant() const = 0;

  virtual Actor actor() const = 0;
  // The actions of the side to act, in a fixed order; chance's outcomes'
  // actions while chance acts; empty once the game is over.
  virtual std::vector<std::string> legal_actions() const = 0;
  // While chance acts: every outcome, probabilities summing to 1.
  virtual std::vector<ChanceOutcome> chance_outcomes() const = 0;
  // Plays the actor's action and returns its event. Throws ActionError,
  // changing nothing, when the text names no action allowed now.
  virtual std::string apply(std::string_view action) = 0;
  // Plays the action whose event `event` is, as apply returned it and the
  // stored game and the records write it: the open game's move "a3a4"; a
  // flip with what it revealed, "b2?=L", the side's flip and chance's
  // outcome together ("b2?" alone leaves chance to act, and while chance
  // acts its outcome is the event); a hidden try's announcement,
  // "e3e4:took=Tw", which must be the one the arbiter makes of that try (a
  // bare "e3e4" is the try whatever its outcome, as the arbiter's record
  // may write it). False, the state unchanged, when the word is no event
  // the state can play now. The word names its action, so no other action
  // is tried: a hidden try is played and taken back only when the word is
  // not the announcement it makes (a damaged row; a hidden game's take-back
  // replays the game from its start).
  virtual bool apply_event(std::string_view event) = 0;
  // Takes back the last action (chance's included) and a declared result;
  // false when there is none to take back.
  virtual bool undo() = 0;
  // The actions played so far, chance's included, as apply took them.
  virtual const std::vector<std::string>& actions() const = 0;
  // Sides' actions, chance's left out.
  virtual int plies() const = 0;
  // The colour the first player plays (who acts first, whatever the start
  // position: a front end's first seat); none while no colour is given yet
  // (a Flip Jungle set whose first flip gives the colours, before it).
  // Everyone knows it.
  virtual std::optional<Side> first_player() const { return kBlue; }

  virtual GameResult result() const = 0;
  bool over() const { return result() != GameResult::kOngoing; }
  // The record's Termination tag ("" while it goes on).
  virtual std::string termination() const = 0;
  // "Blue wins: the Lion entered Red's den"; "" while it goes on.
  virtual std::string result_message() const = 0;
  // A result the board does not show: a resignation, a flag fall, an agreed
  // draw (core/game.h, kDeclaredTerminations). Throws std::invalid_argument
  // when the game is over or the termination is unknown.
  virtual void declare(GameResult result, std::string termination) = 0;

  // The arbiter's position as the family's FEN (a hidden game's truth,
  // every animal shown) and its board as text: for the arbiter's record and
  // the game's end, never for a viewer (observe is theirs).
  virtual std::string fen() const = 0;
  virtual std::string diagram() const = 0;
  // The number records write before the next ply: "12." or "12...".
  virtual std::string ply_number() const = 0;

  // What `viewer` knows now.
  virtual Observation observe(Viewer viewer) const = 0;
  // The arbiter's record, the truth included: Family::read_records reads
  // back a state equal to this one. `tags` gives Event, the players and any
  // others; Result, Variant, FEN and Termination come from the game.
  // `comments[i]`, where given, is written after ply i ("" for none) by the
  // families whose records keep comments (the engine's evaluations,
  // "[%eval 0.35/12]"); a hidden game's record keeps none.
  virtual std::string record(const Tags& tags = {},
                             const std::vector<std::string>& comments = {}) const = 0;
  // The record as `viewer` may read it: only what the viewer was shown
  // (for a game with nothing private, the arbiter's record).
  virtual std::string record_seen_by(Viewer viewer, const Tags& tags = {}) const = 0;
  // The arbiter's record with no tags of the caller's: the state as text.
  std::string serialize() const { return record(); }

  // Decides now, drawing from `chance`, everything chance will do for the
  // rest of the game (Flip Jungle: what lies under each face-down tile), so
  // that a match can play the same deal twice with the colours swapped;
  // chance_outcomes then offers the one outcome the deal holds, each with
  // probability 1. Nothing a viewer observes changes. A family whose chance
  // all happens before play (a hidden game's set-up) ignores it.
  virtual void deal(RandomBits chance) = 0;

  // Forgets what the record this state was read from wrote beside the game
  // (its comments and side lines, which Family::read_records also gives
  // apart, in RecordedGame), so that the state's own record writes the
  // game alone: a front end that keeps them elsewhere (the web page's
  // analysis board) would otherwise have them written twice. Nothing a
  // viewer observes changes. Nothing to forget where a family's states keep
  // none (Flip Jungle's and hidden games': their records write only what
  // record() is given).
  virtual void forget_record_comments() {}

  virtual std::unique_ptr<State> clone() const = 0;
};

}  // namespace jungle::game
