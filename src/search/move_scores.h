#pragma once

#include <bit>
#include <cstdint>

#include "core/bitboard.h"
#include "core/types.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace jungle {

// What orders the quiet moves of a node: the killers of its ply, the reply
// to the opponent's last move that cut off before (counter), and the
// history of the side to move, read at each move's own bits (a move's
// from | to << 6 indexes the 4,096 entries).
struct QuietOrder {
  const int* history;
  Move killer0, killer1, counter;
};

// The scores of the quiet moves' kinds; captures score from 1 << 28 up,
// above all of them, and history stays below 1 << 27.
inline constexpr int kKiller0Score = (1 << 27) + 2;
inline constexpr int kKiller1Score = (1 << 27) + 1;
inline constexpr int kCounterScore = 1 << 27;

inline int quiet_score(const QuietOrder& order, Move m) {
  if (m == order.killer0) return kKiller0Score;
  if (m == order.killer1) return kKiller1Score;
  if (m == order.counter) return kCounterScore;
  return order.history[m.raw()];
}

// scores[i] for moves[0, count), moves of the side to move in a position
// whose pieces stand on `occupied`: capture_score(m) for a move onto a
// piece (always an enemy's), quiet_score otherwise. One move at a time.
template <typename CaptureScore>
inline void score_moves_scalar(const Move* moves, int count, int* scores, Bitboard occupied,
                               const QuietOrder& order, CaptureScore&& capture_score) {
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    scores[i] = (occupied & square_bb(m.to())) ? capture_score(m) : quiet_score(order, m);
  }
}

#if defined(__AVX2__)
// The same scores, eight moves at a time: the history gathered, the killers
// and the counter move blended in by comparison (the counter first, so
// that a killer that is also the counter scores as a killer, as in
// quiet_score), the destinations tested against `occupied` four at a time
// (a 64-bit shift by each), then the few captures scored one by one. The
// moves past the last full block of eight go one at a time: the list's
// slots beyond `count` hold no moves, and a gather must not read the
// history at an index that is none.
template <typename CaptureScore>
inline void score_moves(const Move* moves, int count, int* scores, Bitboard occupied,
                        const QuietOrder& order, CaptureScore&& capture_score) {
  constexpr int kLanes = 8;
  const __m256i pieces = _mm256_set1_epi64x(int64_t(occupied));
  const __m256i square_mask = _mm256_set1_epi32(63);
  const __m256i killer0 = _mm256_set1_epi32(order.killer0.raw());
  const __m256i killer1 = _mm256_set1_epi32(order.killer1.raw());
  const __m256i counter = _mm256_set1_epi32(order.counter.raw());
  int i = 0;
  for (; i + kLanes <= count; i += kLanes) {
    const __m256i m =
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(moves + i)));
    __m256i score = _mm256_i32gather_epi32(order.history, m, 4);
    score =
        _mm256_blendv_epi8(score, _mm256_set1_epi32(kCounterScore), _mm256_cmpeq_epi32(m, counter));
    score =
        _mm256_blendv_epi8(score, _mm256_set1_epi32(kKiller1Score), _mm256_cmpeq_epi32(m, killer1));
    score =
        _mm256_blendv_epi8(score, _mm256_set1_epi32(kKiller0Score), _mm256_cmpeq_epi32(m, killer0));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(scores + i), score);
    const __m256i to = _mm256_and_si256(_mm256_srli_epi32(m, 6), square_mask);
    // Each destination's bit of `occupied` at the bottom of a 64-bit lane,
    // four lanes a half, then shifted to the lane's sign for the mask.
    const __m256i low =
        _mm256_srlv_epi64(pieces, _mm256_cvtepu32_epi64(_mm256_castsi256_si128(to)));
    const __m256i high =
        _mm256_srlv_epi64(pieces, _mm256_cvtepu32_epi64(_mm256_extracti128_si256(to, 1)));
    const unsigned occupied_low =
        unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_slli_epi64(low, 63))));
    const unsigned occupied_high =
        unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_slli_epi64(high, 63))));
    for (unsigned captures = occupied_low | occupied_high << 4; captures;
         captures &= captures - 1) {
      const int at = i + std::countr_zero(captures);
      scores[at] = capture_score(moves[at]);
    }
  }
  score_moves_scalar(moves + i, count - i, scores + i, occupied, order, capture_score);
}
#else
template <typename CaptureScore>
inline void score_moves(const Move* moves, int count, int* scores, Bitboard occupied,
                        const QuietOrder& order, CaptureScore&& capture_score) {
  score_moves_scalar(moves, count, scores, occupied, order, capture_score);
}
#endif

}  // namespace jungle
