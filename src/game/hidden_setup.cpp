#include "game/hidden_setup.h"

#include <array>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "game/family.h"
#include "game/rules_of_family.h"
#include "hidden/player_view.h"
#include "hidden/setup.h"
#include "hidden_search/setup_choice.h"

namespace jungle::game {

namespace {

class HiddenSetup final : public Setup {
 public:
  HiddenSetup(const Family& family, std::string_view variant, RandomBits chance)
      : family_(family),
        variant_(variant),
        rules_(load_rules_hiding(variant, true)),
        arrangement_{hidden::random_arrangement(*rules_, kBlue, chance),
                     hidden::random_arrangement(*rules_, kRed, chance)} {}

  std::vector<std::string> squares(Side side) const override {
    std::vector<std::string> out;
    for (const auto& [square, animal] : hidden::start_arrangement(*rules_, side)) {
      out.push_back(rules_->geometry().square_name(square));
    }
    return out;
  }
  std::vector<std::string> pieces(Side side) const override {
    std::vector<std::string> out;
    for (const auto& [square, animal] : hidden::start_arrangement(*rules_, side)) {
      out.emplace_back(1, piece_letter(make_piece(side, animal)));
    }
    return out;
  }
  std::string arrangement(Side side) const override {
    return hidden::arrangement_text(*rules_, side, arrangement_[side]);
  }

  void set(Side side, std::string_view text) override {
    arrangement_[side] = hidden::parse_arrangement(*rules_, side, text);
  }
  void swap(Side side, std::string_view a, std::string_view b) override {
    const Geometry& g = rules_->geometry();
    const Square from = g.parse_square(a), to = g.parse_square(b);
    if (from == kNoSquare || to == kNoSquare)
      throw std::invalid_argument("swap needs two squares, like swap a1 g1");
    arrangement_[side] = hidden::swap_squares(*rules_, side, arrangement_[side], from, to);
  }
  void set_random(Side side, RandomBits chance) override {
    arrangement_[side] = hidden::random_arrangement(*rules_, side, chance);
  }
  void set_standard(Side side) override {
    arrangement_[side] = hidden::start_arrangement(*rules_, side);
  }

  void set_start(std::string_view start) override {
    const Position pos = Position::from_fen(start, rules_);
    std::array<hidden::Arrangement, kSides> read;
    for (Side side : {kBlue, kRed}) {
      for (const auto& [square, animal] : hidden::start_arrangement(*rules_, side)) {
        const Piece p = pos.piece_on(square);
        if (p == kNoPiece || side_of(p) != side)
          throw std::invalid_argument("the start has no " + side_name(side) + " piece on " +
                                      rules_->geometry().square_name(square));
        read[side].emplace_back(square, animal_of(p));
      }
      read[side] = hidden::parse_arrangement(*rules_, side,
                                             hidden::arrangement_text(*rules_, side, read[side]));
    }
    arrangement_ = read;
  }

  std::string diagram(Side side) const override {
    const Position shown = hidden::start_with(
        rules_, side == kBlue ? arrangement_[kBlue] : hidden::start_arrangement(*rules_, kBlue),
        side == kRed ? arrangement_[kRed] : hidden::start_arrangement(*rules_, kRed));
    return hidden::PlayerView::of_start(shown, side).diagram();
  }
  std::string start() const override {
    return hidden::start_with(rules_, arrangement_[kBlue], arrangement_[kRed]).fen();
  }
  std::unique_ptr<State> new_state(RandomBits chance) const override {
    return family_.new_state(variant_, start(), chance);
  }

 private:
  const Family& family_;
  std::string variant_;
  RuleSetPtr rules_;
  std::array<hidden::Arrangement, kSides> arrangement_;
};

}  // namespace

std::unique_ptr<Setup> new_hidden_setup(const Family& family, std::string_view variant,
                                        RandomBits chance) {
  return std::make_unique<HiddenSetup>(family, variant, chance);
}

std::string choose_hidden_setup(std::string_view variant, Side side, RandomBits chance) {
  const RuleSetPtr rules = load_rules_hiding(variant, true);
  static std::mutex mutex;
  static std::map<std::pair<std::string, Side>, std::vector<hidden::Arrangement>> kept;
  const std::lock_guard lock(mutex);
  std::vector<hidden::Arrangement>& sensible = kept[{std::string(variant), side}];
  if (sensible.empty()) sensible = hidden::sensible_arrangements(rules, side);
  return hidden::arrangement_text(*rules, side, hidden::draw_arrangement(sensible, chance));
}

}  // namespace jungle::game
