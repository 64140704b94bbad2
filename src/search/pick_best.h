#pragma once

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace jungle {

// Index of the first highest score in scores[begin, end), begin < end: the
// next move of the search's selection sort. The first of equal scores wins,
// so that the order, and with it the search's tree, does not depend on how
// the maximum is found.
inline int pick_best_scalar(const int* scores, int begin, int end) {
  int best = scores[begin];
  for (int j = begin + 1; j < end; ++j) best = best < scores[j] ? scores[j] : best;
  int pick = begin;
  while (scores[pick] != best) ++pick;
  return pick;
}

#if defined(__AVX2__)
// One pass in eight lanes: each lane keeps its highest score and the index
// where it first saw it (a later equal score does not replace it), then the
// lanes holding the maximum give their lowest index. A list of 30 moves
// takes about half the instructions of the scalar version's two passes (a
// vectorised maximum, then a search for its first index). The last block
// overlaps the one before: a lane sees its indices in increasing order, and
// a score seen twice is the same index.
inline int pick_best(const int* scores, int begin, int end) {
  constexpr int kLanes = 8;
  if (end - begin < kLanes) return pick_best_scalar(scores, begin, end);
  auto load = [scores](int at) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(scores + at));
  };
  const __m256i step = _mm256_set1_epi32(kLanes);
  __m256i index =
      _mm256_add_epi32(_mm256_set1_epi32(begin), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  __m256i best = load(begin);
  __m256i best_index = index;
  auto take = [&](int at) {
    const __m256i block = load(at);
    const __m256i higher = _mm256_cmpgt_epi32(block, best);
    best = _mm256_blendv_epi8(best, block, higher);
    best_index = _mm256_blendv_epi8(best_index, index, higher);
  };
  int at = begin + kLanes;
  for (; at + kLanes <= end; at += kLanes) {
    index = _mm256_add_epi32(index, step);
    take(at);
  }
  if (at < end) {
    index = _mm256_add_epi32(index, _mm256_set1_epi32(end - at));
    take(end - kLanes);
  }
  // The maximum in every lane, by two swaps of halves and one of neighbours.
  __m256i top = _mm256_max_epi32(best, _mm256_permute2x128_si256(best, best, 1));
  top = _mm256_max_epi32(top, _mm256_shuffle_epi32(top, _MM_SHUFFLE(1, 0, 3, 2)));
  top = _mm256_max_epi32(top, _mm256_shuffle_epi32(top, _MM_SHUFFLE(2, 3, 0, 1)));
  // Lanes below the maximum offer an index past every candidate.
  const __m256i holds_top = _mm256_cmpeq_epi32(best, top);
  __m256i first = _mm256_blendv_epi8(_mm256_set1_epi32(end), best_index, holds_top);
  first = _mm256_min_epi32(first, _mm256_permute2x128_si256(first, first, 1));
  first = _mm256_min_epi32(first, _mm256_shuffle_epi32(first, _MM_SHUFFLE(1, 0, 3, 2)));
  first = _mm256_min_epi32(first, _mm256_shuffle_epi32(first, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm256_cvtsi256_si32(first);
}
#else
inline int pick_best(const int* scores, int begin, int end) {
  return pick_best_scalar(scores, begin, end);
}
#endif

}  // namespace jungle
