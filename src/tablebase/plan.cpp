#include "tablebase/plan.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace jungle::tb {

namespace {

std::string format_seconds(double s) {
  char buf[32];
  if (s < 60) {
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  } else if (s < 3600) {
    std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, int(s) / 60 % 60);
  }
  return buf;
}

}  // namespace

std::vector<Material> tables_to_make(const TbRules& rules, const GenerateOptions& opt) {
  std::set<uint16_t> wanted;
  std::vector<Material> todo;
  std::vector<Material> roots = opt.materials;
  if (opt.pieces > 0) {
    for (Material m : materials_up_to(opt.pieces)) roots.push_back(m);
  }
  std::vector<Material> stack;
  for (Material m : roots) stack.push_back(rules.representative(m));
  while (!stack.empty()) {
    const Material m = stack.back();
    stack.pop_back();
    if (!wanted.insert(m.key()).second) continue;
    todo.push_back(m);
    for (int j = 0; j < m.size(); ++j) {
      const Material sub = m.without(j);
      if (sub.count(kBlue) && sub.count(kRed)) stack.push_back(rules.representative(sub));
    }
  }
  std::stable_sort(todo.begin(), todo.end(), [](Material a, Material b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  return todo;
}

bool captures_ready(const TbRules& rules, Material m, const std::set<uint16_t>& finished) {
  for (int j = 0; j < m.size(); ++j) {
    const Material sub = m.without(j);
    if (sub.count(kBlue) && sub.count(kRed) && !finished.count(rules.representative(sub).key())) {
      return false;
    }
  }
  return true;
}

uint64_t write_made_table(TableStore& store, std::shared_ptr<Table> table, bool keep) {
  const std::filesystem::path path = table_path(store.dir(), table->material);
  write_table(path, *table);
  const uint64_t bytes = std::filesystem::file_size(path);
  if (keep) store.put(std::move(table));
  return bytes;
}

std::string progress_line(size_t tables_done, size_t tables, uint64_t entries_done,
                          uint64_t entries, double seconds) {
  const double rate = seconds > 0 ? double(entries_done) / seconds : 0;
  std::ostringstream line;
  line << "tables " << tables_done << "/" << tables << ", ";
  line << entries_done << "/" << entries << " positions, " << uint64_t(rate) << " positions/s";
  if (rate > 0 && entries_done > 0) {
    line << ", about " << format_seconds(double(entries - std::min(entries_done, entries)) / rate)
         << " left";
  }
  return line.str();
}

}  // namespace jungle::tb
