#include "hidden_search/belief_check.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace jungle::hidden {

void BeliefAccuracy::add(const BeliefAccuracy& other) {
  positions += other.positions;
  pieces += other.pieces;
  log_sum += other.log_sum;
  p_sum += other.p_sum;
  brier_sum += other.brier_sum;
  moves += other.moves;
  model_nodes += other.model_nodes;
}

namespace {

// Scores `view`'s belief of the enemy's pieces against the truth `truth`.
void score(const PlayerView& view, const Position& truth, BeliefAccuracy& out) {
  const Side enemy = opponent(*view.viewer());
  const std::vector<int>& ids = view.side_pieces(enemy);
  // The belief's pieces are side_pieces' order.
  const std::vector<std::array<double, kAnimals>> marginals = view.belief(enemy).marginals();
  bool any = false;
  for (size_t k = 0; k < ids.size(); ++k) {
    const PieceInfo& p = view.pieces()[size_t(ids[k])];
    if (!p.on_board() || !view.animal_unknown(ids[k])) continue;
    const Piece truly = truth.piece_on(p.square);
    if (truly == kNoPiece) continue;
    const double prob = marginals[k][size_t(animal_of(truly))];
    out.pieces += 1;
    out.p_sum += prob;
    out.log_sum += std::log(std::max(prob, kLeastScoredProbability));
    for (int a = 0; a < kAnimals; ++a) {
      const double miss = marginals[k][size_t(a)] - (a == int(animal_of(truly)) ? 1.0 : 0.0);
      out.brier_sum += miss * miss;
    }
    any = true;
  }
  if (any) out.positions += 1;
}

}  // namespace

BeliefAccuracy belief_accuracy(const HiddenGame& game, Side side,
                               const MoveReadingOptions& reading) {
  BeliefAccuracy out;
  // The game again from its start, the player's belief read as its engine
  // reads it before each of its moves.
  HiddenGame replay(game.start(), game.variant());
  MoveReader reader(reading);
  const bool reads = reading.temperature > 0;
  for (const Observation& o : game.announcements()) {
    if (replay.over()) break;
    if (replay.side_to_move() == side) {
      const PlayerView& view = replay.view(side);
      out.moves += 1;
      if (reads) {
        score(reader.weigh(view), replay.truth(), out);
        out.model_nodes += reader.nodes();
      } else {
        score(view, replay.truth(), out);
      }
    }
    replay.play(o.move);
  }
  return out;
}

namespace {

// A number of `text`'s field `what`, all of the field.
double number_of(std::string_view field, std::string_view text, const char* what) {
  double v = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (field.empty() || error != std::errc() || end != field.data() + field.size()) {
    throw std::invalid_argument("reading '" + std::string(text) + "': the " + what + " '" +
                                std::string(field) + "' is not a number");
  }
  return v;
}

}  // namespace

MoveReadingOptions parse_reading(std::string_view text) {
  std::vector<std::string_view> fields;
  size_t at = 0;
  while (true) {
    const size_t colon = text.find(':', at);
    fields.push_back(text.substr(at, colon == std::string_view::npos ? colon : colon - at));
    if (colon == std::string_view::npos) break;
    at = colon + 1;
  }
  if (fields.size() < 2 || fields.size() > 4) {
    throw std::invalid_argument("reading '" + std::string(text) +
                                "': write TEMPERATURE:UNIFORM, TEMPERATURE:UNIFORM:WORLDS or "
                                "TEMPERATURE:UNIFORM:WORLDS:ACTIVITY (100:0.2, 0:0 for the "
                                "deductions alone, 100:0.2:8, 20:0.2:8:0.5)");
  }
  MoveReadingOptions out;
  out.temperature = number_of(fields[0], text, "temperature");
  out.uniform = number_of(fields[1], text, "uniform share");
  const double worlds = fields.size() >= 3 ? number_of(fields[2], text, "worlds") : 0;
  out.activity = fields.size() == 4 ? number_of(fields[3], text, "activity") : 0;
  if (out.temperature < 0 || out.temperature > kMaxReadTemperature)
    throw std::invalid_argument("reading '" + std::string(text) +
                                "': the temperature must be from 0 to " +
                                std::to_string(kMaxReadTemperature) + " centipawns");
  if (out.uniform < 0 || out.uniform > 1)
    throw std::invalid_argument("reading '" + std::string(text) +
                                "': the uniform share must be from 0 to 1");
  if (worlds < 0 || worlds > kMaxReadWorlds || worlds != std::floor(worlds))
    throw std::invalid_argument("reading '" + std::string(text) +
                                "': the worlds must be a whole number from 0 to " +
                                std::to_string(kMaxReadWorlds));
  if (out.activity < 0 || out.activity * 100 > kMaxReadActivityPercent)
    throw std::invalid_argument("reading '" + std::string(text) +
                                "': the activity's power must be from 0 to " +
                                std::to_string(kMaxReadActivityPercent / 100));
  out.worlds = int(worlds);
  return out;
}

std::string reading_text(const MoveReadingOptions& reading) {
  if (reading.temperature <= 0) return "deductions alone";
  char text[64];
  std::snprintf(text, sizeof text, "%g:%g:%d", reading.temperature, reading.uniform,
                reading.worlds);
  std::string out = text;
  if (reading.activity > 0) {
    std::snprintf(text, sizeof text, ":%g", reading.activity);
    out += text;
  }
  return out;
}

BeliefTally::BeliefTally(std::vector<MoveReadingOptions> readings)
    : readings_(std::move(readings)), accuracy_(readings_.size()) {}

void BeliefTally::add(const HiddenGame& game, Side side) {
  std::vector<double> logs;
  int pieces = 0;
  for (size_t r = 0; r < readings_.size(); ++r) {
    const BeliefAccuracy a = belief_accuracy(game, side, readings_[r]);
    accuracy_[r].add(a);
    logs.push_back(a.log_sum);
    pieces = a.pieces;
  }
  game_logs_.push_back(std::move(logs));
  game_pieces_.push_back(pieces);
}

void BeliefTally::print(std::ostream& out) const {
  for (size_t r = 0; r < readings_.size(); ++r) {
    const BeliefAccuracy& a = accuracy_[r];
    char line[200];
    std::snprintf(line, sizeof line,
                  "belief %s: %d positions, %d pieces, mean log p %.4f, mean p %.4f, brier %.4f, "
                  "model nodes a move %.0f",
                  reading_text(readings_[r]).c_str(), a.positions, a.pieces, a.mean_log(),
                  a.mean_p(), a.mean_brier(), a.nodes_a_move());
    out << line;
    const size_t games = game_pieces_.size();
    if (r > 0 && a.pieces > 0 && games > 1) {
      // The difference per piece as a ratio of sums over the games, its
      // variance from each game's residual (the ratio estimator's).
      double diff = 0;
      for (size_t g = 0; g < games; ++g) diff += game_logs_[g][r] - game_logs_[g][0];
      const double mean = diff / a.pieces;
      double spread = 0;
      for (size_t g = 0; g < games; ++g) {
        const double e = game_logs_[g][r] - game_logs_[g][0] - mean * game_pieces_[g];
        spread += e * e;
      }
      const double se = std::sqrt(spread * double(games) / double(games - 1)) / a.pieces;
      std::snprintf(line, sizeof line, ", log p against the first %+.4f +- %.4f", mean, 1.96 * se);
      out << line;
    }
    out << "\n";
  }
}

}  // namespace jungle::hidden
