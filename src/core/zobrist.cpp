#include "core/zobrist.h"

#include <array>

namespace jungle::zobrist {

namespace {

constexpr uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

struct Keys {
  std::array<std::array<uint64_t, 64>, 17> piece{};  // row 16, kNoPiece, stays zero
  uint64_t side = 0;
};

constexpr Keys make_keys() {
  Keys keys;
  uint64_t state = 0x4A554E474C45ULL;  // "JUNGLE"
  for (int p = 0; p < 16; ++p) {
    for (auto& k : keys.piece[p]) k = splitmix64(state++);
  }
  keys.side = splitmix64(state++);
  return keys;
}

constexpr Keys kKeys = make_keys();

}  // namespace

const std::array<std::array<uint64_t, 64>, 17> kPieceKeys = kKeys.piece;
const uint64_t kSideKey = kKeys.side;

uint64_t water_turns_key(int water_index, int turns) {
  return splitmix64(0x57415445520000ULL ^ (uint64_t(water_index) << 16) ^ uint64_t(turns));
}
uint64_t den_turns_key(Side side, int turns) {
  return splitmix64(0x44454E0000000ULL ^ (uint64_t(side) << 20) ^ uint64_t(turns));
}

}  // namespace jungle::zobrist
