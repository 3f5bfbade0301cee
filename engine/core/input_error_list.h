// InputErrorList: every error one pass over an input found, thrown as one.
//
// A scenario with three misspelt fields, or a trace with three bad cells,
// should take one run to fix, not three. A reader that can go on after an
// error collects them and calls ThrowAll, which throws the one error as it is,
// or an InputErrorList: an InputError whose where(), message() and hint() are
// the first error's (so callers that read one error, such as `expect_error`
// and the GitHub annotations, see the first), and whose what() prints every
// error in file order (by file, line, column), up to kMaxShown, then
// "and N more errors":
//
//   s.yaml:7:5: error: unknown key 'watermark' in source 'readings'
//     hint: did you mean 'watermarks'?
//   s.yaml:12:15: error: unknown field 'temprature'
//   and 3 more errors
#ifndef TIDEMARK_ENGINE_INPUT_ERROR_LIST_H_
#define TIDEMARK_ENGINE_INPUT_ERROR_LIST_H_

#include <cstddef>
#include <memory>
#include <vector>

#include "engine/core/input_error.h"

namespace tidemark::engine {

// Throws `errors` (each flattened, then sorted stably in file order; at most
// InputErrorList::kMaxShown kept, with `left_out` more counted).
// REQUIRES: !errors.empty().
[[noreturn]] void ThrowAll(std::vector<InputError> errors, size_t left_out = 0);

class InputErrorList : public InputError {
 public:
  // At most this many errors of one pass are shown; the rest are counted.
  static constexpr size_t kMaxShown = 20;

  // The errors shown, the first included, in file order.
  const std::vector<InputError>& errors() const { return *errors_; }
  // How many errors beyond errors() were found.
  size_t left_out() const { return left_out_; }

 private:
  friend void ThrowAll(std::vector<InputError> errors, size_t left_out);
  InputErrorList(std::vector<InputError> errors, size_t left_out);

  // Shared: an exception is copied when thrown and caught.
  std::shared_ptr<const std::vector<InputError>> errors_;
  size_t left_out_ = 0;
};

// The errors `error` stands for: its list's, or itself.
std::vector<InputError> Flatten(const InputError& error);

// Collects errors in a pass that goes on after each; Throw() if any.
class InputErrorCollector {
 public:
  void Add(const InputError& error);
  bool empty() const { return errors_.empty() && left_out_ == 0; }
  size_t size() const { return errors_.size() + left_out_; }
  // Throws what was collected, if anything.
  void ThrowIfAny();

 private:
  std::vector<InputError> errors_;
  size_t left_out_ = 0;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_INPUT_ERROR_LIST_H_
