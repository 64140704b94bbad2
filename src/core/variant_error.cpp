#include "core/variant_error.h"

#include <utility>

namespace jungle {

std::string VariantIssue::to_string() const {
  std::string text = origin;
  // A problem with the whole file (a missing file, a cycle) has no place to point at.
  if (line > 0) {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on ":" + string.
    text += ':';
    text += std::to_string(line);
    text += ':';
    text += std::to_string(column);
  }
  return text + ": " + message;
}

namespace {

std::string join_issues(const std::vector<VariantIssue>& issues) {
  std::string text;
  for (const VariantIssue& issue : issues) {
    if (!text.empty()) text += '\n';
    text += issue.to_string();
  }
  return text.empty() ? std::string("invalid rule set") : text;
}

}  // namespace

VariantError::VariantError(std::vector<VariantIssue> issues)
    : std::runtime_error(join_issues(issues)), issues_(std::move(issues)) {}

std::string VariantError::one_line() const {
  std::string text;
  for (const VariantIssue& issue : issues_) {
    if (!text.empty()) text += "; ";
    text += issue.to_string();
  }
  return text.empty() ? what() : text;
}

}  // namespace jungle
