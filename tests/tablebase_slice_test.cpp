// The sliced solve that MPI's ranks run (tablebase/solver.h), here with the
// ranks as threads of one process: every slicing gives the values, and so
// the file, of the solve in one piece; an error on one rank stops them all
// with its reason. tablebase_mpi_test.cpp runs the same over mpirun.

#include <gtest/gtest.h>
#include <unistd.h>

#include <barrier>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "core/variants.h"
#include "file_bytes.h"
#include "tablebase/generate.h"
#include "tablebase/solver.h"

namespace jungle {
namespace {

// What the ranks of one sliced solve share when they are threads.
struct ThreadGroup {
  explicit ThreadGroup(int n)
      : ranks(n),
        barrier(n),
        boxes(size_t(n * n)),
        numbers(size_t(n)),
        texts(size_t(n)),
        slices(size_t(n)) {}
  int ranks;
  std::barrier<> barrier;
  std::vector<std::vector<uint32_t>> boxes;  // [from * ranks + to]
  std::vector<std::vector<uint64_t>> numbers;
  std::vector<std::string> texts;
  std::vector<std::vector<tb::Value>> slices;
};

class ThreadSliceComm final : public tb::SliceComm {
 public:
  ThreadSliceComm(ThreadGroup& group, int rank) : g_(group), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return g_.ranks; }
  std::vector<uint32_t> exchange(const std::vector<std::vector<uint32_t>>& out,
                                 std::span<uint64_t> max_of) override {
    for (int to = 0; to < g_.ranks; ++to) g_.boxes[size_t(rank_ * g_.ranks + to)] = out[size_t(to)];
    g_.numbers[size_t(rank_)].assign(max_of.begin(), max_of.end());
    g_.barrier.arrive_and_wait();
    std::vector<uint32_t> in;
    for (int from = 0; from < g_.ranks; ++from) {
      const auto& box = g_.boxes[size_t(from * g_.ranks + rank_)];
      in.insert(in.end(), box.begin(), box.end());
    }
    for (size_t i = 0; i < max_of.size(); ++i) {
      for (const auto& n : g_.numbers) max_of[i] = std::max(max_of[i], n[i]);
    }
    ++exchanges;
    g_.barrier.arrive_and_wait();
    return in;
  }
  void max(std::span<uint64_t> values) override {
    g_.numbers[size_t(rank_)].assign(values.begin(), values.end());
    g_.barrier.arrive_and_wait();
    for (size_t i = 0; i < values.size(); ++i) {
      for (const auto& n : g_.numbers) values[i] = std::max(values[i], n[i]);
    }
    g_.barrier.arrive_and_wait();
  }
  void gather(std::span<const tb::Value> mine, std::span<tb::Value> rest) override {
    g_.slices[size_t(rank_)].assign(mine.begin(), mine.end());
    g_.barrier.arrive_and_wait();
    if (rank_ == 0) {
      size_t at = 0;
      for (int r = 1; r < g_.ranks; ++r) {
        const auto& slice = g_.slices[size_t(r)];
        EXPECT_LE(at + slice.size(), rest.size());
        std::copy(slice.begin(), slice.end(), rest.begin() + std::ptrdiff_t(at));
        at += slice.size();
      }
      EXPECT_EQ(at, rest.size());
    }
    g_.barrier.arrive_and_wait();
  }
  std::string first_error(const std::string& mine) override {
    g_.texts[size_t(rank_)] = mine;
    g_.barrier.arrive_and_wait();
    std::string first;
    for (const std::string& t : g_.texts) {
      if (first.empty()) first = t;
    }
    g_.barrier.arrive_and_wait();
    return first;
  }
  [[noreturn]] void abort(const std::string& why) override {
    ADD_FAILURE() << "rank " << rank_ << " aborted: " << why;
    std::abort();
  }
  int exchanges = 0;

 private:
  ThreadGroup& g_;
  int rank_;
};

using test::file_bytes;

class TablebaseSliceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("jungle-tb-slice-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Every smaller table `materials` capture into, made in one process.
  std::shared_ptr<const tb::TbRules> prepare(const std::string& variant,
                                             const std::vector<std::string>& materials) {
    auto rules = std::make_shared<const tb::TbRules>(load_variant(variant));
    tb::GenerateOptions opt;
    opt.out = dir_;
    opt.threads = 2;
    for (const std::string& name : materials) {
      const tb::Material m = *tb::Material::parse(name);
      for (int j = 0; j < m.size(); ++j) {
        const tb::Material sub = m.without(j);
        if (sub.count(kBlue) && sub.count(kRed)) opt.materials.push_back(sub);
      }
    }
    tb::generate(rules, opt);
    return rules;
  }

  // Solves `m` with `ranks` threads as ranks; returns each rank's table and
  // adds what each counted done.
  std::vector<tb::Table> solve_in_slices(const std::shared_ptr<const tb::TbRules>& rules,
                                         tb::Material m, int ranks,
                                         std::vector<std::filesystem::path> folders,
                                         std::atomic<uint64_t>& done, int* exchanges = nullptr) {
    ThreadGroup group(ranks);
    std::vector<tb::Table> tables(static_cast<size_t>(ranks));
    std::vector<std::string> errors(static_cast<size_t>(ranks));
    std::vector<std::unique_ptr<ThreadSliceComm>> comms;
    for (int r = 0; r < ranks; ++r) comms.push_back(std::make_unique<ThreadSliceComm>(group, r));
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks; ++r) {
      threads.emplace_back([&, r] {
        const tb::TableStore store(rules, folders[size_t(r)]);
        try {
          tables[size_t(r)] =
              tb::solve_sliced(*rules, m, store, 1 + r % 2, &done, *comms[size_t(r)]);
        } catch (const tb::TableError& e) {
          errors[size_t(r)] = e.what();
        }
      });
    }
    for (std::thread& t : threads) t.join();
    if (exchanges) *exchanges = comms[0]->exchanges;
    last_errors_ = errors;
    return tables;
  }

  std::filesystem::path dir_;
  std::vector<std::string> last_errors_;
};

TEST_F(TablebaseSliceTest, EverySlicingGivesTheFileOfOneProcess) {
  const std::vector<std::string> materials = {"LR-e", "R-er", "EC-r", "CR-c"};
  const auto rules = prepare("standard", materials);
  const tb::TableStore store(rules, dir_);
  for (const std::string& name : materials) {
    const tb::Material m = rules->representative(*tb::Material::parse(name));
    std::atomic<uint64_t> whole_done{0};
    const tb::Table whole = tb::solve(*rules, m, store, 2, &whole_done);
    const uint64_t positions = rules->layout(m).positions;
    EXPECT_EQ(whole_done.load(), positions);
    tb::write_table(dir_ / "whole.jtb", whole);
    for (int ranks : {2, 3, 5}) {
      SCOPED_TRACE(name + " over " + std::to_string(ranks) + " ranks");
      std::atomic<uint64_t> done{0};
      int exchanges = 0;
      const std::vector<tb::Table> tables =
          solve_in_slices(rules, m, ranks, std::vector<std::filesystem::path>(size_t(ranks), dir_),
                          done, &exchanges);
      for (const std::string& e : last_errors_) EXPECT_EQ(e, "");
      // The work counted over the ranks is the whole table's, once.
      EXPECT_EQ(done.load(), positions);
      // The walk back went distance by distance, each with an exchange.
      EXPECT_GT(exchanges, 10);
      ASSERT_EQ(tables[0].values.size(), whole.values.size());
      EXPECT_TRUE(tables[0].values == whole.values);
      EXPECT_EQ(tables[0].checksum, whole.checksum);
      for (int r = 1; r < ranks; ++r) EXPECT_TRUE(tables[size_t(r)].values.empty());
      tb::write_table(dir_ / "sliced.jtb", tables[0]);
      EXPECT_EQ(file_bytes(dir_ / "sliced.jtb"), file_bytes(dir_ / "whole.jtb"));
    }
  }
}

TEST_F(TablebaseSliceTest, AnotherRuleSetSlicesAlike) {
  // academic: captures across the water's edge, the Elephant takes the Rat.
  const auto rules = prepare("academic", {"ER-e"});
  const tb::TableStore store(rules, dir_);
  const tb::Material m = rules->representative(*tb::Material::parse("ER-e"));
  const tb::Table whole = tb::solve(*rules, m, store, 1);
  std::atomic<uint64_t> done{0};
  const std::vector<tb::Table> tables =
      solve_in_slices(rules, m, 4, std::vector<std::filesystem::path>(4, dir_), done);
  EXPECT_TRUE(tables[0].values == whole.values);
  EXPECT_EQ(tables[0].counts.longest_win, whole.counts.longest_win);
  EXPECT_EQ(tables[0].counts.longest_win_entry, whole.counts.longest_win_entry);
}

TEST_F(TablebaseSliceTest, ARankThatCannotStartStopsEveryRankWithItsReason) {
  const auto rules = prepare("standard", {"LR-e"});
  // Rank 1 looks in an empty folder: the tables LR-e captures into are not there.
  const std::filesystem::path empty = dir_ / "empty";
  std::filesystem::create_directories(empty);
  const tb::Material m = rules->representative(*tb::Material::parse("LR-e"));
  std::atomic<uint64_t> done{0};
  solve_in_slices(rules, m, 3, {dir_, empty, dir_}, done);
  ASSERT_EQ(last_errors_.size(), 3u);
  // The first table LR-e captures into (taking the Lion leaves R-e).
  const std::string expected = (empty / "R-e.jtb").string() + ": no such file";
  for (const std::string& e : last_errors_) EXPECT_EQ(e, expected);
}

}  // namespace
}  // namespace jungle
