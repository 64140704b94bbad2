#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/variant_option.h"
#include "core/position.h"
#include "core/variants.h"
#include "tablebase/generate.h"
#include "tablebase/mpi_generate.h"
#include "tablebase/tablebase.h"

namespace jungle::app {

namespace {

struct TbOptions {
  std::string variant;
  std::string dir = "tablebases";
  std::string fen;
  std::vector<std::string> materials;
  int pieces = 0;
  int threads = 1;
  uint64_t slice_entries = tb::GenerateOptions{}.slice_entries;
};

// The rule set for a command: --variant, else the one the folder's tables
// name, else standard. Prints the problem and returns null when it fails.
std::shared_ptr<const tb::TbRules> rules_for(const TbOptions& opt, bool from_folder) {
  std::string name = opt.variant;
  if (name.empty() && from_folder) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(opt.dir, ec)) {
      if (entry.path().extension() != ".jtb") continue;
      try {
        name = tb::read_table_info(entry.path()).rules_name;
      } catch (const tb::TableError&) {
      }
      if (!name.empty()) break;
    }
  }
  if (name.empty()) name = "standard";
  const RuleSetPtr rules = load_variant_or_report(name);
  if (!rules) return nullptr;
  try {
    return std::make_shared<const tb::TbRules>(rules);
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << e.what() << "\n";
    return nullptr;
  }
}

std::vector<std::filesystem::path> table_files(const std::string& dir) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".jtb") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string percent(uint64_t part, uint64_t whole) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << (whole ? 100.0 * double(part) / double(whole) : 0.0);
  return out.str();
}

// Under mpirun every rank runs this; only rank 0 prints (the other ranks'
// errors reach it as messages), and all of them exit with the same status.
int run_gen(const TbOptions& opt) {
  const std::optional<tb::MpiLaunch> launch = tb::mpi_launch();
  const bool distributed = launch && launch->size > 1;
  const bool speaks = !launch || launch->rank == 0;
  if (distributed && !tb::mpi_built()) {
    if (speaks) {
      std::cerr << "error: this jungle was built without MPI, so it cannot share the work of "
                   "mpirun's "
                << launch->size
                << " processes: run it without mpirun, or build it with Open MPI installed "
                   "(libopenmpi-dev, see scripts/setup.sh)\n";
    }
    return 2;
  }
  // The same checks on every rank: only rank 0 says what is wrong.
  std::streambuf* const cerr_buffer = std::cerr.rdbuf();
  if (!speaks) std::cerr.rdbuf(nullptr);
  struct RestoreCerr {
    std::streambuf* buffer;
    ~RestoreCerr() {
      std::cerr.rdbuf(buffer);
      std::cerr.clear();
    }
  } restore{cerr_buffer};

  const auto rules = rules_for(opt, false);
  if (!rules) return 2;
  tb::GenerateOptions g;
  g.out = opt.dir;
  g.pieces = opt.pieces;
  g.threads = std::max(1, opt.threads);
  g.slice_entries = opt.slice_entries;
  for (const std::string& text : opt.materials) {
    std::string why;
    const auto m = tb::Material::parse(text, &why);
    if (!m) {
      std::cerr << "error: " << why << "\n";
      return 2;
    }
    g.materials.push_back(*m);
  }
  if (g.pieces <= 0 && g.materials.empty()) {
    std::cerr << "error: give --pieces N or --material M\n";
    return 2;
  }
  if (g.pieces > tb::kMaxPieces) {
    std::cerr << "error: at most " << tb::kMaxPieces << " pieces\n";
    return 2;
  }
  std::cerr.rdbuf(cerr_buffer);
  std::cerr.clear();
  const bool tty = isatty(STDERR_FILENO);
  auto last = std::chrono::steady_clock::now();
  if (speaks) {
    g.progress = [&](const std::string& line) {
      if (tty) {
        std::cerr << "\r" << line << "   " << std::flush;
        return;
      }
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(10)) return;
      last = now;
      std::cerr << line << "\n";
    };
  }
  // Under mpirun rank 0 speaks for the job: its status is the job's (the
  // others end with 0, after it has printed, so that mpirun does not stop
  // it first).
  std::optional<tb::MpiJob> job;
  int status = 0;
  try {
    if (distributed) job.emplace();
    const tb::GenerateReport r =
        job ? tb::generate_distributed(*job, rules, g) : tb::generate(rules, g);
    if (speaks) {
      if (tty) std::cerr << "\n";
      std::cout << "generated " << r.generated << " tables (" << r.reused << " already there) in "
                << std::fixed << std::setprecision(1) << r.seconds << " s: " << r.entries
                << " positions, " << uint64_t(r.seconds > 0 ? double(r.entries) / r.seconds : 0)
                << " positions/s, " << r.bytes << " bytes on disk";
      if (r.ranks > 1) {
        std::cout << "; " << r.ranks << " MPI ranks, " << r.sliced << " table"
                  << (r.sliced == 1 ? "" : "s") << " sliced across them";
      }
      std::cout << "\n" << std::flush;
    }
  } catch (const std::exception& e) {
    if (speaks) std::cerr << "error: " << e.what() << "\n" << std::flush;
    status = 1;
  }
  if (job) job->barrier();
  return speaks ? status : 0;
}

int run_probe(const TbOptions& opt) {
  const auto rules = rules_for(opt, true);
  if (!rules) return 2;
  try {
    const Position pos = Position::from_fen(opt.fen, rules->rule_set_ptr());
    const tb::Tablebase tbase(rules->rule_set_ptr(), opt.dir);
    const std::optional<tb::Verdict> v = tbase.probe(pos);
    if (!v) {
      std::cerr << "error: " << opt.dir << " has no table for this position\n";
      return 1;
    }
    std::cout << "wdl " << tb::wdl_text(v->wdl) << " dtm " << v->distance << "\n";
    for (const auto& mv : tbase.move_values(pos)) {
      std::cout << pos.rule_set().geometry().move_text(mv.move) << " "
                << tb::wdl_text(mv.verdict.wdl) << " " << mv.verdict.distance << "\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

int run_verify(const TbOptions& opt) {
  const auto rules = rules_for(opt, true);
  if (!rules) return 2;
  tb::TableStore store(rules, opt.dir);
  std::vector<std::filesystem::path> files = table_files(opt.dir);
  if (!opt.materials.empty()) {
    // Only the tables of the materials named.
    std::vector<std::filesystem::path> chosen;
    for (const std::string& text : opt.materials) {
      std::string why;
      const auto m = tb::Material::parse(text, &why);
      if (!m) {
        std::cerr << "error: " << why << "\n";
        return 2;
      }
      const std::filesystem::path path = tb::table_path(opt.dir, rules->representative(*m));
      if (std::find(chosen.begin(), chosen.end(), path) == chosen.end()) chosen.push_back(path);
    }
    files = chosen;
  }
  std::vector<std::pair<int, std::filesystem::path>> order;
  int failures = 0;
  for (const auto& f : files) {
    try {
      order.emplace_back(tb::read_table_info(f).material.size(), f);
    } catch (const tb::TableError& e) {
      std::cout << e.what() << "\n";
      ++failures;
    }
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  uint64_t checked = 0;
  for (const auto& [size, path] : order) {
    store.drop_larger_than(size - 1);
    try {
      const tb::TableInfo info = tb::read_table_info(path);
      const tb::Layout l = rules->layout(info.material);
      const tb::Table t = tb::read_table(path, rules->hash(), info.material, l.entries());
      const tb::TableCounts c = tb::count_values(t.values);
      if (c.positions[0] != t.counts.positions[0] || c.wins[1] != t.counts.wins[1] ||
          c.longest_win != t.counts.longest_win) {
        std::cout << path.string() << ": the header's counts do not match the values\n";
        ++failures;
      }
      int shown = 0;
      const uint64_t bad =
          tb::verify_table(store, t, std::max(1, opt.threads), [&](const std::string& what) {
            if (shown++ < 20) std::cout << info.material.name() << ": " << what << "\n";
          });
      checked += c.positions[0] + c.positions[1];
      if (bad) {
        std::cout << info.material.name() << ": " << bad << " mismatches\n";
        ++failures;
      }
    } catch (const tb::TableError& e) {
      std::cout << e.what() << "\n";
      ++failures;
    }
  }
  if (failures) {
    std::cout << failures << " of " << files.size() << " tables failed\n";
    return 1;
  }
  std::cout << "verified " << files.size() << (files.size() == 1 ? " table, " : " tables, ")
            << checked
            << " positions: every value agrees with a one-ply search, mirror images included\n";
  return 0;
}

int run_stats(const TbOptions& opt) {
  const auto rules = rules_for(opt, true);
  if (!rules) return 2;
  std::vector<std::pair<tb::Material, tb::TableInfo>> tables;
  for (const auto& f : table_files(opt.dir)) {
    try {
      const tb::TableInfo info = tb::read_table_info(f);
      if (info.rules_hash != rules->hash()) {
        std::cerr << "error: " << f.string() << ": made under other rules\n";
        return 1;
      }
      tables.emplace_back(info.material, info);
    } catch (const tb::TableError& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 1;
    }
  }
  std::stable_sort(tables.begin(), tables.end(), [](const auto& a, const auto& b) {
    return a.first.size() != b.first.size() ? a.first.size() < b.first.size() : a.first < b.first;
  });
  std::cout << "rules " << rules->rule_set().rules().name << " (hash "
            << tb::hash_text(rules->hash()) << "), " << tables.size() << " tables\n";
  std::cout << "| material (group) | positions | Blue to move W/D/L % | Red to move W/D/L % | "
               "longest win | position |\n|---|---|---|---|---|---|\n";
  struct Sum {
    uint64_t materials = 0, positions = 0, wins[2] = {}, draws[2] = {}, losses[2] = {}, pos[2] = {};
    uint32_t longest = 0;
  };
  std::map<int, Sum> sums;
  for (const auto& [m, info] : tables) {
    const tb::TableCounts& c = info.counts;
    std::string group;
    const std::vector<tb::Material> members = rules->group(m);
    for (const tb::Material& x : members) group += (group.empty() ? "" : " ") + x.name();
    std::string fen = "-";
    if (c.longest_win) {
      const tb::Layout l = rules->layout(m);
      Square sq[tb::kMaxPieces];
      rules->decode(l, c.longest_win_entry / 2, sq);
      fen = rules->fen(l, sq, Side(c.longest_win_entry & 1));
    }
    std::cout << "| " << group << " | " << c.positions[0] + c.positions[1];
    for (int s = 0; s < 2; ++s) {
      std::cout << " | " << percent(c.wins[s], c.positions[s]) << "/"
                << percent(c.draws[s], c.positions[s]) << "/"
                << percent(c.losses[s], c.positions[s]);
    }
    std::cout << " | " << c.longest_win << " | " << fen << " |\n";
    Sum& sum = sums[m.size()];
    sum.materials += members.size();
    // Each member has the representative's positions.
    const uint64_t k = members.size();
    for (int s = 0; s < 2; ++s) {
      sum.pos[s] += k * c.positions[s];
      sum.wins[s] += k * c.wins[s];
      sum.draws[s] += k * c.draws[s];
      sum.losses[s] += k * c.losses[s];
    }
    sum.longest = std::max(sum.longest, c.longest_win);
  }
  std::cout << "\n| pieces | materials | tables | positions | Blue to move W/D/L % | Red to move "
               "W/D/L % | longest win |\n|---|---|---|---|---|---|---|\n";
  for (const auto& [n, s] : sums) {
    uint64_t t = 0;
    for (const auto& [m, info] : tables) t += m.size() == n;
    std::cout << "| " << n << " | " << s.materials << " | " << t << " | " << s.pos[0] + s.pos[1];
    for (int side = 0; side < 2; ++side) {
      std::cout << " | " << percent(s.wins[side], s.pos[side]) << "/"
                << percent(s.draws[side], s.pos[side]) << "/"
                << percent(s.losses[side], s.pos[side]);
    }
    std::cout << " | " << s.longest << " |\n";
  }
  return 0;
}

}  // namespace

void add_tb_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("tb", "Endgame tablebases: generate, probe, verify, stats");
  cmd->require_subcommand(1);
  auto opt = std::make_shared<TbOptions>();
  auto variant = [&](CLI::App* sub) {
    sub->add_option("--variant", opt->variant, "Rule set: a shipped name or a .toml file");
  };

  CLI::App* gen = cmd->add_subcommand("gen", "Generate tables by retrograde analysis");
  gen->add_option("--pieces", opt->pieces, "Every material with at most this many pieces");
  gen->add_option("--material", opt->materials, "A material such as LR-e (Blue upper case)");
  gen->add_option("--out", opt->dir, "Folder for the tables")->required();
  gen->add_option("--threads", opt->threads, "Threads (per rank under mpirun)");
  gen->add_option("--slice-entries", opt->slice_entries,
                  "Under mpirun: materials of at least this many index entries are made by "
                  "every rank together, each a slice of the index")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  variant(gen);
  gen->callback([opt] {
    if (int rc = run_gen(*opt)) throw CLI::RuntimeError(rc);
  });

  CLI::App* probe = cmd->add_subcommand("probe", "The value of a position and of each move");
  probe->add_option("--tb", opt->dir, "Folder of tables");
  probe->add_option("fen", opt->fen, "The position")->required();
  variant(probe);
  probe->callback([opt] {
    if (int rc = run_probe(*opt)) throw CLI::RuntimeError(rc);
  });

  CLI::App* verify = cmd->add_subcommand("verify", "Re-check every value and checksum of a folder");
  verify->add_option("dir", opt->dir, "Folder of tables")->required();
  verify->add_option("--threads", opt->threads, "Threads");
  verify->add_option("--material", opt->materials, "Only these materials' tables");
  variant(verify);
  verify->callback([opt] {
    if (int rc = run_verify(*opt)) throw CLI::RuntimeError(rc);
  });

  CLI::App* stats = cmd->add_subcommand("stats", "Win/draw/loss shares and longest wins");
  stats->add_option("dir", opt->dir, "Folder of tables")->required();
  variant(stats);
  stats->callback([opt] {
    if (int rc = run_stats(*opt)) throw CLI::RuntimeError(rc);
  });
}

}  // namespace jungle::app
