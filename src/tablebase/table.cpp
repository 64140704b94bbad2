#include "tablebase/table.h"

#include <zstd.h>

#include <cstring>
#include <fstream>
#include <sstream>

namespace jungle::tb {

namespace {

constexpr char kMagic[8] = {'J', 'N', 'G', 'L', 'T', 'B', '\r', '\n'};

// The header as written, little endian, fixed size.
struct Header {
  char magic[8];
  uint32_t version;
  uint32_t header_bytes;
  uint64_t rules_hash;
  uint16_t material_key;
  char material_name[22];
  uint64_t entries;
  uint64_t positions[2];
  uint64_t wins[2];
  uint64_t draws[2];
  uint64_t losses[2];
  uint32_t longest_win;
  uint32_t value_bytes;
  uint64_t longest_win_entry;
  uint64_t checksum;
  uint64_t compressed_bytes;
  char rules_name[40];  // for tools that open a folder without --variant
};
static_assert(sizeof(Header) == 192);

std::string hex(uint64_t v) {
  std::ostringstream out;
  out << std::hex << v;
  return out.str();
}

Header read_header(std::ifstream& in, const std::filesystem::path& path) {
  Header h{};
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  if (!in || std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) {
    throw TableError(path.string() + ": not a jungle tablebase file");
  }
  if (h.version != kFormatVersion || h.header_bytes != sizeof(Header)) {
    throw TableError(path.string() + ": format version " + std::to_string(h.version) +
                     ", this program reads version " + std::to_string(kFormatVersion));
  }
  return h;
}

}  // namespace

bool better(const Verdict& a, const Verdict& b) {
  auto score = [](const Verdict& v) -> long {
    if (v.wdl == Wdl::kWin) return 1000000L - v.distance;
    if (v.wdl == Wdl::kLoss) return -1000000L + v.distance;
    return 0;
  };
  return score(a) > score(b);
}

std::string wdl_text(Wdl w) {
  return w == Wdl::kWin ? "win" : w == Wdl::kLoss ? "loss" : "draw";
}

uint64_t values_checksum(const std::vector<Value>& values) {
  uint64_t h = 0x9E3779B97F4A7C15ULL;
  for (size_t i = 0; i < values.size(); ++i) {
    h ^= uint64_t(values[i]) + (i << 17);
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 29;
  }
  return h;
}

TableCounts count_values(const std::vector<Value>& values) {
  TableCounts c;
  for (size_t e = 0; e < values.size(); ++e) {
    const Value v = values[e];
    if (v == kInvalid) continue;
    const int s = int(e & 1);
    ++c.positions[s];
    const Verdict verdict = verdict_of(v);
    if (verdict.wdl == Wdl::kWin) {
      ++c.wins[s];
      if (uint32_t(verdict.distance) > c.longest_win) {
        c.longest_win = uint32_t(verdict.distance);
        c.longest_win_entry = e;
      }
    } else if (verdict.wdl == Wdl::kLoss) {
      ++c.losses[s];
    } else {
      ++c.draws[s];
    }
  }
  return c;
}

std::filesystem::path table_path(const std::filesystem::path& dir, Material m) {
  return dir / (m.name() + ".jtb");
}

void write_table(const std::filesystem::path& path, const Table& table) {
  const size_t raw_bytes = table.values.size() * sizeof(Value);
  std::vector<char> packed(ZSTD_compressBound(raw_bytes));
  const size_t packed_bytes =
      ZSTD_compress(packed.data(), packed.size(), table.values.data(), raw_bytes, 9);
  if (ZSTD_isError(packed_bytes)) {
    throw TableError(path.string() + ": zstd: " + ZSTD_getErrorName(packed_bytes));
  }
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kFormatVersion;
  h.header_bytes = sizeof(Header);
  h.rules_hash = table.rules_hash;
  h.material_key = table.material.key();
  std::strncpy(h.material_name, table.material.name().c_str(), sizeof h.material_name - 1);
  h.entries = table.values.size();
  for (int s = 0; s < 2; ++s) {
    h.positions[s] = table.counts.positions[s];
    h.wins[s] = table.counts.wins[s];
    h.draws[s] = table.counts.draws[s];
    h.losses[s] = table.counts.losses[s];
  }
  h.longest_win = table.counts.longest_win;
  h.longest_win_entry = table.counts.longest_win_entry;
  h.value_bytes = sizeof(Value);
  h.checksum = table.checksum;
  h.compressed_bytes = packed_bytes;
  std::strncpy(h.rules_name, table.rules_name.c_str(), sizeof h.rules_name - 1);
  std::filesystem::path tmp = path;
  tmp += ".part";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    out.write(packed.data(), std::streamsize(packed_bytes));
    if (!out) throw TableError(tmp.string() + ": cannot write");
  }
  std::filesystem::rename(tmp, path);
}

Table read_table(const std::filesystem::path& path, uint64_t expected_rules_hash, Material expected,
                 uint64_t expected_entries) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TableError(path.string() + ": cannot open");
  const Header h = read_header(in, path);
  if (h.rules_hash != expected_rules_hash) {
    throw TableError(path.string() + ": made under other rules (rules hash " + hex(h.rules_hash) +
                     ", these rules have " + hex(expected_rules_hash) + ")");
  }
  if (h.material_key != expected.key()) {
    throw TableError(path.string() + ": holds material " +
                     Material::from_key(h.material_key).name() + ", not " + expected.name());
  }
  if (h.entries != expected_entries || h.value_bytes != sizeof(Value)) {
    throw TableError(path.string() + ": has " + std::to_string(h.entries) + " entries, expected " +
                     std::to_string(expected_entries));
  }
  std::vector<char> packed(h.compressed_bytes);
  in.read(packed.data(), std::streamsize(packed.size()));
  if (!in || in.peek() != std::char_traits<char>::eof()) {
    throw TableError(path.string() + ": damaged (wrong length)");
  }
  Table t;
  t.material = expected;
  t.rules_hash = h.rules_hash;
  t.values.resize(h.entries);
  const size_t raw_bytes = t.values.size() * sizeof(Value);
  const size_t got = ZSTD_decompress(t.values.data(), raw_bytes, packed.data(), packed.size());
  if (ZSTD_isError(got) || got != raw_bytes) {
    throw TableError(path.string() + ": damaged (the compressed values do not unpack)");
  }
  t.checksum = values_checksum(t.values);
  if (t.checksum != h.checksum) {
    throw TableError(path.string() + ": damaged (checksum " + hex(t.checksum) + ", header says " +
                     hex(h.checksum) + ")");
  }
  for (int s = 0; s < 2; ++s) {
    t.counts.positions[s] = h.positions[s];
    t.counts.wins[s] = h.wins[s];
    t.counts.draws[s] = h.draws[s];
    t.counts.losses[s] = h.losses[s];
  }
  t.counts.longest_win = h.longest_win;
  t.counts.longest_win_entry = h.longest_win_entry;
  return t;
}

TableInfo read_table_info(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TableError(path.string() + ": cannot open");
  const Header h = read_header(in, path);
  TableInfo info;
  info.material = Material::from_key(h.material_key);
  info.rules_hash = h.rules_hash;
  info.entries = h.entries;
  info.file_bytes = sizeof(Header) + h.compressed_bytes;
  info.checksum = h.checksum;
  info.rules_name = std::string(h.rules_name, strnlen(h.rules_name, sizeof h.rules_name));
  for (int s = 0; s < 2; ++s) {
    info.counts.positions[s] = h.positions[s];
    info.counts.wins[s] = h.wins[s];
    info.counts.draws[s] = h.draws[s];
    info.counts.losses[s] = h.losses[s];
  }
  info.counts.longest_win = h.longest_win;
  info.counts.longest_win_entry = h.longest_win_entry;
  return info;
}

std::string hash_text(uint64_t hash) {
  return hex(hash);
}

bool table_complete(const std::filesystem::path& path, uint64_t rules_hash, Material m) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  try {
    const Header h = read_header(in, path);
    if (h.rules_hash != rules_hash || h.material_key != m.key()) return false;
    in.seekg(0, std::ios::end);
    return uint64_t(in.tellg()) == sizeof(Header) + h.compressed_bytes;
  } catch (const TableError&) {
    return false;
  }
}

}  // namespace jungle::tb
