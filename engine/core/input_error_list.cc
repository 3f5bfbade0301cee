#include "engine/core/input_error_list.h"

#include <algorithm>
#include <string>
#include <tuple>

#include <fmt/format.h>

namespace tidemark::engine {

namespace {

std::string Render(const std::vector<InputError>& errors, size_t left_out) {
  std::string out;
  for (const InputError& e : errors) {
    if (!out.empty()) out += '\n';
    out += e.what();
  }
  if (left_out > 0) out += fmt::format("\nand {} more error{}", left_out, left_out == 1 ? "" : "s");
  return out;
}

}  // namespace

InputErrorList::InputErrorList(std::vector<InputError> errors, size_t left_out)
    : InputError(errors.front()),
      errors_(std::make_shared<const std::vector<InputError>>(std::move(errors))),
      left_out_(left_out) {
  // what() is the whole list: std::runtime_error's message is replaced.
  static_cast<std::runtime_error&>(*this) = std::runtime_error(Render(*errors_, left_out_));
}

std::vector<InputError> Flatten(const InputError& error) {
  if (const auto* list = dynamic_cast<const InputErrorList*>(&error)) return list->errors();
  return {error};
}

void ThrowAll(std::vector<InputError> errors, size_t left_out) {
  std::vector<InputError> flat;
  for (const InputError& e : errors) {
    if (const auto* list = dynamic_cast<const InputErrorList*>(&e)) left_out += list->left_out();
    for (InputError& one : Flatten(e)) flat.push_back(std::move(one));
  }
  // An error about a whole file (line 0) comes before those inside it.
  std::stable_sort(flat.begin(), flat.end(), [](const InputError& a, const InputError& b) {
    return std::tie(a.where().file, a.where().line, a.where().column) <
           std::tie(b.where().file, b.where().line, b.where().column);
  });
  if (flat.size() == 1 && left_out == 0) throw flat.front();
  if (flat.size() > InputErrorList::kMaxShown) {
    left_out += flat.size() - InputErrorList::kMaxShown;
    flat.erase(flat.begin() + static_cast<std::ptrdiff_t>(InputErrorList::kMaxShown), flat.end());
  }
  throw InputErrorList(std::move(flat), left_out);
}

void InputErrorCollector::Add(const InputError& error) {
  for (InputError& one : Flatten(error)) {
    // Only kMaxShown are shown, the first in file order; errors may be found
    // out of order (a planner goes by the graph), so more are kept to sort,
    // and past a bound only counted, so memory stays bounded.
    constexpr size_t kMaxKept = 1000;
    if (errors_.size() < kMaxKept) {
      errors_.push_back(std::move(one));
    } else {
      ++left_out_;
    }
  }
  if (const auto* list = dynamic_cast<const InputErrorList*>(&error)) left_out_ += list->left_out();
}

void InputErrorCollector::ThrowIfAny() {
  if (empty()) return;
  ThrowAll(std::move(errors_), left_out_);
}

}  // namespace tidemark::engine
