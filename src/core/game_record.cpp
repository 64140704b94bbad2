#include "core/game_record.h"

#include <algorithm>
#include <array>

namespace jungle {

namespace {

// The tag roster of docs/records.md, in the order a record writes it.
constexpr std::array<std::string_view, 9> kTagOrder = {
    "Event", "Date", "Blue", "Red", "Result", "Variant", "Notation", "FEN", "Termination"};

int tag_rank(std::string_view name) {
  auto it = std::find(kTagOrder.begin(), kTagOrder.end(), name);
  return it == kTagOrder.end() ? int(kTagOrder.size()) : int(it - kTagOrder.begin());
}

}  // namespace

std::string GameRecord::tag(std::string_view name) const {
  for (const auto& [key, value] : tags) {
    if (key == name) return value;
  }
  return {};
}

void GameRecord::set_tag(std::string_view name, std::string value) {
  for (auto& [key, old] : tags) {
    if (key == name) {
      old = std::move(value);
      return;
    }
  }
  // A roster tag goes to its place among the roster; any other tag goes last.
  const int rank = tag_rank(name);
  auto it = std::find_if(tags.begin(), tags.end(),
                         [&](const auto& t) { return tag_rank(t.first) > rank; });
  if (rank == int(kTagOrder.size())) it = tags.end();
  tags.insert(it, {std::string(name), std::move(value)});
}

RecordError::RecordError(int game, TextPlace at, const std::string& message)
    : std::runtime_error([&] {
        std::string place;
        auto add = [&](const char* what, int n) {
          if (n > 0) place += (place.empty() ? "" : ", ") + std::string(what) + std::to_string(n);
        };
        add("game ", game);
        add("line ", at.line);
        // A column without its line would point nowhere.
        if (at.line > 0) add("column ", at.column);
        return place.empty() ? message : place + ": " + message;
      }()),
      game_(game),
      at_(at) {}

}  // namespace jungle
