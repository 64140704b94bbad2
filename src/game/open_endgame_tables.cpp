#include "game/open_endgame_tables.h"

#include <map>
#include <mutex>
#include <stdexcept>

#include "core/position.h"
#include "game/rules_of_family.h"
#include "tablebase/tablebase.h"

namespace jungle::game {

namespace {

EndgameVerdict verdict_of(const tb::Verdict& v) {
  return {v.wdl == tb::Wdl::kWin ? 1 : v.wdl == tb::Wdl::kLoss ? -1 : 0, v.distance};
}

// A table file's error names its folder; the answers name the file alone.
std::string without_folder(const std::string& error, const std::filesystem::path& dir) {
  const std::string prefix = (dir / "").string();
  return error.compare(0, prefix.size(), prefix) == 0 ? error.substr(prefix.size()) : error;
}

class OpenEndgameTables final : public EndgameTables {
 public:
  explicit OpenEndgameTables(std::filesystem::path folder) : folder_(std::move(folder)) {}

  EndgameDistance distance() const override { return EndgameDistance::kToEnd; }

  EndgameAnswer probe(std::string_view variant, std::string_view fen) const override {
    const RuleSetPtr rules = load_rules_hiding(variant, false);
    Position pos;
    try {
      pos = Position::from_fen(std::string(fen), rules);
    } catch (const FenError& e) {
      throw std::invalid_argument(e.what());
    }
    if (folder_.empty()) return endgame_refusal("the server has no tablebase");
    std::string why;
    const std::shared_ptr<const tb::Tablebase> tables = open(variant, rules, why);
    if (!tables) return endgame_refusal(why);
    EndgameAnswer answer;
    try {
      const std::optional<tb::Verdict> v = tables->probe(pos);
      if (!v) return endgame_refusal("no table covers this position");
      answer.verdict = verdict_of(*v);
      for (const tb::Tablebase::MoveValue& m : tables->move_values(pos)) {
        answer.moves.push_back({rules->geometry().move_text(m.move), verdict_of(m.verdict)});
      }
    } catch (const tb::TableError& e) {
      throw EndgameTableDamage("a table this position needs is damaged on the server: " +
                               without_folder(e.what(), folder_));
    }
    return answer;
  }

  std::vector<std::string> new_damage() const override {
    std::vector<std::string> out;
    const std::lock_guard lock(mutex_);
    for (const auto& [variant, entry] : open_) {
      if (!entry.tables) continue;
      for (std::string& e : entry.tables->new_damage()) out.push_back(std::move(e));
    }
    return out;
  }

 private:
  struct Entry {
    std::shared_ptr<const tb::Tablebase> tables;
    std::string why;  // why the folder does not fit the rule set
  };

  // The folder opened once per rule set; a rule set the tables were not
  // made for is remembered with its reason.
  std::shared_ptr<const tb::Tablebase> open(std::string_view variant, const RuleSetPtr& rules,
                                            std::string& why) const {
    const std::lock_guard lock(mutex_);
    auto it = open_.find(variant);
    if (it == open_.end()) {
      Entry e;
      try {
        e.tables = std::make_shared<const tb::Tablebase>(rules, folder_);
      } catch (const std::exception& ex) {
        e.why = ex.what();
      }
      it = open_.emplace(std::string(variant), std::move(e)).first;
    }
    why = it->second.why;
    return it->second.tables;
  }

  std::filesystem::path folder_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, Entry, std::less<>> open_;
};

}  // namespace

std::unique_ptr<EndgameTables> open_endgame_tables(const EndgameTableSource& source) {
  return std::make_unique<OpenEndgameTables>(source.folder);
}

}  // namespace jungle::game
