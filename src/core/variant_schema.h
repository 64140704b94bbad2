#pragma once

// The rule-file schema: which tables and keys a rule set may hold, how each
// value is read into Rules, and the problems reported against the line that
// wrote them. Internal to core: variant_loader reads files with it.

#include <toml++/toml.h>

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rules.h"
#include "core/variant_error.h"

namespace jungle::rule_file {

// Where a value was written.
struct Place {
  std::string origin;
  int line = 0;
  int column = 0;
};

Place place_of(const std::string& origin, const toml::source_region& region);

// What loading one rule set (with its whole inheritance chain) produced.
struct Loaded {
  std::string origin;  // of the set asked for, for problems that belong to no line
  Rules rules;
  std::vector<VariantIssue> issues;
  // Where the value of each "table.key" in force was written (the last file in
  // the chain that wrote it), to place problems found only after merging.
  std::map<std::string, Place> places;
};

// Problems are reported against one file; FileReader carries its origin.
class FileReader {
 public:
  FileReader(Loaded& out, std::string origin) : out_(out), origin_(std::move(origin)) {}

  Place place(const toml::source_region& region) const { return place_of(origin_, region); }

  void issue(const toml::source_region& region, std::string message);
  void wrong_type(const toml::node& node, const std::string& what, std::string_view expected);
  // Reads an animal set; returns false (after reporting) when it is malformed.
  bool animal_set(const toml::node& node, const std::string& what, AnimalSet& out);
  void unknown_animal(const toml::source_region& region, std::string_view name,
                      const std::string& where);
  // Remembers where `field` ("table.key") was written.
  void record(const std::string& field, const toml::node& node);

 private:
  Loaded& out_;
  std::string origin_;
};

// Whether `key` names one of the tables ([ranks], [capture], ...).
bool is_table_name(std::string_view key);

// Reads [ranks] into rules.rank.
void read_ranks(FileReader& reader, const toml::table& table, Rules& rules);
// Reads one of the other tables, key by key, through the schema.
void read_table(FileReader& reader, const std::string& name, const toml::table& table,
                Rules& rules);

// "unknown key 'swimers' in [water] (did you mean 'swimmers'?)"; table "" is the top level.
std::string unknown_key_message(std::string_view key, std::string_view table);

// toml::table iterates by key; problems read better in the order they were written.
std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(const toml::table& table);

}  // namespace jungle::rule_file
