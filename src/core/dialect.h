#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace jungle::notation {

// The languages other Jungle programs speak, besides this project's own
// (docs/dialects.md gives each one's source and a worked example). Only the
// standard 7x9 board: every one of these programs plays on it alone.
enum class Dialect {
  kJungle,     // ours: "l5t/.../T5L w 0 1", moves "a3a4"
  kMistboard,  // MistyJungle / mistboard.com: mirrored board, r/b to move
  kKatago,     // KataGo-AnimalChess (Dandelion): J for the Leopard, two-stage GTP moves
  kNetcan,     // netcan/AnimalChess: our board, 16-bit moves counted from the top row
  kBush,       // David Bush's rules text: squares "7i", columns 7..1, rows a..i
};

// Raised for text that is not valid in the dialect it was read as; the
// message names the dialect and the place ("mistboard FEN rank 9 has 8 squares").
class NotationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "jungle", "mistboard", "katago", "netcan", "bush".
std::string_view dialect_name(Dialect d);
// The name as `--from`/`--to` take it (case-insensitive); nothing when unknown.
std::optional<Dialect> parse_dialect(std::string_view name);
// Every name, comma-separated, for an error message.
std::string dialect_list();

}  // namespace jungle::notation
