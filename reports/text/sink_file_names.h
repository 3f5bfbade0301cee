// The file names of a report folder's sink CSVs. Sink names are stream names,
// which may hold any character; the files must not overwrite one another on
// any file system, including the case-insensitive ones of macOS and Windows.
#ifndef TIDEMARK_REPORTS_SINK_FILE_NAMES_H_
#define TIDEMARK_REPORTS_SINK_FILE_NAMES_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"

namespace tidemark::reports {

// The longest stem a sink's file gets, in bytes: well inside every file
// system's limit on a name, with room for a suffix and ".csv".
inline constexpr size_t kMaxFileStem = 100;

// `name` as a file stem: characters outside [A-Za-z0-9._-] become '_', a
// leading '.' (a hidden file, or "..") gets a '_' before it, an empty name
// becomes "_", and the stem is cut to kMaxFileStem bytes.
std::string SafeFileStem(const std::string& name);

// `<stem>.csv` for each name, in order, all distinct even when compared
// without regard to case: the first name to claim a stem gets it, and each
// later one that collides gets `<stem>-2`, `<stem>-3`, ..., never a stem that
// another name has as its own.
std::vector<std::string> SinkCsvFileNames(const std::vector<std::string>& names);

// The file names of the plan's sinks, in sink order.
std::vector<std::string> SinkCsvFileNames(const sim::JobPlan& plan);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_SINK_FILE_NAMES_H_
