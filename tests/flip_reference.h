#pragma once

// A slow Flip Jungle move generator for the tests, written apart from
// src/flip: its own board (a 4x4 grid of characters), its own square
// arithmetic and its own reading of the FlipRules keys, so that the two
// agree only when both follow the rules as docs/rule-details.md states them.
// It does not track repetitions: a third occurrence needs at least eight
// quiet plies, more than the depths it is used at.

#include <cctype>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "flip/flip_rules.h"

namespace flip_reference {

struct Board {
  char grid[4][4];  // [rank][file]; '.' empty, '?' face down, letters face up
  char side;        // 'w', 'b' or '-' (colours undecided)
  std::string pool;
  int quiet = 0;
};

inline Board from_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string place, side, pool;
  Board b{};
  in >> place >> side >> pool >> b.quiet;
  int rank = 3, file = 0;
  for (char c : place) {
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '4') {
      for (int i = 0; i < c - '0'; ++i) b.grid[rank][file++] = '.';
    } else {
      b.grid[rank][file++] = c;
    }
  }
  b.side = side[0];
  b.pool = pool == "-" ? "" : pool;
  return b;
}

inline int strength(char c) {
  return int(std::string("rcdwptle").find(char(std::tolower(c))));
}
inline char colour(char c) {
  return std::isupper(static_cast<unsigned char>(c)) ? 'w' : 'b';
}

// 1: the attacker takes; 2: both die; 3: the attacker dies; 0: not allowed.
inline int fight(const jungle::flip::FlipRules& r, char a, char d) {
  int x = strength(a), y = strength(d);
  if (x == 0 && y == 7) return r.rat_takes_elephant ? 1 : (r.suicide ? 3 : 0);
  if (x == 7 && y == 0) return r.elephant_takes_rat ? 1 : 0;
  if (x == y) return r.equal_ranks == jungle::flip::EqualRanks::kBothDie ? 2 : 1;
  if (x > y) return 1;
  return r.suicide ? 3 : 0;
}

struct Act {
  int f1, r1, f2, r2;  // a flip has f1 == f2 and r1 == r2
};

inline std::vector<Act> actions(const jungle::flip::FlipRules& r, const Board& b) {
  std::vector<Act> out;
  bool has_own = false;
  if (b.side != '-') {
    for (int rk = 0; rk < 4; ++rk)
      for (int f = 0; f < 4; ++f)
        if (std::isalpha(static_cast<unsigned char>(b.grid[rk][f])) &&
            colour(b.grid[rk][f]) == b.side)
          has_own = true;
  }
  const int df[4] = {1, -1, 0, 0}, dr[4] = {0, 0, 1, -1};
  for (int rk = 0; rk < 4; ++rk) {
    for (int f = 0; f < 4; ++f) {
      if (b.grid[rk][f] != '?') continue;
      bool ok = true;
      if (r.flip_tiles == jungle::flip::FlipTiles::kAdjacent && has_own) {
        ok = false;
        for (int d = 0; d < 4; ++d) {
          int nf = f + df[d], nr = rk + dr[d];
          if (nf >= 0 && nf < 4 && nr >= 0 && nr < 4 &&
              std::isalpha(static_cast<unsigned char>(b.grid[nr][nf])) &&
              colour(b.grid[nr][nf]) == b.side)
            ok = true;
        }
      }
      if (ok) out.push_back({f, rk, f, rk});
    }
  }
  if (b.side == '-') return out;
  for (int rk = 0; rk < 4; ++rk) {
    for (int f = 0; f < 4; ++f) {
      char p = b.grid[rk][f];
      if (!std::isalpha(static_cast<unsigned char>(p)) || colour(p) != b.side) continue;
      for (int d = 0; d < 4; ++d) {
        int nf = f + df[d], nr = rk + dr[d];
        if (nf < 0 || nf > 3 || nr < 0 || nr > 3) continue;
        char t = b.grid[nr][nf];
        if (t == '.' || (std::isalpha(static_cast<unsigned char>(t)) && colour(t) != b.side &&
                         fight(r, p, t) != 0))
          out.push_back({f, rk, nf, nr});
      }
    }
  }
  return out;
}

inline int left_of(const Board& b, char side) {
  int n = 0;
  for (int rk = 0; rk < 4; ++rk)
    for (int f = 0; f < 4; ++f)
      if (std::isalpha(static_cast<unsigned char>(b.grid[rk][f])) && colour(b.grid[rk][f]) == side)
        ++n;
  for (char c : b.pool) n += colour(c) == side;
  return n;
}

inline bool outranks_all(const jungle::flip::FlipRules& r, const Board& b, char side) {
  std::string mine, theirs;
  for (int rk = 0; rk < 4; ++rk)
    for (int f = 0; f < 4; ++f)
      if (std::isalpha(static_cast<unsigned char>(b.grid[rk][f])))
        (colour(b.grid[rk][f]) == side ? mine : theirs) += b.grid[rk][f];
  for (char c : b.pool) (colour(c) == side ? mine : theirs) += c;
  for (char m : mine) {
    bool all = !theirs.empty();
    for (char t : theirs)
      all = all && fight(r, m, t) == 1 && (fight(r, t, m) == 0 || fight(r, t, m) == 3);
    if (all) return true;
  }
  return false;
}

inline bool finished(const jungle::flip::FlipRules& r, const Board& b) {
  if (left_of(b, 'w') == 0 || left_of(b, 'b') == 0) return true;
  if (b.side != '-' && r.strongest_wins && (outranks_all(r, b, 'w') || outranks_all(r, b, 'b')))
    return true;
  if (actions(r, b).empty()) return true;
  return r.quiet_limit > 0 && b.quiet >= r.quiet_limit;
}

inline uint64_t perft(const jungle::flip::FlipRules& r, const Board& b, int depth) {
  if (depth == 0) return 1;
  if (finished(r, b)) return 0;
  uint64_t n = 0;
  for (const Act& a : actions(r, b)) {
    if (a.f1 == a.f2 && a.r1 == a.r2) {
      for (size_t i = 0; i < b.pool.size(); ++i) {
        Board c = b;
        char piece = b.pool[i];
        c.pool.erase(i, 1);
        c.grid[a.r1][a.f1] = piece;
        c.side = colour(piece) == 'w' ? 'b' : 'w';
        if (b.side != '-') c.side = b.side == 'w' ? 'b' : 'w';
        c.quiet = 0;
        n += perft(r, c, depth - 1);
      }
      continue;
    }
    Board c = b;
    char p = b.grid[a.r1][a.f1], t = b.grid[a.r2][a.f2];
    c.grid[a.r1][a.f1] = '.';
    if (t == '.') {
      c.grid[a.r2][a.f2] = p;
      ++c.quiet;
    } else {
      int k = fight(r, p, t);
      c.grid[a.r2][a.f2] = k == 1 ? p : k == 2 ? '.' : t;
      c.quiet = 0;
    }
    c.side = b.side == 'w' ? 'b' : 'w';
    n += perft(r, c, depth - 1);
  }
  return n;
}

}  // namespace flip_reference
