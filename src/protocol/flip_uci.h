#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "flip/flip_position.h"
#include "flip/flip_search.h"

namespace jungle {

// The engine protocol for a Flip Jungle set (setoption name Variant value
// flip): `position startpos|fen FEN [moves b2?=L a1a2 ...]` with every flip
// written with what it revealed, `go [depth N] [nodes N] [movetime MS]
// [wtime/btime MS] [infinite]` answering `bestmove b2?` (the flip to make;
// the interface then tells what it revealed) or a move, `d` and `stop`.
// Each depth reports `info depth D score cp C nodes N time T pv ACTION`,
// C being the expected score (10 points a Cat = 100 cp), and `info string
// expected score S` in points. The search runs in its own thread.
class FlipUciSession {
 public:
  using Writer = std::function<void(std::string_view)>;
  FlipUciSession(flip::FlipRulesPtr rules, Writer send, Writer error);
  ~FlipUciSession();

  void position(const std::vector<std::string>& args);
  void go(const std::vector<std::string>& args);
  void display();
  void new_game();
  void stop();
  void wait();  // until the running search has ended by itself

 private:
  flip::FlipRulesPtr rules_;
  Writer send_, error_;
  flip::FlipPosition pos_;
  bool position_rejected_ = false;
  std::unique_ptr<flip::FlipSearcher> searcher_;
  std::thread thread_;
};

}  // namespace jungle
