#include "protocol/uci_dialect.h"

#include <algorithm>

#include "core/text_util.h"

namespace jungle::uci_dialect {

using notation::Dialect;

namespace {

size_t section_end(const std::vector<std::string>& args, size_t from) {
  size_t i = from;
  while (i < args.size() && args[i] != "moves" && args[i] != "reps") ++i;
  return i;
}

}  // namespace

std::optional<Dialect> parse(std::string_view name) {
  const std::optional<Dialect> d = notation::parse_dialect(name);
  if (d == Dialect::kJungle || d == Dialect::kMistboard) return d;
  return std::nullopt;
}

std::string position_to_ours(const game::Family& family, Dialect dialect,
                             const std::vector<std::string>& args) {
  if (dialect == Dialect::kJungle || args.empty() || (args[0] != "fen" && args[0] != "startpos")) {
    // Left for the family's reader, which says what `position` takes.
    return join_words(args, 0, args.size());
  }
  std::vector<std::string> out{args[0]};
  size_t i = 1;
  if (args[0] == "fen") {
    i = section_end(args, 1);
    out.push_back(family.fen_to_ours(dialect, join_words(args, 1, i)));
  }
  while (i < args.size()) {
    const std::string& keyword = args[i];
    const size_t end = section_end(args, i + 1);
    out.push_back(keyword);
    if (keyword == "moves") {
      for (size_t j = i + 1; j < end; ++j) {
        out.push_back(move_to_ours(family, dialect, args[j]));
      }
    } else {
      // `reps`: FENs separated by ';', each with its spaces.
      const std::string text = join_words(args, i + 1, end);
      std::vector<std::string> fens;
      for (size_t begin = 0; begin <= text.size();) {
        const size_t stop = std::min(text.find(';', begin), text.size());
        const std::string fen = trim(std::string_view(text).substr(begin, stop - begin));
        begin = stop + 1;
        if (fen.empty()) continue;
        try {
          fens.push_back(family.fen_to_ours(dialect, fen));
        } catch (const notation::NotationError& e) {
          throw notation::NotationError("reps FEN " + std::to_string(fens.size() + 1) + " " +
                                        in_quotes(fen) + ": " + e.what());
        }
      }
      out.push_back(join(fens, ";"));
    }
    i = end;
  }
  return join(out, " ");
}

std::string name_their_move(Dialect dialect, const std::vector<std::string>& args,
                            const std::string& message) {
  const std::vector<std::string> words = split(message);
  size_t number = 0;
  if (dialect == Dialect::kJungle || words.size() < 2 || words[0] != "move" ||
      !parse_int(words[1], number) || number == 0) {
    return message;
  }
  const size_t moves = size_t(std::find(args.begin(), args.end(), "moves") - args.begin());
  const size_t at = moves + number;
  if (at >= section_end(args, moves + 1)) return message;
  return message + " (" + std::string(notation::dialect_name(dialect)) + "'s " +
         in_quotes(args[at]) + "; the squares named are ours)";
}

std::string move_to_ours(const game::Family& family, Dialect dialect, const std::string& move) {
  if (dialect == Dialect::kJungle) return move;
  try {
    return family.action_to_ours(dialect, move);
  } catch (const notation::NotationError&) {
    return move;
  }
}

std::string move_to_theirs(const game::Family& family, Dialect dialect, const std::string& move) {
  if (dialect == Dialect::kJungle) return move;
  try {
    return family.action_to_theirs(dialect, move);
  } catch (const notation::NotationError&) {
    return move;
  }
}

}  // namespace jungle::uci_dialect
