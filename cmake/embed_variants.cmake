# Writes OUTPUT: a C++ file holding every variants/*.toml as a string, so the
# binary carries its rule sets. Run with -DOUTPUT=... -DVARIANT_DIR=...
file(GLOB files ${VARIANT_DIR}/*.toml)
list(SORT files)
set(body "")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  string(APPEND body "    {\"${name}\", R\"jungle_toml(${text})jungle_toml\"},\n")
endforeach()
file(WRITE ${OUTPUT}.tmp
"// Generated from variants/*.toml by cmake/embed_variants.cmake; do not edit.
#include \"core/embedded_variants.h\"

namespace jungle {

const std::vector<EmbeddedVariant>& embedded_variants() {
  static const std::vector<EmbeddedVariant> kVariants = {
${body}  };
  return kVariants;
}

}  // namespace jungle
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
