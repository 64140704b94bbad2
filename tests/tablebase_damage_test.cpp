// Damaged tablebase folders: every kind of damage a file can have is
// refused with its file named, and the engine, `jungle tb probe` and the
// web app go on without the table (issue 29, items 5 and 6).

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/position.h"
#include "file_bytes.h"
#include "run_command_util.h"
#include "tablebase/generate.h"
#include "tablebase/tablebase.h"
#include "uci_session.h"

namespace jungle {
namespace {

using testing_uci::Session;
using testing_uci::starts_with;

// Header offsets (src/tablebase/table.cpp, docs/tablebases.md).
constexpr size_t kHeaderBytes = 192;
constexpr size_t kHeaderSizeAt = 12;
constexpr size_t kEntriesAt = 48;
constexpr size_t kCompressedBytesAt = 144;

// Rat against Elephant: the Rat's table is the one damaged below.
const char* const kRatFen = "7/e6/7/7/7/7/7/7/1R5 w";

void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

template <class T>
void put_field(std::string& bytes, size_t at, T value) {
  std::memcpy(bytes.data() + at, &value, sizeof value);
}

// The tables R-e and T-e under the standard rules, made once; each test
// damages a copy.
class TablebaseDamageTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    made_ = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                      ("jungle-tb-damage-" + std::to_string(::getpid())));
    std::filesystem::remove_all(*made_);
    tb::GenerateOptions opt;
    opt.out = *made_;
    opt.materials = {*tb::Material::parse("R-e"), *tb::Material::parse("T-e")};
    tb::generate(std::make_shared<const tb::TbRules>(RuleSet::standard()), opt);
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*made_);
    delete made_;
  }
  void SetUp() override {
    dir_ = *made_;
    dir_ += "-copy";
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    for (const char* name : {"R-e.jtb", "T-e.jtb"}) {
      std::filesystem::copy_file(*made_ / name, dir_ / name);
    }
    rat_ = (dir_ / "R-e.jtb").string();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string rat_bytes() const { return test::file_bytes(rat_); }

  // The engine's session on the folder: setoption, the Rat's position, a search.
  std::vector<std::string> engine_lines() {
    Session s;
    std::vector<std::string> lines = s.send("setoption name TablebasePath value " + dir_.string());
    s.send(std::string("position fen ") + kRatFen);
    for (const std::string& line : s.send("go depth 3")) lines.push_back(line);
    return lines;
  }

  // The error the engine said first (before its bestmove), and that it gave a bestmove.
  void expect_error_then_bestmove(const std::string& error) {
    const std::vector<std::string> lines = engine_lines();
    size_t error_at = lines.size();
    size_t bestmove_at = lines.size();
    for (size_t i = 0; i < lines.size(); ++i) {
      if (error_at == lines.size() && starts_with(lines[i], "info string error: ")) error_at = i;
      if (starts_with(lines[i], "bestmove ")) bestmove_at = i;
    }
    ASSERT_LT(error_at, lines.size()) << ::testing::PrintToString(lines);
    EXPECT_NE(lines[error_at].find(error), std::string::npos) << lines[error_at];
    ASSERT_LT(bestmove_at, lines.size()) << ::testing::PrintToString(lines);
    EXPECT_LT(error_at, bestmove_at);
    EXPECT_NE(lines[bestmove_at], "bestmove 0000");
  }

  static std::filesystem::path* made_;
  std::filesystem::path dir_;
  std::string rat_;
};
std::filesystem::path* TablebaseDamageTest::made_ = nullptr;

TEST_F(TablebaseDamageTest, OneFlippedByteOfTheValues) {
  std::string bytes = rat_bytes();
  bytes[bytes.size() - 5] ^= 0x5A;
  write_bytes(rat_, bytes);
  // The header is sound: the damage shows when the search first reads the table.
  expect_error_then_bestmove("info string error: tablebase: " + rat_ + ": damaged (");
}

TEST_F(TablebaseDamageTest, ATruncatedFile) {
  std::string bytes = rat_bytes();
  const size_t values = bytes.size() - kHeaderBytes;
  bytes.resize(bytes.size() - 10);
  write_bytes(rat_, bytes);
  expect_error_then_bestmove(
      "info string error: setoption: TablebasePath '" + dir_.string() + "': " + rat_ +
      ": damaged (wrong length: the header gives " + std::to_string(values) +
      " bytes of values after the 192-byte header, the file has " + std::to_string(values - 10) +
      "); the engine plays on without this table");
}

TEST_F(TablebaseDamageTest, AnAppendedByte) {
  const std::string bytes = rat_bytes() + "x";
  write_bytes(rat_, bytes);
  expect_error_then_bestmove(rat_ + ": damaged (wrong length: the header gives " +
                             std::to_string(bytes.size() - 1 - kHeaderBytes) +
                             " bytes of values after the 192-byte header, the file has " +
                             std::to_string(bytes.size() - kHeaderBytes) + ")");
}

TEST_F(TablebaseDamageTest, AWrongEntryCount) {
  std::string bytes = rat_bytes();
  uint64_t entries = 0;
  std::memcpy(&entries, bytes.data() + kEntriesAt, sizeof entries);
  put_field(bytes, kEntriesAt, entries + 2);
  write_bytes(rat_, bytes);
  expect_error_then_bestmove(rat_ + ": has " + std::to_string(entries + 2) + " entries, expected " +
                             std::to_string(entries));
}

TEST_F(TablebaseDamageTest, AHugeCompressedSize) {
  std::string bytes = rat_bytes();
  put_field(bytes, kCompressedBytesAt, ~uint64_t(0));
  write_bytes(rat_, bytes);
  expect_error_then_bestmove(rat_ + ": damaged (wrong length: the header gives " +
                             std::to_string(~uint64_t(0)) + " bytes of values");
}

TEST_F(TablebaseDamageTest, TwoFilesSwapped) {
  const std::string rat = rat_bytes();
  const std::string tiger = test::file_bytes(dir_ / "T-e.jtb");
  write_bytes(rat_, tiger);
  write_bytes(dir_ / "T-e.jtb", rat);
  expect_error_then_bestmove(rat_ + ": holds material T-e, not R-e as its name says");
}

// A damaged table is read once: later probes throw the same error, and the
// damage is told once.
TEST_F(TablebaseDamageTest, ADamagedTableIsReadOnceAndToldOnce) {
  std::string bytes = rat_bytes();
  bytes[bytes.size() - 5] ^= 0x5A;
  write_bytes(rat_, bytes);
  const tb::Tablebase tables(RuleSet::standard(), dir_);
  EXPECT_TRUE(tables.new_damage().empty());
  const Position pos = Position::from_fen(kRatFen);
  std::string first;
  try {
    tables.probe(pos);
    ADD_FAILURE() << "a damaged table answered";
  } catch (const tb::TableError& e) {
    first = e.what();
  }
  EXPECT_EQ(first.rfind(rat_ + ": damaged (", 0), 0u) << first;
  // The file is gone now: a second read would say so, not repeat the damage.
  std::filesystem::remove(rat_);
  EXPECT_THROW(
      {
        try {
          tables.probe(pos);
        } catch (const tb::TableError& e) {
          EXPECT_EQ(std::string(e.what()), first);
          throw;
        }
      },
      tb::TableError);
  EXPECT_FALSE(tables.probe_unless_damaged(pos).has_value());
  EXPECT_EQ(tables.new_damage(), std::vector<std::string>{first});
  EXPECT_TRUE(tables.new_damage().empty());
  // The Tiger's table is sound and still answers.
  EXPECT_TRUE(tables.probe(Position::from_fen("7/e6/7/7/7/7/7/7/1T5 w")).has_value());
}

// No flipped byte of a table file gives a wrong value. The header's fields
// are checked one by one (the counts recounted, the names compared, the
// length and the entries): every flip there is refused. The values are
// checked by zstd and by the 64-bit checksum of what they unpack to: a flip
// there is refused, unless zstd unpacks it to the very same values (slack
// in its entropy tables), which leaves the table as sound as before. Only
// the rule set's name, which no value depends on, is not checked.
TEST_F(TablebaseDamageTest, NoFlippedByteGivesAWrongValue) {
  const tb::TbRules rules(RuleSet::standard());
  const tb::Material m = *tb::Material::parse("R-e");
  const std::string sound = rat_bytes();
  const uint64_t hash = rules.hash();
  const uint64_t entries = rules.layout(m).entries();
  const tb::Table good = tb::read_table(rat_, hash, m, entries);
  constexpr size_t kRulesNameAt = 152;
  std::vector<size_t> header_missed, wrong_values;
  int unchanged = 0;
  // One byte changed in place and put back, in the page cache: rewriting
  // the whole file each time made the test wait on the disk.
  std::fstream file(rat_, std::ios::in | std::ios::out | std::ios::binary);
  auto put = [&](size_t at, char c) {
    file.seekp(std::streamoff(at));
    file.put(c);
    file.flush();
  };
  for (size_t at = 0; at < sound.size(); ++at) {
    if (at >= kRulesNameAt && at < kHeaderBytes) continue;
    // Three flips of each header byte; one bit of each byte of the values
    // (the subtlest flip, and the test stays short).
    std::vector<char> flips = {char(0x01)};
    if (at < kHeaderBytes) flips = {char(0x01), char(0x80), char(0xFF)};
    for (const char flip : flips) {
      put(at, char(sound[at] ^ flip));
      try {
        const tb::Table t = tb::read_table(rat_, hash, m, entries);
        if (at < kHeaderBytes) header_missed.push_back(at);
        if (t.values != good.values) wrong_values.push_back(at);
        ++unchanged;
      } catch (const tb::TableError&) {
      }
    }
    put(at, sound[at]);
  }
  EXPECT_TRUE(header_missed.empty()) << ::testing::PrintToString(header_missed);
  EXPECT_TRUE(wrong_values.empty()) << ::testing::PrintToString(wrong_values);
  // Most flips of the values break them (a handful unpack unchanged).
  EXPECT_LT(unchanged, int(sound.size() - kHeaderBytes) / 20) << unchanged;
}

// Issue 29, item 6: a FIFO named like a table is refused at once, never
// opened for reading (which would wait for a writer for ever).
TEST_F(TablebaseDamageTest, AFifoAmongTheTablesIsRefusedAtOnce) {
  std::filesystem::remove(rat_);
  ASSERT_EQ(::mkfifo(rat_.c_str(), 0600), 0);
  std::string out;
  EXPECT_EQ(run_command("timeout 20 " + std::string(JUNGLE_BINARY) + " tb probe --tb " +
                            dir_.string() + " '" + kRatFen + "' 2>&1",
                        out),
            1)
      << out;
  EXPECT_EQ(out, "error: " + rat_ + ": not a regular file\n");
  const std::string script = dir_.string() + "/uci.txt";
  std::ofstream(script) << "setoption name TablebasePath value " << dir_.string()
                        << "\nposition fen " << kRatFen << "\ngo depth 2\n";
  out.clear();
  EXPECT_EQ(
      run_command("timeout 20 " + std::string(JUNGLE_BINARY) + " uci < " + script + " 2>&1", out),
      0)
      << out;
  const std::vector<std::string> lines = testing_uci::lines_of(out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "info string error: setoption: TablebasePath '" + dir_.string() +
                               "': " + rat_ +
                               ": not a regular file; the engine plays on without this table");
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << out;
  EXPECT_NE(lines.back(), "bestmove 0000");
}

TEST_F(TablebaseDamageTest, AHeaderSizeOtherThanVersionOnesSaysWhatIsWrong) {
  for (const uint32_t size : {0u, 0xFFFFFFFFu}) {
    std::string bytes = test::file_bytes(*made_ / "R-e.jtb");
    put_field(bytes, kHeaderSizeAt, size);
    write_bytes(rat_, bytes);
    std::string out;
    EXPECT_EQ(run_command("timeout 20 " + std::string(JUNGLE_BINARY) + " tb probe --tb " +
                              dir_.string() + " '" + kRatFen + "' 2>&1",
                          out),
              1)
        << out;
    EXPECT_EQ(out, "error: " + rat_ + ": damaged (header size " + std::to_string(size) +
                       ", format version 1 has a 192-byte header)\n");
  }
}

}  // namespace
}  // namespace jungle
