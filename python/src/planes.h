#pragma once

#include <optional>

#include "core/position.h"
#include "core/types.h"
#include "flip/flip_position.h"
#include "flip/flip_rules.h"
#include "game/observation.h"
#include "hidden/player_view.h"

// The tensors of docs/python.md, "Tensors": planes of files x ranks, plane
// p's square s at p * squares + s (s = rank * files + file). Each is made
// from one viewer's Observation, read into its family's own object (the
// open game's Position, Flip Jungle's FlipPosition, a hidden game's
// PlayerView), so that it can hold nothing the viewer was not shown.

namespace jungle::python {

namespace plane {
inline constexpr int kPieces = 0;     // + side * 8 + animal: a piece the viewer sees
inline constexpr int kUnknown = 16;   // + side: a piece whose animal the viewer does not know
inline constexpr int kFaceDown = 18;  // a face-down tile
inline constexpr int kTurning = 19;   // the tile being turned over, chance to reveal it
inline constexpr int kWater = 20;
inline constexpr int kTraps = 21;        // + side: the traps around that side's den
inline constexpr int kDen = 23;          // + side
inline constexpr int kToAct = 25;        // + side: all ones while that side is to act
inline constexpr int kChanceActs = 27;   // all ones while chance acts
inline constexpr int kViewer = 28;       // + side: all ones for that side's tensor
inline constexpr int kPool = 30;         // + piece: its share of the face-down tiles
inline constexpr int kObservation = 46;  // planes of observation_tensor
inline constexpr int kCandidates = 46;   // + animal: an opponent's piece that may be it
inline constexpr int kShown = 54;        // a piece of the viewer's that the opponent was shown
inline constexpr int kInformation = 55;  // planes of information_state_tensor
}  // namespace plane

enum class BoardKind { kOpen, kFlip, kHidden };

// What every tensor of one game needs besides the observation.
struct Board {
  BoardKind kind = BoardKind::kOpen;
  RuleSetPtr rules;               // open and hidden
  flip::FlipRulesPtr flip_rules;  // flip
  Geometry geometry;

  int planes(bool information) const {
    return information ? plane::kInformation : plane::kObservation;
  }
  int size(bool information) const { return planes(information) * geometry.squares(); }
};

// The planes of a position of the open game (`out` holds Board::size).
void open_planes(const Board& board, const Position& pos, game::Viewer viewer, bool to_act,
                 float* out);

// The board planes of a Flip Jungle position (the pieces, the face-down
// tiles, the tile being turned over, the pool), into zeroed planes. Nothing
// in Flip Jungle is private: every viewer sees this position.
void flip_board_planes(const Board& board, const flip::FlipPosition& pos, Square turning,
                       float* out);
// The planes of who acts (a side, or chance) and who looks.
void actor_planes(const Board& board, std::optional<Side> to_act, bool chance, game::Viewer viewer,
                  float* out);

// The board planes of one viewer's view of a hidden game (its pieces, the
// animals it knows, and with `information` what each unknown piece may be
// and which of its own were shown), into zeroed planes.
void hidden_view_planes(const Board& board, const hidden::PlayerView& view, game::Viewer viewer,
                        bool information, float* out);

// The planes of `observation` (made by State::observe); `turning` is the
// square of a flip that chance is to complete (public: the flip was
// announced), or kNoSquare. Writes Board::size(information) floats.
void observation_planes(const Board& board, const game::Observation& observation, Square turning,
                        bool information, float* out);

}  // namespace jungle::python
