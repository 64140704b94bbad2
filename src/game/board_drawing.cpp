#include "game/board_drawing.h"

#include <array>
#include <string_view>
#include <vector>

namespace jungle {

namespace {

// Indexed by Animal: Rat, Cat, Dog, Wolf, Leopard, Tiger, Lion, Elephant.
constexpr std::array<std::string_view, kAnimals> kGlyphs = {"鼠", "貓", "狗", "狼",
                                                            "豹", "虎", "獅", "象"};

// 256-colour backgrounds light enough for both sides' bold pieces to read on them.
constexpr std::string_view kReset = "\033[0m";
constexpr std::string_view kLandBg = "\033[48;5;223m";
constexpr std::string_view kWaterBg = "\033[48;5;117m";
constexpr std::string_view kTrapBg = "\033[48;5;180m";
constexpr std::string_view kDenBg = "\033[48;5;150m";
constexpr std::string_view kBluePiece = "\033[1;38;5;19m";
constexpr std::string_view kRedPiece = "\033[1;38;5;124m";
constexpr std::string_view kTerrainMark = "\033[22;38;5;244m";
constexpr std::string_view kFrame = "\033[1;38;5;16m";
constexpr std::string_view kDim = "\033[2m";

}  // namespace

std::string render_board(const Position& pos, const BoardStyle& style) {
  const RuleSet& rs = pos.rule_set();
  const Geometry& g = rs.geometry();
  // Columns for a square's content: a letter, a wide character, or a wide
  // character with its letter when no colour tells the sides apart.
  const int width = style.ascii ? 1 : style.colour ? 2 : 3;
  const int cell = width + 2;
  const Move last = pos.last_move();

  auto square_text = [&](Square s) {
    const Bitboard bb = square_bb(s);
    std::string_view bg = kLandBg;
    char mark = '.';
    if (rs.water() & bb) bg = kWaterBg, mark = '~';
    if (rs.all_traps() & bb) bg = kTrapBg, mark = '#';
    if (rs.dens_bb() & bb) bg = kDenBg, mark = '*';

    std::string content;
    std::string_view fg = kTerrainMark;
    const Piece p = pos.piece_on(s);
    if (p != kNoPiece) {
      const Side side = side_of(p);
      const bool hidden = style.hidden_side && *style.hidden_side == side;
      const char letter = hidden ? (side == kBlue ? 'X' : 'x') : piece_letter(p);
      if (style.ascii) {
        content = std::string(1, hidden ? '?' : letter);
        if (hidden && !style.colour) content = std::string(1, letter);
      } else {
        content = hidden ? "??" : std::string(kGlyphs[animal_of(p)]);
        if (!style.colour) content += letter;
      }
      fg = side == kBlue ? kBluePiece : kRedPiece;
    } else if (mark == '.') {
      content = width == 1 ? "." : width == 2 ? ". " : " . ";
    } else {
      content = std::string(size_t(width), mark);
    }

    const bool framed = !last.is_none() && (s == last.from() || s == last.to());
    const char left = framed ? '[' : ' ';
    const char right = framed ? ']' : ' ';
    if (!style.colour) return left + content + right;
    std::string out(bg);
    out += framed ? std::string(kFrame) + left : std::string(1, left);
    out += std::string(fg) + content;
    out += framed ? std::string(kFrame) + right : std::string(1, right);
    out += kReset;
    return out;
  };

  std::vector<int> files, ranks;
  for (int f = 0; f < g.files(); ++f) files.push_back(style.flipped ? g.files() - 1 - f : f);
  for (int r = g.ranks() - 1; r >= 0; --r) ranks.push_back(style.flipped ? g.ranks() - 1 - r : r);
  // Rank numbers of two digits widen the margin by one.
  const std::string pad = g.ranks() >= 10 ? " " : "";

  std::string file_line = "    " + pad;
  for (int f : files) {
    std::string label(size_t(cell), ' ');
    label[size_t((cell - 1) / 2)] = char('a' + f);
    file_line += label;
  }
  while (!file_line.empty() && file_line.back() == ' ') file_line.pop_back();
  std::string border = "   " + pad + "+" + std::string(size_t(cell * g.files()), '-') + "+";
  if (style.colour) {
    file_line = std::string(kDim) + file_line + std::string(kReset);
    border = std::string(kDim) + border + std::string(kReset);
  }

  std::string out = file_line + "\n" + border + "\n";
  for (int r : ranks) {
    const std::string label = std::to_string(r + 1);
    out += std::string(pad.size() + 3 - label.size() - 1, ' ') + label + " |";
    for (int f : files) out += square_text(g.square(f, r));
    out += "| " + label + "\n";
  }
  out += border + "\n" + file_line + "\n";
  return out;
}

}  // namespace jungle
