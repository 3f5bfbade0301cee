// tidemark::Error: the one exception of the public API, for bad input — a
// scenario or trace that cannot be read, parsed or planned, or a trace row
// found bad during a run.
//
// It carries where (file, 1-based line and column; 0 when unknown), what is
// wrong and a hint, and what() is the line the `tidemark` command prints:
//
//   scenarios/late.yaml:12:9: error: unknown window kind 'tumbeling'
//     hint: expected one of 'tumbling', 'sliding', 'session'
//
// Late records, empty windows and stalled watermarks are results, never an
// Error.
#ifndef TIDEMARK_ERROR_H_
#define TIDEMARK_ERROR_H_

#include <stdexcept>
#include <string>

namespace tidemark {

// A place in an input file. line and column are 1-based; 0 means unknown.
struct Location {
  std::string file = {};
  int line = 0;
  int column = 0;
};

class Error : public std::runtime_error {
 public:
  // `what` is the whole printable message (see above).
  Error(Location where, std::string message, std::string hint, const std::string& what);

  const Location& where() const { return where_; }
  const std::string& message() const { return message_; }
  const std::string& hint() const { return hint_; }  // empty when there is none

 private:
  Location where_;
  std::string message_;
  std::string hint_;
};

}  // namespace tidemark

#endif  // TIDEMARK_ERROR_H_
