#include "protocol/gtp_clock.h"

#include <algorithm>
#include <cstdio>

namespace jungle {

namespace {

std::string seconds(int64_t ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", double(ms) / 1000.0);
  return buf;
}

const char* system_name(GtpClock::System s) {
  switch (s) {
    case GtpClock::System::kNone:
      return "none";
    case GtpClock::System::kAbsolute:
      return "absolute";
    case GtpClock::System::kCanadian:
      return "canadian";
    case GtpClock::System::kByoyomi:
      return "byoyomi";
  }
  return "none";
}

}  // namespace

void GtpClock::set(System system, int64_t main_ms, int64_t byo_ms, int count) {
  system_ = system;
  const bool byo = system == System::kCanadian || system == System::kByoyomi;
  main_ms_ = system == System::kNone ? 0 : main_ms;
  byo_ms_ = byo ? byo_ms : 0;
  count_ = byo ? count : 0;
  for (const Side s : {kBlue, kRed}) {
    // No main time: the game starts in byo-yomi.
    const bool starts_in_byo = byo && main_ms_ == 0;
    left_[s] = starts_in_byo ? byo_ms_ : main_ms_;
    in_byo_[s] = starts_in_byo ? count_ : 0;
  }
}

void GtpClock::time_left(Side side, int64_t ms, int count) {
  // A controller that sends no setting first: its stones, if any, are a
  // Canadian period's.
  if (system_ == System::kNone) system_ = count > 0 ? System::kCanadian : System::kAbsolute;
  left_[side] = ms;
  in_byo_[side] = system_ == System::kAbsolute ? 0 : count;
}

void GtpClock::charge(Side side, int64_t elapsed_ms) {
  if (!on()) return;
  int64_t& left = left_[side];
  int& count = in_byo_[side];
  if (system_ == System::kByoyomi) {
    // The main time first; what is left over comes out of the periods, each
    // whole period spent losing one, and a move within a period keeping it.
    int64_t over = elapsed_ms;
    if (count == 0) {
      over = elapsed_ms - left;
      left = std::max<int64_t>(left - elapsed_ms, 0);
      if (over < 0 || count_ == 0) return;
      count = count_;
    }
    if (byo_ms_ > 0) count -= int(std::min<int64_t>(over / byo_ms_, count));
    // Out of periods the game is lost; the last one is kept at nothing left.
    left = count > 0 ? byo_ms_ : 0;
    count = std::max(count, 1);
    return;
  }
  left -= elapsed_ms;
  if (system_ == System::kCanadian) {
    if (count > 0 && --count == 0 && left >= 0) {
      left = byo_ms_;  // a period kept: a new one starts
      count = count_;
    } else if (count == 0 && left <= 0 && count_ > 0) {
      left = byo_ms_;  // main time spent: into byo-yomi
      count = count_;
    }
  }
  left = std::max<int64_t>(left, 0);
}

void GtpClock::fill(Side side, game::Limits& limits) const {
  if (!on()) return;
  for (const Side s : {kBlue, kRed}) limits.time_ms[s] = std::max<int64_t>(left_[s], 0);
  if (in_byo_[side] == 0) return;
  // Canadian: the period's time is for its stones; Japanese: for this move.
  limits.moves_to_go = system_ == System::kCanadian ? in_byo_[side] : 1;
}

std::string GtpClock::describe() const {
  if (!on()) return "";
  std::string out = std::string("Clock: ") + system_name(system_) + " " + seconds(main_ms_);
  if (system_ == System::kCanadian || system_ == System::kByoyomi) {
    out += " " + seconds(byo_ms_) + " " + std::to_string(count_);
  }
  for (const Side s : {kBlue, kRed}) {
    out += std::string("; ") + (s == kBlue ? "b " : "w ") + seconds(left_[s]) + " s";
    if (in_byo_[s] == 0) {
      if (system_ != System::kAbsolute) out += " main time";
    } else {
      out += ", " + std::to_string(in_byo_[s]) +
             (system_ == System::kCanadian ? " stones" : " periods") + " left";
    }
  }
  return out;
}

}  // namespace jungle
