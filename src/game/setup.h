#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/random_bits.h"
#include "core/types.h"

// A secret set-up being chosen (Capabilities::setup: a hidden game whose
// rule set lets each side arrange its animals, docs/hidden.md, "Set-up").
// It is what a front end needs to let a player arrange: the squares to
// fill, the animals to place, edits that are validated with a clear error,
// a random or the usual arrangement, what the player is shown meanwhile,
// and the game that starts from it. Made by Family::new_setup, so a front
// end never reads the rule set or calls a family's arrangement code.

namespace jungle::game {

class State;

class Setup {
 public:
  virtual ~Setup() = default;

  // The squares `side` fills ("a1", "g1", ...), in the rule set's order.
  virtual std::vector<std::string> squares(Side side) const = 0;
  // The animals `side` places, one letter each as FEN writes them ("L",
  // "T", ... for Blue, lower case for Red), in the order of squares().
  virtual std::vector<std::string> pieces(Side side) const = 0;
  // The side's arrangement now, as a placement of its pieces only
  // ("7/.../T5L"), as the protocol's `setup` writes it.
  virtual std::string arrangement(Side side) const = 0;

  // Each edit below throws std::invalid_argument saying what is wrong and
  // leaves the arrangement as it was.
  // From a placement of the side's pieces or "a1=L g1=T ..." pairs: exactly
  // its animals on exactly its squares, each where it may stand.
  virtual void set(Side side, std::string_view text) = 0;
  // Exchanges the animals on two of the side's squares ("a1", "g1").
  virtual void swap(Side side, std::string_view a, std::string_view b) = 0;
  // A random arrangement drawn from `chance`, every allowed one equally likely.
  virtual void set_random(Side side, RandomBits chance) = 0;
  // The usual arrangement: the rule set's start position's.
  virtual void set_standard(Side side) = 0;
  // Both sides' arrangements as they stand in `start` (a start as start()
  // writes it, every animal shown): a set-up chance drew, which a player
  // may then change for its side.
  virtual void set_start(std::string_view start) = 0;

  // What `side` sees while it arranges: its own animals where it put them,
  // the other side's where they always start (nothing of its choice shows).
  virtual std::string diagram(Side side) const = 0;
  // The arbiter's start, every animal shown, as Family::new_state takes it.
  virtual std::string start() const = 0;
  // The game that starts from this set-up (Family::new_state of start()).
  virtual std::unique_ptr<State> new_state(RandomBits chance) const = 0;
};

}  // namespace jungle::game
