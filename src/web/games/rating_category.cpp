#include "web/games/rating_category.h"

namespace jungle::web {

int64_t estimated_ms(const TimeControl& control) {
  switch (control.kind) {
    case TimeControl::Kind::kSuddenDeath:
    case TimeControl::Kind::kIncrement:
      return control.initial_ms + kEstimatedMoves * control.increment_ms;
    case TimeControl::Kind::kPerMove:
      return kEstimatedMoves * control.per_move_ms;
    case TimeControl::Kind::kNone:
    case TimeControl::Kind::kCorrespondence:
      return 0;
  }
  return 0;
}

std::string time_class(const TimeControl& control) {
  if (!control.timed()) return "";
  if (control.kind == TimeControl::Kind::kCorrespondence) return "correspondence";
  const int64_t length = estimated_ms(control);
  if (length < kBlitzBelowMs) return "blitz";
  if (length < kRapidBelowMs) return "rapid";
  return "classical";
}

std::string rating_category(const game::Family& family, const std::string& variant,
                            const TimeControl& control) {
  const std::string cls = time_class(control);
  if (cls.empty()) return "";
  if (rated_by_family(family)) return std::string(family.name());
  return variant + " " + cls;
}

bool rated_by_family(const game::Family& family) {
  const game::Capabilities can = family.capabilities();
  return can.chance || can.hidden_information;
}

}  // namespace jungle::web
