#include "web/accounts/profile_filter.h"

#include <array>

#include "game/family.h"
#include "web/games/rating_category.h"
#include "web/server/game_error.h"

namespace jungle::web {

namespace {

constexpr std::array<const char*, 5> kOutcomes = {"win", "loss", "draw", "aborted", "ongoing"};
constexpr std::array<const char*, 4> kTimeClasses = {"blitz", "rapid", "classical",
                                                     "correspondence"};

GameError bad(const std::string& name, const std::string& what, const std::string& value) {
  return GameError(ErrorKind::kBadRequest, "bad_param",
                   "query parameter '" + name + "' must be " + what + ", not \"" + value + "\"");
}

// A category rating_category can name: a family's name where the family is
// rated as one ("flip", "hidden"), else a rule set of the catalog and a time
// class ("standard blitz"). Asked of the families' capabilities, never their
// names.
bool known_category(const std::string& c, const VariantCatalog& catalog) {
  for (const game::Family* family : game::families()) {
    if (rated_by_family(*family) && c == family->name()) return true;
  }
  const size_t space = c.rfind(' ');
  if (space == std::string::npos) return false;
  const std::string cls = c.substr(space + 1);
  bool timed = false;
  for (const char* t : kTimeClasses) timed |= cls == t;
  if (!timed) return false;
  const game::Family* family = catalog.family_of(c.substr(0, space));
  return family != nullptr && !rated_by_family(*family);
}

}  // namespace

ProfileFilter read_profile_filter(const std::optional<std::string>& rated,
                                  const std::optional<std::string>& category,
                                  const std::optional<std::string>& result,
                                  const VariantCatalog& catalog) {
  ProfileFilter f;
  if (rated) {
    if (*rated != "true" && *rated != "false") throw bad("rated", "true or false", *rated);
    f.rated = *rated == "true";
  }
  if (category) {
    if (!known_category(*category, catalog)) {
      throw bad("category",
                "a rating category: a rule set and blitz, rapid, classical or correspondence "
                "(\"standard blitz\"), \"flip\" or \"hidden\"",
                *category);
    }
    if (f.rated == false) {
      throw GameError(ErrorKind::kBadRequest, "bad_param",
                      "query parameter 'category' lists rated games: it cannot go with "
                      "'rated=false'");
    }
    f.category = *category;
  }
  if (result) {
    bool known = false;
    for (const char* o : kOutcomes) known |= *result == o;
    if (!known) throw bad("result", "win, loss, draw, aborted or ongoing", *result);
    f.outcome = *result;
  }
  return f;
}

}  // namespace jungle::web
