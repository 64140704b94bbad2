// The registry: the one place that tells the families apart.

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "core/variants.h"
#include "game/families.h"
#include "game/family.h"
#include "game/observation.h"

namespace jungle::game {

std::string viewer_name(Viewer viewer) {
  if (!viewer) return "spectator";
  return *viewer == kBlue ? "blue" : "red";
}

const std::vector<const Family*>& families() {
  static const std::vector<const Family*> all = {&open_family(), &flip_family(), &hidden_family()};
  return all;
}

std::vector<std::string> shipped_variants() {
  std::vector<std::string> names = builtin_variant_names();
  for (const Family* family : families()) {
    for (const std::string& name : family->variants()) {
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  }
  return names;
}

const Family* family_of_shipped(std::string_view name) {
  static const std::map<std::string, const Family*, std::less<>> shipped = [] {
    std::map<std::string, const Family*, std::less<>> all;
    for (const Family* family : families()) {
      for (const std::string& v : family->variants()) all.emplace(v, family);
    }
    return all;
  }();
  const auto it = shipped.find(name);
  return it == shipped.end() ? nullptr : it->second;
}

const Family* family_named(std::string_view name) {
  for (const Family* f : families()) {
    if (f->name() == name) return f;
  }
  return nullptr;
}

const Family& family_of_variant(std::string_view name_or_path) {
  // Flip sets first: their names and files are told apart by their own
  // loader, without reading them as the open game's; then the open game's
  // loader decides, and a set that hides pieces is the hidden family's.
  for (const Family* f : {&flip_family(), &hidden_family(), &open_family()}) {
    if (f->owns_variant(name_or_path)) return *f;
  }
  throw std::invalid_argument("unknown variant '" + std::string(name_or_path) +
                              "': neither a shipped rule set nor a readable .toml file (see "
                              "`jungle variants`)");
}

const Family& family_of(const Observation& observation) {
  if (const Family* f = family_named(observation.family)) return *f;
  throw std::invalid_argument("an observation of the family '" + observation.family +
                              "', which is none of open, flip and hidden");
}

const Family& family_of_variant_file(std::string_view path) {
  // owns_variant reads only as much of a file as the family needs to know
  // it (a flip file's kind), so a broken file of a family with a declared
  // kind is still that family's; a 7x9 file that cannot be read is no
  // family's, and the open game's checker, shared with hidden sets, says why.
  for (const Family* f : {&flip_family(), &hidden_family()}) {
    if (f->owns_variant(path)) return *f;
  }
  return open_family();
}

const Family& family_of_record(std::string_view text, const RecordSource& source) {
  // A hidden record holds announcements and a flip record flips, which the
  // open game's reader would call illegal moves: ask them first.
  for (const Family* f : {&flip_family(), &hidden_family()}) {
    if (f->owns_record(text, source)) return *f;
  }
  return open_family();
}

}  // namespace jungle::game
