#pragma once

#include <atomic>
#include <functional>
#include <thread>
#include <utility>

// The thread an engine answers on, for the engines whose search has no
// thread of its own (flip, hidden): go starts the work and returns, wait
// joins it, and searching() is true from the start until the work has
// delivered its answer.

namespace jungle::game {

class SearchThread {
 public:
  SearchThread() = default;
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;
  ~SearchThread() { join(); }

  // Joins the previous work, then runs `work` on a new thread.
  void start(std::function<void()> work) {
    join();
    busy_ = true;
    thread_ = std::thread([this, work = std::move(work)] {
      work();
      busy_ = false;
    });
  }
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  bool busy() const { return busy_; }

 private:
  std::thread thread_;
  std::atomic<bool> busy_{false};
};

}  // namespace jungle::game
