#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "web/server/json_fields.h"
#include "web/server/secrets.h"

// Who may act for each seat of a game. A seat held by a person has a secret
// token, given to whoever took the seat (the creator, or the player who
// claimed it); the browser that took it is also known by its player key, a
// per-browser secret in a cookie, so that a page need not carry tokens. The
// server checks the seat, never the page: a move, a resignation, an offer
// is refused unless the request proves the seat it acts for. The store keeps
// digests of tokens and keys, never the secrets.

namespace jungle::web {

// What a request proves: the digests of its player key and seat tokens.
struct Credentials {
  std::string key_digest;                  // "" without a player key
  std::vector<std::string> token_digests;  // one per X-Seat-Token given
  // The seats the request acts and looks for, among those it holds (bit
  // set as held_by's): `?as=blue` narrows a browser holding both seats of a
  // hot-seat game to the player at the screen now.
  int seat_mask = 3;
  // From the raw secrets; empty ones are ignored.
  static Credentials of(const std::string& player_key, const std::vector<std::string>& tokens);
  bool anonymous() const { return key_digest.empty() && token_digests.empty(); }
};

struct Seat {
  std::string token_digest;   // "": nobody holds it (open, or the engine plays it)
  std::string holder_digest;  // the holder's player key; "" when it had none
  int64_t taken_ms = 0;
  bool taken() const { return !token_digest.empty(); }
};

// The seats of a game and how it is played.
struct SeatTable {
  // Online: the seats belong to different players and each acts only for
  // its own; local: one player (the creator) holds every seat.
  bool online = false;
  // Shown in the lobby (an open challenge, then a game to watch).
  bool listed = false;
  // Rated (docs/ratings.md): between two accounts, counted in their
  // ratings when it ends; no take-back.
  bool rated = false;
  // A rated challenge's rating range (docs/ratings.md, "Rating range"):
  // only an account whose rating in the game's category is within
  // [rating_min, rating_max] may take the open seat; none when !has_range.
  bool has_range = false;
  int rating_min = 0;
  int rating_max = 0;
  // Stored before seats existed: the first player who acts on it with a
  // player key becomes its holder, as if they had created it.
  bool unclaimed = false;
  std::array<Seat, 2> seats;

  bool holds(int seat, const Credentials& who) const;
  bool holds_any(const Credentials& who) const { return holds(0, who) || holds(1, who); }
  // The seats `who` holds, as a bit set (1: seat 0, 2: seat 1).
  int held_by(const Credentials& who) const;
  // The first seat nobody holds among those people play, or -1.
  int open_seat(const std::array<bool, 2>& human) const;
  // Gives `seat` to `who`; returns the seat's token (the secret to hand out).
  std::string take(int seat, const Credentials& who, const std::string& player_key, int64_t now);

  std::string to_stored() const;
  // "" (a game stored before seats): an unclaimed local table.
  static SeatTable from_stored(const std::string& text);
};

// A rematch after the game: who offered it (-1: nobody) and when, and the
// new game once it is made (0 before). Kept with the finished game, so that
// a page that comes back to it finds where the players went.
struct RematchOffer {
  int by = -1;
  int64_t offered_ms = 0;
  int64_t game = 0;
};

// Offers standing: who offered a draw or a take-back, -1 when nobody.
struct Offers {
  int draw = -1;
  int takeback = -1;
  RematchOffer rematch;
  bool any() const { return draw >= 0 || takeback >= 0 || rematch.by >= 0 || rematch.game > 0; }
  std::string to_stored() const;
  static Offers from_stored(const std::string& text);
};

// "blue" for seat 0, "red" for seat 1.
const char* seat_name(int seat);
// -1 for anything else.
int seat_from_name(const std::string& name);

}  // namespace jungle::web
