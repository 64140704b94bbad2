#include "planes.h"

#include <algorithm>

#include "game/flip_observation.h"
#include "game/hidden_observation.h"
#include "game/open_observation.h"

namespace jungle::python {

namespace {

void fill(float* out, int squares, int p, float value = 1.0f) {
  std::fill(out + p * squares, out + (p + 1) * squares, value);
}

void set_bits(float* out, int squares, int p, Bitboard bits) {
  for (; bits; bits &= bits - 1) out[p * squares + std::countr_zero(bits)] = 1.0f;
}

// Water, traps, dens: what the rule set draws on the board.
void terrain(const RuleSet& rules, int squares, float* out) {
  set_bits(out, squares, plane::kWater, rules.water());
  for (Side s : {kBlue, kRed}) {
    set_bits(out, squares, plane::kTraps + s, rules.traps(s));
    set_bits(out, squares, plane::kDen + s, rules.den_bb(s));
  }
}

// Who acts and who looks.
void actors(const game::Observation& o, int squares, float* out) {
  if (o.to_move) {
    fill(out, squares, plane::kToAct + *o.to_move);
  } else if (o.result == GameResult::kOngoing) {
    fill(out, squares, plane::kChanceActs);
  }
  if (o.viewer) fill(out, squares, plane::kViewer + *o.viewer);
}

}  // namespace

void open_planes(const Board& board, const Position& pos, game::Viewer viewer, bool to_act,
                 float* out) {
  const int squares = board.geometry.squares();
  std::fill(out, out + board.size(false), 0.0f);
  for (Side s : {kBlue, kRed}) {
    for (int a = 0; a < kAnimals; ++a) {
      set_bits(out, squares, plane::kPieces + s * kAnimals + a, pos.pieces(s, Animal(a)));
    }
  }
  terrain(pos.rule_set(), squares, out);
  if (to_act) fill(out, squares, plane::kToAct + pos.side_to_move());
  if (viewer) fill(out, squares, plane::kViewer + *viewer);
}

void flip_board_planes(const Board& board, const flip::FlipPosition& pos, Square turning,
                       float* out) {
  const int squares = board.geometry.squares();
  for (Square s = 0; s < squares; ++s) {
    const flip::Cell c = pos.cell(s);
    if (c == flip::kHidden) {
      out[plane::kFaceDown * squares + s] = 1.0f;
    } else if (c != flip::kEmpty) {
      out[(plane::kPieces + c) * squares + s] = 1.0f;
    }
  }
  if (turning != kNoSquare) out[plane::kTurning * squares + turning] = 1.0f;
  if (pos.hidden_count() > 0) {
    for (int p = 0; p < flip::kPieceKinds; ++p) {
      const float share = float(pos.pool_count(Piece(p))) / float(pos.hidden_count());
      if (share > 0) fill(out, squares, plane::kPool + p, share);
    }
  }
}

void actor_planes(const Board& board, std::optional<Side> to_act, bool chance, game::Viewer viewer,
                  float* out) {
  const int squares = board.geometry.squares();
  if (to_act) fill(out, squares, plane::kToAct + *to_act);
  if (chance) fill(out, squares, plane::kChanceActs);
  if (viewer) fill(out, squares, plane::kViewer + *viewer);
}

void hidden_view_planes(const Board& board, const hidden::PlayerView& view, game::Viewer viewer,
                        bool information, float* out) {
  const int squares = board.geometry.squares();
  const std::vector<hidden::PieceInfo>& pieces = view.pieces();
  for (size_t id = 0; id < pieces.size(); ++id) {
    const hidden::PieceInfo& piece = pieces[id];
    if (!piece.on_board()) continue;
    const Square s = piece.square;
    if (piece.known) {
      out[(plane::kPieces + piece.side * kAnimals + *piece.known) * squares + s] = 1.0f;
    } else {
      out[(plane::kUnknown + piece.side) * squares + s] = 1.0f;
    }
    if (!information) continue;
    const bool own = viewer && piece.side == *viewer;
    if (own && piece.shown) out[plane::kShown * squares + s] = 1.0f;
    if (!own && !piece.known) {
      const AnimalSet may_be = view.candidates(int(id));
      for (int a = 0; a < kAnimals; ++a) {
        if (may_be.contains(Animal(a))) out[(plane::kCandidates + a) * squares + s] = 1.0f;
      }
    }
  }
  terrain(*board.rules, squares, out);
}

void observation_planes(const Board& board, const game::Observation& o, Square turning,
                        bool information, float* out) {
  const int squares = board.geometry.squares();
  std::fill(out, out + board.size(information), 0.0f);
  switch (board.kind) {
    case BoardKind::kOpen: {
      const Position pos = game::open_position_of(board.rules, o.position);
      for (Square s = 0; s < squares; ++s) {
        const Piece p = pos.piece_on(s);
        if (p != kNoPiece) out[(plane::kPieces + p) * squares + s] = 1.0f;
      }
      terrain(*board.rules, squares, out);
      break;
    }
    case BoardKind::kFlip:
      flip_board_planes(board, game::flip_position_of(board.flip_rules, o.position), turning, out);
      break;
    case BoardKind::kHidden:
      hidden_view_planes(board, game::hidden_view_of(board.rules, o.position), o.viewer,
                         information, out);
      break;
  }
  actors(o, squares, out);
}

}  // namespace jungle::python
