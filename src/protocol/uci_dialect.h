#pragma once

// The engine protocol in another program's notation: mistboard's engines
// speak UCI with its FEN, its square names and `reps` (docs/dialects.md,
// "MistyJungle / mistboard.com"). The protocol reads what comes in into our
// `position` text and writes the moves that go out in the dialect; the
// engine behind it only ever sees our notation.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dialect.h"
#include "game/family.h"

namespace jungle::uci_dialect {

// The dialects an engine may speak UCI in: ours and mistboard's; nothing
// for another name (KataGo's speaks GTP: `jungle gtp`).
std::optional<notation::Dialect> parse(std::string_view name);
inline constexpr std::string_view kNames = "jungle, mistboard";

// `position`'s arguments in `dialect` ("fen F [moves M...] [reps F;F...]"
// or "startpos ...") as our text for `family`'s games, the FENs and actions
// converted by the family (Family::fen_to_ours, action_to_ours) and nothing
// judged: the family's reader checks the moves. Throws
// notation::NotationError naming the dialect and the place
// ("mistboard FEN rank 9 has 8 squares", "reps FEN 2 '...': ...").
std::string position_to_ours(const game::Family& family, notation::Dialect dialect,
                             const std::vector<std::string>& args);

// The family reader's message on `position`'s converted text, with the
// dialect's own text of the move it names: "move 2 a7a5 is illegal: ..."
// gains " (mistboard's 'g7g5'; the squares named are ours)". Any other
// message is returned as it is.
std::string name_their_move(notation::Dialect dialect, const std::vector<std::string>& args,
                            const std::string& message);

// One action of `family`'s between ours and the dialect's ("a3a4" and
// mistboard's "g3g4"; a flip "a1?" and mistboard's "a0a0"). Text that is
// no action there ("0000") is kept as it is, for the reader on the other
// side to refuse or take.
std::string move_to_ours(const game::Family& family, notation::Dialect dialect,
                         const std::string& move);
std::string move_to_theirs(const game::Family& family, notation::Dialect dialect,
                           const std::string& move);

}  // namespace jungle::uci_dialect
