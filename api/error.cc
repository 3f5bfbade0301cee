#include "tidemark/error.h"

#include <utility>

namespace tidemark {

Error::Error(Location where, std::string message, std::string hint, const std::string& what)
    : std::runtime_error(what),
      where_(std::move(where)),
      message_(std::move(message)),
      hint_(std::move(hint)) {}

}  // namespace tidemark
