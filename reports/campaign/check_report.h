// What `tidemark check` writes for CI: JUnit XML (one testcase per scenario,
// the diff in the failure) and a Markdown summary. Cases keep the order check
// ran them in (sorted paths); nothing depends on the clock or host, so the
// XML carries no timestamps or durations.
#ifndef TIDEMARK_REPORTS_CHECK_REPORT_H_
#define TIDEMARK_REPORTS_CHECK_REPORT_H_

#include <string>
#include <vector>

namespace tidemark::reports {

struct CheckCase {
  enum class Status { kPassed, kFailed, kSkipped, kBadInput };
  std::string file;  // the scenario file as check found it
  std::string name;  // the scenario's name, or empty when it did not load
  Status status = Status::kPassed;
  // kFailed: the readable diff, one line each ("sink 'hot': record 2: ...").
  std::vector<std::string> diff;
  std::string error;  // kBadInput: the error as printed
};

// JUnit XML readable by Jenkins, GitLab, GitHub Actions reporters and the
// like: <testsuites><testsuite name="tidemark check"> with a <testcase> per
// scenario (classname = its folder, dots for slashes; name = its file name),
// <failure message="first diff line"> holding the whole diff, <error> for bad
// input and <skipped> for scenarios without expectations.
std::string FormatJUnit(const std::vector<CheckCase>& cases);

// A Markdown table of every scenario and its status, with each diff below.
std::string FormatCheckSummary(const std::vector<CheckCase>& cases);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_CHECK_REPORT_H_
