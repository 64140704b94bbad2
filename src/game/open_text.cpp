// The open game at a terminal: its board drawn by render_board.

#include "core/rules_summary.h"
#include "core/variants.h"
#include "game/family_texts.h"
#include "game/open_observation.h"

namespace jungle::game {

namespace {

class OpenText final : public ObservationText {
 public:
  std::string board(const Observation& o, const BoardStyle& style) const override {
    return render_board(position(o), style);
  }
  std::string viewer_fen(const Observation& o) const override { return position(o).fen(); }
  std::vector<std::string> rules_lines(std::string_view variant) const override {
    return rules_summary(*load_variant(variant));
  }

 private:
  static Position position(const Observation& o) {
    return open_position_of(load_variant(o.variant), o.position);
  }
};

}  // namespace

const ObservationText& open_text() {
  static const OpenText text;
  return text;
}

std::string piece_words(Piece p) {
  return side_name(side_of(p)) + " " + std::string(animal_name(animal_of(p)));
}

}  // namespace jungle::game
