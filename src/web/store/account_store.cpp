#include "web/store/account_store.h"

#include "core/aborted_game.h"

namespace jungle::web {

void count_result(AccountTally& tally, int colours, const std::string& result,
                  const std::string& termination) {
  // An aborted game was never played: not a game, a win, a draw or a loss.
  if (termination == kAbortedTermination) return;
  ++tally.games;
  if (colours != 1 && colours != 2) return;
  if (result == "1/2-1/2") {
    ++tally.draws;
  } else if (result == "1-0" || result == "0-1") {
    const bool blue_won = result == "1-0";
    ++((colours == 1) == blue_won ? tally.wins : tally.losses);
  }
}

}  // namespace jungle::web
