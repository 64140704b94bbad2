#include "action_codec.h"

#include <array>

namespace jungle::python {

ActionCodec::ActionCodec(Geometry geometry, bool flips) : geometry_(geometry), flips_(flips) {
  const int n = geometry_.squares();
  move_codes_.resize(size_t(n * n));
  for (Square from = 0; from < n; ++from) {
    for (Square to = 0; to < n; ++to) {
      move_codes_[size_t(from * n + to)] = int16_t(compute_move_code(from, to));
    }
  }
}

int ActionCodec::compute_move_code(Square from, Square to) const {
  if (from == to) return -1;
  const int df = geometry_.file_of(to) - geometry_.file_of(from);
  const int dr = geometry_.rank_of(to) - geometry_.rank_of(from);
  if (df != 0 && dr != 0) return -1;
  const int direction = dr > 0 ? 0 : df > 0 ? 1 : dr < 0 ? 2 : 3;  // north, east, south, west
  const int distance = df + dr > 0 ? df + dr : -(df + dr);
  const int kind = direction + (distance > 1 ? 4 : 0);
  return kind * geometry_.squares() + from;
}

int ActionCodec::encode(std::string_view text) const {
  const size_t equals = text.find('=');
  if (equals != std::string_view::npos) {
    // Chance's "b2?=L": the piece revealed, Blue upper case.
    if (equals + 2 != text.size()) return -1;
    const char letter = text[equals + 1];
    Animal animal;
    if (!parse_animal_letter(letter, animal)) return -1;
    const Side side = letter >= 'a' && letter <= 'z' ? kRed : kBlue;
    return side * kAnimals + animal;
  }
  if (!text.empty() && text.back() == '?') {
    const Square s = geometry_.parse_square(text.substr(0, text.size() - 1));
    if (!flips_ || s == kNoSquare) return -1;
    return 8 * geometry_.squares() + s;
  }
  const std::optional<Move> m = geometry_.parse_move_text(text);
  if (!m) return -1;
  return encode_move(m->from(), m->to());
}

std::string ActionCodec::decode(int action, const std::vector<std::string>& legal) const {
  for (const std::string& text : legal) {
    if (encode(text) == action) return text;
  }
  return "";
}

std::string ActionCodec::describe(int action) const {
  const int squares = geometry_.squares();
  if (action < 0 || action >= num_distinct_actions()) {
    return "action " + std::to_string(action) + " (outside 0.." +
           std::to_string(num_distinct_actions() - 1) + ")";
  }
  const int kind = action / squares;
  const std::string square = geometry_.square_name(action % squares);
  if (kind == 8) return "flip " + square;
  static constexpr std::array<const char*, 4> kDirections = {"north", "east", "south", "west"};
  return std::string(kind < 4 ? "step " : "jump ") + kDirections[size_t(kind % 4)] + " from " +
         square;
}

}  // namespace jungle::python
