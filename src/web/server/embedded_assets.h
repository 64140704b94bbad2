#pragma once

#include <string_view>
#include <vector>

namespace jungle::web {

// One file of src/web/assets/, compiled into the binary by
// cmake/embed_assets.cmake so that `jungle serve` needs nothing beside it.
struct EmbeddedAsset {
  std::string_view path;  // relative to assets/, with '/' separators: "js/board/board.js"
  std::string_view data;
};

const std::vector<EmbeddedAsset>& embedded_assets();

}  // namespace jungle::web
