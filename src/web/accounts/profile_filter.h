#pragma once

#include <optional>
#include <string>

#include "web/games/variant_catalog.h"
#include "web/store/account_store.h"

// The filters of a profile's game list (docs/api.md, "Accounts"), as
// lichess's profile filters a player's games: rated or casual, a rating
// category ("standard blitz", "flip"), and the outcome for the player. They
// come as query parameters of GET /api/players/{name}; each is checked here
// and refused with a 400 that names it, its value and what it may be.

namespace jungle::web {

// The store applies it in its query (AccountStore::owned_games).
using ProfileFilter = OwnedGameFilter;

// The filter the parameters give (nullopt for one not given): `rated`
// "true" or "false", `category` a rating category of a rule set of
// `catalog` (docs/ratings.md), `result` one of the outcomes. Throws
// GameError kBadRequest "bad_param" for any other value, and for a category
// asked with rated=false (a category's games are rated).
ProfileFilter read_profile_filter(const std::optional<std::string>& rated,
                                  const std::optional<std::string>& category,
                                  const std::optional<std::string>& result,
                                  const VariantCatalog& catalog);

}  // namespace jungle::web
