#include "reports/text/report_context.h"

#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "engine/core/input_error.h"

namespace tidemark::reports {

namespace {

void HashFile(const std::string& path, uint64_t& hash) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw engine::InputError({path, 0, 0}, "cannot read the file to hash it");
  constexpr uint64_t kPrime = 0x100000001b3;
  for (auto it = std::istreambuf_iterator<char>(in); it != std::istreambuf_iterator<char>(); ++it) {
    hash = (hash ^ static_cast<unsigned char>(*it)) * kPrime;
  }
  // A separator, so moving bytes from one file to the next changes the hash.
  hash = (hash ^ 0xffu) * kPrime;
}

}  // namespace

std::string ScenarioHash(const sim::JobPlan& plan) {
  uint64_t hash = 0xcbf29ce484222325;
  for (const std::string& file : plan.info.input_files) HashFile(file, hash);
  return fmt::format("fnv1a64:{:016x}", hash);
}

std::string ScenarioFileName(const sim::JobPlan& plan) {
  const size_t slash = plan.file.find_last_of('/');
  return slash == std::string::npos ? plan.file : plan.file.substr(slash + 1);
}

}  // namespace tidemark::reports
