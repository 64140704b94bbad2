// The web session's reads of a game's plies are kept until the game
// changes, and a read kept is found without observing the game again: an
// observation's position text holds every ply, so finding a read by that
// text cost as much as the game was long at every move list, every move's
// event and every mover's seat.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "game/families.h"
#include "web/games/game_session_base.h"

namespace jungle::web {
namespace {

// A game's state that counts how often it is observed, the rest passed on.
class CountingState final : public game::State {
 public:
  CountingState(std::unique_ptr<game::State> inner, int* observed)
      : inner_(std::move(inner)), observed_(observed) {}
  const game::Family& family() const override { return inner_->family(); }
  const std::string& variant() const override { return inner_->variant(); }
  game::Actor actor() const override { return inner_->actor(); }
  std::vector<std::string> legal_actions() const override { return inner_->legal_actions(); }
  std::vector<game::ChanceOutcome> chance_outcomes() const override {
    return inner_->chance_outcomes();
  }
  std::string apply(std::string_view action) override { return inner_->apply(action); }
  bool apply_event(std::string_view event) override { return inner_->apply_event(event); }
  bool undo() override { return inner_->undo(); }
  const std::vector<std::string>& actions() const override { return inner_->actions(); }
  int plies() const override { return inner_->plies(); }
  std::optional<Side> first_player() const override { return inner_->first_player(); }
  GameResult result() const override { return inner_->result(); }
  std::string termination() const override { return inner_->termination(); }
  std::string result_message() const override { return inner_->result_message(); }
  void declare(GameResult result, std::string termination) override {
    inner_->declare(result, std::move(termination));
  }
  std::string fen() const override { return inner_->fen(); }
  std::string diagram() const override { return inner_->diagram(); }
  std::string ply_number() const override { return inner_->ply_number(); }
  game::Observation observe(game::Viewer viewer) const override {
    ++*observed_;
    return inner_->observe(viewer);
  }
  std::string record(const game::Tags& tags,
                     const std::vector<std::string>& comments) const override {
    return inner_->record(tags, comments);
  }
  std::string record_seen_by(game::Viewer viewer, const game::Tags& tags) const override {
    return inner_->record_seen_by(viewer, tags);
  }
  void deal(RandomBits chance) override { inner_->deal(chance); }
  std::unique_ptr<game::State> clone() const override {
    return std::make_unique<CountingState>(inner_->clone(), observed_);
  }

 private:
  std::unique_ptr<game::State> inner_;
  int* observed_;
};

TEST(SeenPliesCache, AReadKeptIsFoundWithoutObservingTheGameAgain) {
  std::mt19937_64 rng(1);
  int observed = 0;
  GameSessionBase game(
      1, std::make_unique<CountingState>(game::flip_family().new_state("flip", "", rng), &observed),
      {PlayerConfig{}, PlayerConfig{}});
  for (const std::string flip : {"b2?", "c3?", "a1?"}) {
    game.play_text(flip);
    const int reads = game.seen_plies_reads();
    observed = 0;
    // Nothing of Flip Jungle is private: one read, one observation, serves
    // the event, every viewer's move list and the mover's seat.
    const Json event = game.move_json(game.ply());
    EXPECT_EQ(game.moves_json(kBlue).back(), event);
    EXPECT_EQ(game.moves_json(kRed).back(), event);
    EXPECT_EQ(game.moves_json(std::nullopt).size(), size_t(game.ply()));
    EXPECT_EQ(game.mover_seat(game.ply()), game.ply() % 2 == 1 ? 0 : 1);
    EXPECT_EQ(observed, 1) << flip;
    EXPECT_EQ(game.seen_plies_reads() - reads, 1) << flip;
  }
  // A take-back is a change: the plies are read again, without the last.
  game.undo(1);
  observed = 0;
  EXPECT_EQ(game.moves_json(std::nullopt).size(), 2u);
  EXPECT_EQ(observed, 1);
}

}  // namespace
}  // namespace jungle::web
