#include "tablebase/table.h"

#include <zstd.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "core/file_io.h"

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

// The header of `path` and the file's size, read through the regular-file
// reader (a FIFO or a device named like a table is refused, not waited on),
// with the checks every reader makes: a table of format version 1 whose
// length is the one its header gives.
struct HeadOfFile {
  Header header;
  uint64_t file_bytes = 0;
};

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw TableError(path.string() + ": " + what);
}

HeadOfFile read_header(const std::filesystem::path& path) {
  FileHead head;
  try {
    head = read_file_head(path, sizeof(Header));
  } catch (const FileReadError& e) {
    fail(path, e.reason());
  }
  HeadOfFile out;
  Header& h = out.header;
  out.file_bytes = head.size;
  if (head.bytes.size() < sizeof kMagic || std::memcmp(head.bytes.data(), kMagic, sizeof kMagic)) {
    fail(path, "not a jungle tablebase file");
  }
  if (head.bytes.size() < sizeof h) {
    fail(path, "damaged (wrong length: " + std::to_string(head.size) + " bytes, shorter than the " +
                   std::to_string(sizeof h) + "-byte header)");
  }
  std::memcpy(&h, head.bytes.data(), sizeof h);
  if (h.version != kFormatVersion) {
    fail(path, "format version " + std::to_string(h.version) + ", this program reads version " +
                   std::to_string(kFormatVersion));
  }
  if (h.header_bytes != sizeof(Header)) {
    fail(path, "damaged (header size " + std::to_string(h.header_bytes) + ", format version " +
                   std::to_string(kFormatVersion) + " has a " + std::to_string(sizeof(Header)) +
                   "-byte header)");
  }
  // Compared without adding, so that a huge size cannot wrap around.
  if (h.compressed_bytes != head.size - sizeof h) {
    fail(path, "damaged (wrong length: the header gives " + std::to_string(h.compressed_bytes) +
                   " bytes of values after the " + std::to_string(sizeof h) +
                   "-byte header, the file has " + std::to_string(head.size - sizeof h) + ")");
  }
  if (h.value_bytes != sizeof(Value)) {
    fail(path, "damaged (values of " + std::to_string(h.value_bytes) + " bytes, not " +
                   std::to_string(sizeof(Value)) + ")");
  }
  if (h.entries && h.longest_win_entry >= h.entries) {
    fail(path, "damaged (the longest win's entry " + std::to_string(h.longest_win_entry) +
                   " is past the " + std::to_string(h.entries) + " entries)");
  }
  return out;
}

// The header's text fields hold a name and zero bytes after it.
bool zero_padded(const char* field, size_t size, const std::string& text) {
  if (text.size() >= size || text.compare(0, std::string::npos, field, text.size()) != 0) {
    return false;
  }
  for (size_t i = text.size(); i < size; ++i) {
    if (field[i]) return false;
  }
  return true;
}

bool counts_equal(const TableCounts& a, const TableCounts& b) {
  for (int s = 0; s < 2; ++s) {
    if (a.positions[s] != b.positions[s] || a.wins[s] != b.wins[s] || a.draws[s] != b.draws[s] ||
        a.losses[s] != b.losses[s]) {
      return false;
    }
  }
  return a.longest_win == b.longest_win && a.longest_win_entry == b.longest_win_entry;
}

TableCounts counts_of(const Header& h) {
  TableCounts c;
  for (int s = 0; s < 2; ++s) {
    c.positions[s] = h.positions[s];
    c.wins[s] = h.wins[s];
    c.draws[s] = h.draws[s];
    c.losses[s] = h.losses[s];
  }
  c.longest_win = h.longest_win;
  c.longest_win_entry = h.longest_win_entry;
  return c;
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
  const HeadOfFile head = read_header(path);
  const Header& h = head.header;
  if (h.rules_hash != expected_rules_hash) {
    fail(path, "made under other rules (rules hash " + hex(h.rules_hash) + ", these rules have " +
                   hex(expected_rules_hash) + ")");
  }
  if (h.material_key != expected.key()) {
    fail(path, "holds material " + Material::from_key(h.material_key).name() + ", not " +
                   expected.name());
  }
  if (!zero_padded(h.material_name, sizeof h.material_name, expected.name())) {
    fail(path, "damaged (the material's name in the header is not " + expected.name() + ")");
  }
  if (h.entries != expected_entries) {
    fail(path, "has " + std::to_string(h.entries) + " entries, expected " +
                   std::to_string(expected_entries));
  }
  std::string content;
  try {
    content = read_small_file(path, head.file_bytes);
  } catch (const FileReadError& e) {
    fail(path, "damaged (" + e.reason() + " while it was read)");
  }
  if (content.size() != head.file_bytes) {
    fail(path, "damaged (wrong length: " + std::to_string(content.size()) + " bytes, " +
                   std::to_string(head.file_bytes) + " a moment before)");
  }
  Table t;
  t.material = expected;
  t.rules_hash = h.rules_hash;
  t.rules_name = std::string(h.rules_name, strnlen(h.rules_name, sizeof h.rules_name));
  t.values.resize(h.entries);
  const size_t raw_bytes = t.values.size() * sizeof(Value);
  const size_t got = ZSTD_decompress(t.values.data(), raw_bytes, content.data() + sizeof h,
                                     content.size() - sizeof h);
  if (ZSTD_isError(got) || got != raw_bytes) {
    fail(path, "damaged (the compressed values do not unpack)");
  }
  t.checksum = values_checksum(t.values);
  if (t.checksum != h.checksum) {
    fail(path, "damaged (checksum " + hex(t.checksum) + ", header says " + hex(h.checksum) + ")");
  }
  // The counts are recounted too: the checksum covers the values only, and
  // `tb stats` shows the counts.
  t.counts = counts_of(h);
  if (!counts_equal(count_values(t.values), t.counts)) {
    fail(path, "damaged (the header's counts do not match the values)");
  }
  return t;
}

TableInfo read_table_info(const std::filesystem::path& path) {
  const HeadOfFile head = read_header(path);
  const Header& h = head.header;
  TableInfo info;
  info.material = Material::from_key(h.material_key);
  info.rules_hash = h.rules_hash;
  info.entries = h.entries;
  info.file_bytes = head.file_bytes;
  info.checksum = h.checksum;
  info.rules_name = std::string(h.rules_name, strnlen(h.rules_name, sizeof h.rules_name));
  info.counts = counts_of(h);
  return info;
}

std::string hash_text(uint64_t hash) {
  return hex(hash);
}

bool table_complete(const std::filesystem::path& path, uint64_t rules_hash, Material m) {
  try {
    const Header h = read_header(path).header;
    return h.rules_hash == rules_hash && h.material_key == m.key();
  } catch (const TableError&) {
    return false;
  }
}

}  // namespace jungle::tb
