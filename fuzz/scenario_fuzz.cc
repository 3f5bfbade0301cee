// Fuzz target: a scenario file's text through the YAML loader and the
// planner. Trace paths resolve in a folder that does not exist, so a
// scenario naming a trace is refused instead of reading the machine's files.
#include "fuzz/fuzz_target.h"
#include "sim/planner/job_plan.h"
#include "sim/session/open_job.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    tidemark::sim::OpenJobText(text, "fuzz.yaml", "/nonexistent/fuzz");
  } catch (const tidemark::engine::InputError& error) {
    tidemark::fuzz::CheckLocated(error, text, "fuzz.yaml");
  }
  return 0;
}
