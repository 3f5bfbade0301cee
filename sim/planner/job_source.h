// JobSource: the front end a plan was bound from — a scenario file today —
// kept with the plan so that campaigns can vary the job and write it back
// without reading its syntax: explore shrinks its rows and adds failures,
// sweep changes its settings, and a reproduction is written in the front
// end's own language and read back to verify it.
#ifndef TIDEMARK_SIM_PLANNER_JOB_SOURCE_H_
#define TIDEMARK_SIM_PLANNER_JOB_SOURCE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/time.h"
#include "sim/trace/pinned_rows.h"

namespace tidemark::sim {

struct JobPlan;

// A failure a campaign adds to a job: a task (subtask `subtask` of stream
// `task`) failing at processing time `at`, or sink `sink` throwing on its
// `count`-th record.
struct FailurePoint {
  enum class Kind { kAt, kOnRecord } kind = Kind::kAt;
  engine::Timestamp at = engine::Timestamp::Millis(0);
  std::string task = {};
  int subtask = 0;
  std::string sink = {};
  uint64_t count = 0;
};

// "{at: 990ms, task: windows/1}" or "{sink: out, on_record: 3}": a point as a
// scenario's `failures:` writes it, and as campaigns name it.
std::string FailureText(const FailurePoint& point);

// A setting a sweep changes: a dotted key and its value as written
// ("sources.NAME.watermarks.max_out_of_orderness", "2s").
using JobSetting = std::pair<std::string, std::string>;

// How a job is varied. Everything left at its default leaves the job as it is.
struct JobVariant {
  // With `rows`: each shrinkable source reads exactly the pinned rows of
  // `keep` (in file order); the others keep their traces.
  const JobRows* rows = nullptr;
  std::vector<RowRef> keep = {};
  enum class OwnFailures { kKeep, kDrop } own_failures = OwnFailures::kKeep;
  std::vector<FailurePoint> added_failures = {};  // after the job's own
  std::vector<JobSetting> settings = {};          // applied in order
};

// A standalone job of some of a job's rows, for `explore`'s reproductions.
struct ReproRequest {
  const JobRows* rows = nullptr;
  std::vector<RowRef> keep = {};
  uint64_t seed = 0;
  std::string folder = {};                // where it will be written: resolves the traces kept
  std::vector<std::string> comment = {};  // opening lines, each a sentence or empty
  std::vector<FailurePoint> added_failures = {};  // failures written after the job's own
};

class JobSource {
 public:
  virtual ~JobSource() = default;

  // The job varied and planned. Throws engine::InputError when the variant
  // is no valid job (a setting it does not know, rows it cannot take).
  virtual JobPlan Plan(const JobVariant& variant) const = 0;
  // Throws engine::InputError for a setting whose key or value does not
  // apply to this job, without planning.
  virtual void CheckSettings(const std::vector<JobSetting>& settings) const = 0;
  // The job as a standalone file with the request's rows, seed and added
  // failures, and no expectations (its recovery counters left out when
  // failures are added). Throws engine::InputError when the job's own file
  // can no longer be read.
  virtual std::string ReproText(const ReproRequest& request) const = 0;
  // A text in this front end's language (ReproText's, expectations added),
  // read back and planned; `file` names it and its folder resolves paths,
  // which need not lie under it. Throws engine::InputError.
  virtual JobPlan Reload(const std::string& text, const std::string& file) const = 0;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_JOB_SOURCE_H_
