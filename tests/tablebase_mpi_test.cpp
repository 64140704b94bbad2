// `mpirun -np 2 --oversubscribe jungle tb gen` (tablebase/mpi_generate.h)
// against one process: the same files byte for byte, with materials handed
// out to the ranks and the larger ones solved by both ranks, each a slice;
// a rerun finds everything done; a table that fails ends every rank with
// one error. Skipped, saying why, when jungle was built without MPI.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "file_bytes.h"
#include "run_command_util.h"

namespace jungle {
namespace {

// Two materials of three pieces (solved by both ranks together with the
// threshold below) and what they capture into (two pieces, handed out).
constexpr const char* kMaterials = " --material LR-e --material EC-r";
constexpr const char* kSliceAbove = " --slice-entries 20000";

using test::file_bytes;

std::set<std::string> file_names(const std::filesystem::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.insert(entry.path().filename().string());
  }
  return names;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class TablebaseMpiTest : public ::testing::Test {
 protected:
  void SetUp() override {
#ifndef JUNGLE_MPIEXEC
    GTEST_SKIP() << "jungle was built without MPI (CMake found no Open MPI: scripts/setup.sh "
                    "installs libopenmpi-dev and openmpi-bin), so mpirun jungle tb gen is not "
                    "tested";
#else
    mpirun_ = std::string("timeout 300 ") + JUNGLE_MPIEXEC + " -np 2 --oversubscribe";
    // Under the sanitizers LeakSanitizer is off for the ranks only: Open MPI
    // does not free what MPI_Init allocates, and unloads the components
    // that did, so no suppression can name them. Address and undefined-
    // behaviour checks stay on; tablebase_slice_test.cpp checks the same
    // solver for leaks.
    if (std::getenv("JUNGLE_SANITIZED")) {
      mpirun_ = "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" " + mpirun_;
    }
    // Open MPI refuses to start as root unless told; CI may run as root or not.
    if (::geteuid() == 0) mpirun_ += " --allow-run-as-root";
#endif
    dir_ = std::filesystem::temp_directory_path() /
           ("jungle-tb-mpi-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }

  std::string gen(const std::filesystem::path& out, const std::string& options) const {
    return std::string(JUNGLE_BINARY) + " tb gen --out " + out.string() + options + " 2>&1";
  }

  std::string mpirun_;
  std::filesystem::path dir_;
};

TEST_F(TablebaseMpiTest, TwoRanksWriteTheFilesOfOneProcess) {
  std::string single;
  ASSERT_EQ(run_command(gen(dir_ / "single", kMaterials), single), 0) << single;
  EXPECT_NE(single.find("generated 6 tables (0 already there)"), std::string::npos) << single;
  EXPECT_EQ(single.find("MPI"), std::string::npos) << single;

  std::string mpi;
  ASSERT_EQ(
      run_command(mpirun_ + " " + gen(dir_ / "mpi", std::string(kMaterials) + kSliceAbove), mpi), 0)
      << mpi;
  // One summary line, from rank 0; both three-piece tables made by the two ranks together.
  EXPECT_EQ(count(mpi, "generated "), 1u) << mpi;
  EXPECT_NE(mpi.find("generated 6 tables (0 already there)"), std::string::npos) << mpi;
  EXPECT_NE(mpi.find("; 2 MPI ranks, 2 tables sliced across them"), std::string::npos) << mpi;

  const std::set<std::string> names = file_names(dir_ / "single");
  EXPECT_EQ(names.size(), 6u);
  EXPECT_EQ(file_names(dir_ / "mpi"), names);  // no probe or partial file left behind
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    const std::string a = file_bytes(dir_ / "single" / name);
    EXPECT_GT(a.size(), 192u);
    EXPECT_TRUE(a == file_bytes(dir_ / "mpi" / name)) << "the files differ";
  }

  // Resumable: a rerun finds every table finished, and one more material
  // is made on top of them.
  std::string again;
  ASSERT_EQ(
      run_command(mpirun_ + " " + gen(dir_ / "mpi", std::string(kMaterials) + kSliceAbove), again),
      0)
      << again;
  EXPECT_NE(again.find("generated 0 tables (6 already there)"), std::string::npos) << again;
  std::string more;
  const std::string one_more = " --material ER-e" + std::string(kSliceAbove);
  ASSERT_EQ(run_command(mpirun_ + " " + gen(dir_ / "mpi", one_more), more), 0) << more;
  EXPECT_NE(more.find("generated 2 tables (1 already there)"), std::string::npos) << more;
  ASSERT_EQ(run_command(gen(dir_ / "single", " --material ER-e"), single), 0) << single;
  EXPECT_EQ(file_names(dir_ / "mpi"), file_names(dir_ / "single"));
  for (const std::string& name : file_names(dir_ / "single")) {
    EXPECT_TRUE(file_bytes(dir_ / "single" / name) == file_bytes(dir_ / "mpi" / name)) << name;
  }
}

TEST_F(TablebaseMpiTest, ATableThatFailsEndsEveryRankWithOneError) {
  std::string out;
  ASSERT_EQ(run_command(gen(dir_, " --material R-e"), out), 0) << out;
  {
    // Damaged where only reading the values finds it: the header still says finished.
    std::fstream f(dir_ / "R-e.jtb", std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(-5, std::ios::end);
    char c = 0;
    f.get(c);
    f.seekp(-5, std::ios::end);
    f.put(char(c ^ 0x5A));
  }
  // LR-e captures into R-e: once handed to one rank, once solved by both.
  for (const std::string slicing : {"", kSliceAbove}) {
    SCOPED_TRACE(slicing.empty() ? "handed out" : "sliced");
    out.clear();
    EXPECT_EQ(run_command(mpirun_ + " " + gen(dir_, " --material LR-e" + slicing), out), 1) << out;
    EXPECT_EQ(count(out, "error: "), 1u) << out;
    EXPECT_NE(out.find("error: " + (dir_ / "R-e.jtb").string() + ": damaged"), std::string::npos)
        << out;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "TR-e.jtb"));
  }
}

}  // namespace
}  // namespace jungle
