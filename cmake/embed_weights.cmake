# Writes OUTPUT: a C++ file holding every weights/*.txt as a string, so the
# binary carries its evaluation weights (search/embedded_weights.h). Run with
# -DOUTPUT=... -DWEIGHTS_DIR=...
file(GLOB files ${WEIGHTS_DIR}/*.txt)
list(SORT files)
set(body "")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  string(APPEND body "    {\"${name}\", R\"jungle_weights(${text})jungle_weights\"},\n")
endforeach()
file(WRITE ${OUTPUT}.tmp
"// Generated from weights/*.txt by cmake/embed_weights.cmake; do not edit.
#include \"search/embedded_weights.h\"

namespace jungle {

const std::vector<EmbeddedWeights>& embedded_weights() {
  static const std::vector<EmbeddedWeights> kWeights = {
${body}  };
  return kWeights;
}

}  // namespace jungle
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
