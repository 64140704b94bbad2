#include "app/variant_option.h"

#include <iostream>

#include "core/variants.h"

namespace jungle::app {

RuleSetPtr load_variant_or_report(std::string_view name_or_path) {
  try {
    return load_variant(name_or_path);
  } catch (const VariantError& e) {
    for (const VariantIssue& issue : e.issues())
      std::cerr << "error: " << issue.to_string() << "\n";
    return nullptr;
  }
}

}  // namespace jungle::app
