// InputError: the one error type for bad input (scenario, trace, expression,
// flags). It carries where (file, 1-based line and column), what was expected,
// and a hint. app/ catches it once, prints it and exits with status 2:
//
//   scenarios/late.yaml:12:9: error: unknown window kind 'tumbeling'
//     hint: expected one of 'tumbling', 'sliding', 'session'
#ifndef TIDEMARK_ENGINE_INPUT_ERROR_H_
#define TIDEMARK_ENGINE_INPUT_ERROR_H_

#include <stdexcept>
#include <string>

namespace tidemark::engine {

// A position in an input file. line/column are 1-based; 0 means unknown.
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;

  // The location `offset` characters further along the same line.
  SourceLocation Advanced(int offset) const { return {file, line, column + offset}; }
  // "file:line:column", dropping the parts that are unknown.
  std::string ToString() const;
};

class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, std::string message, std::string hint = "");

  const SourceLocation& where() const { return where_; }
  const std::string& message() const { return message_; }
  const std::string& hint() const { return hint_; }

 private:
  SourceLocation where_;
  std::string message_;
  std::string hint_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_INPUT_ERROR_H_
