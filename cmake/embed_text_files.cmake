# Writes OUTPUT: a C++ file holding every SOURCE_DIR/*.EXTENSION as a string,
# so that the binary carries its data files (the rule sets of variants/, the
# weights of weights/). Run with -DOUTPUT=... -DSOURCE_DIR=... -DEXTENSION=toml
# -DHEADER=core/embedded_variants.h -DTYPE=EmbeddedVariant
# -DFUNCTION=embedded_variants: FUNCTION() returns a std::vector<TYPE> of
# {name, text}, sorted by name, the name being the file's without extension.
# Raw strings, so the text needs no escaping (a file must not hold ")jungle_text").
set(DELIMITER jungle_text)
file(GLOB files ${SOURCE_DIR}/*.${EXTENSION})
list(SORT files)
get_filename_component(folder ${SOURCE_DIR} NAME)
set(body "")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  string(APPEND body "    {\"${name}\", R\"${DELIMITER}(${text})${DELIMITER}\"},\n")
endforeach()
file(WRITE ${OUTPUT}.tmp
"// Generated from ${folder}/*.${EXTENSION} by cmake/embed_text_files.cmake; do not edit.
#include \"${HEADER}\"

namespace jungle {

const std::vector<${TYPE}>& ${FUNCTION}() {
  static const std::vector<${TYPE}> kFiles = {
${body}  };
  return kFiles;
}

}  // namespace jungle
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
