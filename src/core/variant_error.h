#pragma once

// The problems found in a rule-set file, each with its place, and the error
// that carries them: what the rule-file schema and loader report, and what
// the public face (core/variants.h) throws.

#include <stdexcept>
#include <string>
#include <vector>

namespace jungle {

// One problem found in a rule-set file, with its place (line 0 when the
// problem belongs to the file as a whole, e.g. an inheritance cycle).
struct VariantIssue {
  std::string origin;  // file path, or "<builtin NAME>"
  int line = 0;
  int column = 0;
  std::string message;
  std::string to_string() const;  // "FILE:LINE:COL: MESSAGE"
};

class VariantError : public std::runtime_error {
 public:
  explicit VariantError(std::vector<VariantIssue> issues);
  const std::vector<VariantIssue>& issues() const { return issues_; }
  // The issues on one line, joined by "; ", for a protocol's one-line error.
  std::string one_line() const;

 private:
  std::vector<VariantIssue> issues_;
};

}  // namespace jungle
