# Writes OUTPUT: a C++ file holding every file under ASSET_DIR as bytes, so
# that `jungle serve` carries its page. Run with -DOUTPUT=... -DASSET_DIR=...
# Bytes, not raw strings: any file (an icon, a script with any text) embeds.
file(GLOB_RECURSE files RELATIVE ${ASSET_DIR} ${ASSET_DIR}/*)
list(SORT files)
set(arrays "")
set(entries "")
set(index 0)
foreach(rel ${files})
  if(rel MATCHES "(^|/)\\.|~$")  # editor backups and hidden files stay out
    continue()
  endif()
  file(READ ${ASSET_DIR}/${rel} hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
  string(APPEND arrays "const unsigned char kAsset${index}[] = {\n${bytes}0};\n")
  string(APPEND entries
    "      {\"${rel}\", {reinterpret_cast<const char*>(kAsset${index}), ${size}}},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE ${OUTPUT}.tmp
"// Generated from src/web/assets/ by cmake/embed_assets.cmake; do not edit.
#include \"web/server/embedded_assets.h\"

namespace jungle::web {

namespace {
${arrays}}  // namespace

const std::vector<EmbeddedAsset>& embedded_assets() {
  static const std::vector<EmbeddedAsset> kAssets = {
${entries}  };
  return kAssets;
}

}  // namespace jungle::web
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
