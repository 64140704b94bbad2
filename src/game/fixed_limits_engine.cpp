#include "game/fixed_limits_engine.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jungle::game {

namespace {

class FixedLimitsEngine final : public Engine {
 public:
  FixedLimitsEngine(std::unique_ptr<Engine> engine, const Limits& limits)
      : engine_(std::move(engine)), limits_(limits) {}

  std::vector<OptionSpec> options() const override { return engine_->options(); }
  std::vector<std::string> set_option(std::string_view name, std::string_view value) override {
    return engine_->set_option(name, value);
  }
  void new_game() override { engine_->new_game(); }
  void validate(const Observation& observation) const override { engine_->validate(observation); }
  void go(const Observation& observation, const Limits&, InfoCallback on_info,
          DoneCallback on_done) override {
    engine_->go(observation, limits_, std::move(on_info), std::move(on_done));
  }
  void stop() override { engine_->stop(); }
  void wait() override { engine_->wait(); }
  bool searching() const override { return engine_->searching(); }
  std::string choose_setup(Side side) override { return engine_->choose_setup(side); }
  std::string describe(const Observation& observation) const override {
    return engine_->describe(observation);
  }
  std::string eval_text(const Observation& observation) const override {
    return engine_->eval_text(observation);
  }

 private:
  std::unique_ptr<Engine> engine_;
  Limits limits_;
};

}  // namespace

std::unique_ptr<Engine> at_fixed_limits(std::unique_ptr<Engine> engine, const Limits& limits) {
  return std::make_unique<FixedLimitsEngine>(std::move(engine), limits);
}

}  // namespace jungle::game
