#include "hidden/observation.h"

namespace jungle::hidden {

namespace {

constexpr std::pair<Outcome, std::string_view> kWords[] = {
    {Outcome::kTook, "took"},
    {Outcome::kDied, "died"},
    {Outcome::kBounced, "bounced"},
    {Outcome::kRefused, "refused"},
};

char shown_letter(Piece p) {
  return p == kNoPiece ? '?' : piece_letter(p);
}

// A shown animal: its letter in the case of `side`, or '?'.
bool read_shown(char c, Side side, Piece& out, std::string* error, std::string_view what) {
  if (c == '?') {
    out = kNoPiece;
    return true;
  }
  Animal a;
  if (!parse_animal_letter(c, a)) {
    if (error) *error = std::string(what) + " '" + c + "' is not an animal letter or '?'";
    return false;
  }
  const Side written = (c >= 'a' && c <= 'z') ? kRed : kBlue;
  if (written != side) {
    if (error) {
      *error = std::string(what) + " '" + c + "' is " + side_name(written) + "'s letter; the " +
               std::string(what) + " is " + side_name(side) +
               "'s (FEN case: Blue upper, Red lower)";
    }
    return false;
  }
  out = make_piece(side, a);
  return true;
}

}  // namespace

std::string_view outcome_word(Outcome o) {
  for (const auto& [outcome, word] : kWords) {
    if (outcome == o) return word;
  }
  return "";
}

std::string observation_text(const Observation& o, const Geometry& board) {
  std::string text = board.move_text(o.move);
  if (o.is_attack()) {
    text += ':';
    text += outcome_word(o.outcome);
    if (o.attacker_shown != kNoPiece || o.defender_shown != kNoPiece) {
      text += '=';
      text += shown_letter(o.attacker_shown);
      text += shown_letter(o.defender_shown);
    }
  }
  for (const auto& [square, piece] : o.drowned) {
    text += '~';
    text += board.square_name(square);
    if (piece != kNoPiece) {
      text += '=';
      text += piece_letter(piece);
    }
  }
  return text;
}

std::optional<Observation> parse_observation(std::string_view text, Side mover,
                                             const Geometry& board, bool* outcome_given,
                                             std::string* error) {
  Observation o;
  o.mover = mover;
  if (outcome_given) *outcome_given = false;
  const size_t end_of_move = text.find_first_of(":~");
  const std::string_view move_text = text.substr(0, end_of_move);
  const std::optional<Move> m = board.parse_move_text(move_text);
  if (!m || m->from() == m->to()) {
    if (error) {
      *error = "'" + std::string(text) +
               "' is not a move: expected a from-square and a to-square, like e3e4, with what "
               "an attack did after it (e3e4:took=Tw)";
    }
    return std::nullopt;
  }
  o.move = *m;
  std::string_view rest = end_of_move == std::string_view::npos ? "" : text.substr(end_of_move);
  if (!rest.empty() && rest.front() == ':') {
    rest.remove_prefix(1);
    const size_t end_of_word = rest.find_first_of("=~");
    const std::string_view word = rest.substr(0, end_of_word);
    bool known = false;
    for (const auto& [outcome, w] : kWords) {
      if (w == word) {
        o.outcome = outcome;
        known = true;
      }
    }
    if (!known) {
      if (error) {
        *error = "'" + std::string(text) + "': unknown outcome '" + std::string(word) +
                 "' (took, died, bounced or refused)";
      }
      return std::nullopt;
    }
    if (outcome_given) *outcome_given = true;
    rest = end_of_word == std::string_view::npos ? "" : rest.substr(end_of_word);
    if (!rest.empty() && rest.front() == '=') {
      if (rest.size() < 3) {
        if (error) {
          *error = "'" + std::string(text) +
                   "': '=' needs two letters, the attacker's and the defender's animal or '?'";
        }
        return std::nullopt;
      }
      std::string why;
      if (!read_shown(rest[1], mover, o.attacker_shown, &why, "attacker") ||
          !read_shown(rest[2], opponent(mover), o.defender_shown, &why, "defender")) {
        if (error) *error = "'" + std::string(text) + "': " + why;
        return std::nullopt;
      }
      rest.remove_prefix(3);
    }
  }
  while (!rest.empty()) {
    if (rest.front() != '~') {
      if (error) {
        *error = "'" + std::string(text) + "': unexpected '" + std::string(rest) +
                 "' (after the move come ':' and the outcome, then '~' and a drowned square)";
      }
      return std::nullopt;
    }
    rest.remove_prefix(1);
    const size_t next = rest.find_first_of("=~");
    const Square s = board.parse_square(rest.substr(0, next));
    if (s == kNoSquare) {
      if (error) {
        *error = "'" + std::string(text) + "': '~" + std::string(rest.substr(0, next)) +
                 "' is not a square";
      }
      return std::nullopt;
    }
    rest = next == std::string_view::npos ? "" : rest.substr(next);
    Piece shown = kNoPiece;
    if (!rest.empty() && rest.front() == '=') {
      std::string why;
      if (rest.size() < 2 || rest[1] == '?' ||
          !read_shown(rest[1], mover, shown, &why, "drowned piece")) {
        if (error) {
          *error = "'" + std::string(text) + "': " +
                   (why.empty() ? std::string("'=' after a drowned square needs its animal") : why);
        }
        return std::nullopt;
      }
      rest.remove_prefix(2);
    }
    o.drowned.emplace_back(s, shown);
  }
  return o;
}

}  // namespace jungle::hidden
