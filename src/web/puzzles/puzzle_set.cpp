#include "web/puzzles/puzzle_set.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "web/puzzles/embedded_puzzles.h"

namespace jungle::web {

namespace {

// FNV-1a, as the puzzle ids are made: the same on every machine and build.
uint64_t daily_hash(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : text) {
    h ^= uint8_t(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

std::vector<puzzles::Puzzle> read_puzzle_text(std::string_view text, const std::string& where) {
  puzzles::Database db = puzzles::read_database(text);
  if (!db.errors.empty()) {
    // The first bad line: the reader has already named its line and field.
    throw PuzzleSetError(where + ": " + db.errors.front().what());
  }
  std::vector<puzzles::Puzzle> out;
  out.reserve(db.puzzles.size());
  for (auto& entry : db.puzzles) out.push_back(std::move(entry.puzzle));
  return out;
}

}  // namespace

void PuzzleSet::add(const std::vector<puzzles::Puzzle>& more, const std::string& where) {
  puzzles_.insert(puzzles_.end(), more.begin(), more.end());
  std::sort(puzzles_.begin(), puzzles_.end(),
            [](const puzzles::Puzzle& a, const puzzles::Puzzle& b) { return a.id < b.id; });
  for (size_t i = 1; i < puzzles_.size(); ++i) {
    if (puzzles_[i].id == puzzles_[i - 1].id) {
      throw PuzzleSetError(where + ": the puzzle " + puzzles_[i].id + " is there twice");
    }
  }
}

PuzzleSet PuzzleSet::parse(std::string_view text, const std::string& where) {
  PuzzleSet set;
  set.add(read_puzzle_text(text, where), where);
  if (set.puzzles_.empty()) throw PuzzleSetError(where + ": holds no puzzle");
  return set;
}

PuzzleSet PuzzleSet::shipped() {
  PuzzleSet set;
  for (const EmbeddedPuzzles& file : embedded_puzzles()) {
    const std::string where = "data/puzzles/" + std::string(file.name) + ".jsonl";
    set.add(read_puzzle_text(file.text, where), where);
  }
  if (set.puzzles_.empty()) throw PuzzleSetError("data/puzzles/ holds no puzzle");
  return set;
}

PuzzleSet PuzzleSet::from_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw PuzzleSetError("cannot read the puzzle database " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path.string());
}

const puzzles::Puzzle* PuzzleSet::find(std::string_view id) const {
  const auto it =
      std::lower_bound(puzzles_.begin(), puzzles_.end(), id,
                       [](const puzzles::Puzzle& p, std::string_view key) { return p.id < key; });
  return it != puzzles_.end() && it->id == id ? &*it : nullptr;
}

std::vector<std::pair<std::string, int>> PuzzleSet::theme_counts() const {
  std::vector<std::pair<std::string, int>> counts;
  for (const std::string_view name : puzzles::kThemeNames) {
    int n = 0;
    for (const puzzles::Puzzle& p : puzzles_) {
      n += int(std::count(p.themes.begin(), p.themes.end(), name));
    }
    counts.emplace_back(std::string(name), n);
  }
  return counts;
}

const puzzles::Puzzle& PuzzleSet::daily(std::string_view day) const {
  return puzzles_[daily_hash("daily " + std::string(day)) % puzzles_.size()];
}

}  // namespace jungle::web
