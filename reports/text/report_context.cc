#include "reports/text/report_context.h"

#include <fmt/format.h>

#include "sim/trace/file_bytes.h"

namespace tidemark::reports {

namespace {

constexpr uint64_t kFnvPrime = 0x100000001b3;

void HashFile(const sim::JobInfo::InputFile& file, uint64_t& hash) {
  sim::ForEachFileBlock(file.path, file.where, [&hash](std::string_view block) {
    for (char c : block) hash = (hash ^ static_cast<unsigned char>(c)) * kFnvPrime;
  });
  // A separator, so moving bytes from one file to the next changes the hash.
  hash = (hash ^ 0xffu) * kFnvPrime;
}

}  // namespace

std::string ScenarioHash(const sim::JobPlan& plan) {
  uint64_t hash = 0xcbf29ce484222325;
  for (const sim::JobInfo::InputFile& file : plan.info.input_files) HashFile(file, hash);
  return fmt::format("fnv1a64:{:016x}", hash);
}

std::string ScenarioFileName(const sim::JobPlan& plan) {
  const size_t slash = plan.file.find_last_of('/');
  return slash == std::string::npos ? plan.file : plan.file.substr(slash + 1);
}

}  // namespace tidemark::reports
