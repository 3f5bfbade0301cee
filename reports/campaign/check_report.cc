#include "reports/campaign/check_report.h"

#include <fmt/format.h>

#include "reports/text/markup_escape.h"

namespace tidemark::reports {

using Status = CheckCase::Status;

namespace {

// "scenarios/sensors/x.yaml" -> ("scenarios.sensors", "x.yaml").
std::pair<std::string, std::string> ClassAndName(const std::string& file) {
  const size_t slash = file.find_last_of('/');
  if (slash == std::string::npos) return {"scenarios", file};
  std::string folder = file.substr(0, slash);
  while (folder.rfind("./", 0) == 0) folder = folder.substr(2);
  for (char& c : folder) {
    if (c == '/') c = '.';
  }
  return {folder.empty() ? "scenarios" : folder, file.substr(slash + 1)};
}

std::string_view StatusWord(Status status) {
  switch (status) {
    case Status::kPassed: return "passed";
    case Status::kFailed: return "FAILED";
    case Status::kSkipped: return "skipped (no expectations)";
    case Status::kBadInput: return "BAD INPUT";
  }
  return "?";
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

}  // namespace

std::string FormatJUnit(const std::vector<CheckCase>& cases) {
  int failures = 0, errors = 0, skipped = 0;
  std::string body;
  for (const CheckCase& c : cases) {
    const auto [classname, name] = ClassAndName(c.file);
    body += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", XmlEscape(classname),
                        XmlEscape(name));
    switch (c.status) {
      case Status::kPassed: body += "/>\n"; continue;
      case Status::kFailed:
        ++failures;
        body += fmt::format(">\n      <failure type=\"expectation\" message=\"{}\">{}</failure>\n",
                            XmlEscape(c.diff.empty() ? "differs" : c.diff.front()),
                            XmlEscape(Join(c.diff)));
        break;
      case Status::kSkipped:
        ++skipped;
        body += ">\n      <skipped message=\"no expectations\"/>\n";
        break;
      case Status::kBadInput:
        ++errors;
        body += fmt::format(">\n      <error type=\"bad input\" message=\"{}\">{}</error>\n",
                            XmlEscape(c.error.substr(0, c.error.find('\n'))), XmlEscape(c.error));
        break;
    }
    body += "    </testcase>\n";
  }
  const std::string counts =
      fmt::format("tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\"", cases.size(),
                  failures, errors, skipped);
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tidemark check\" {0}>\n"
      "  <testsuite name=\"tidemark check\" {0}>\n{1}  </testsuite>\n</testsuites>\n",
      counts, body);
}

std::string FormatCheckSummary(const std::vector<CheckCase>& cases) {
  int passed = 0, failed = 0, skipped = 0, bad = 0;
  std::string table = "| scenario | file | result |\n|---|---|---|\n";
  std::string details;
  for (const CheckCase& c : cases) {
    switch (c.status) {
      case Status::kPassed: ++passed; break;
      case Status::kFailed: ++failed; break;
      case Status::kSkipped: ++skipped; break;
      case Status::kBadInput: ++bad; break;
    }
    table += fmt::format("| {} | {} | {} |\n", MarkdownCell(c.name.empty() ? "-" : c.name),
                         MarkdownCode(c.file, /*in_table=*/true), StatusWord(c.status));
    if (c.status == Status::kFailed || c.status == Status::kBadInput) {
      details +=
          fmt::format("### {}\n\n{}\n", MarkdownText(c.file),
                      MarkdownCodeBlock(c.status == Status::kFailed ? Join(c.diff) : c.error));
    }
  }
  std::string out =
      fmt::format("# tidemark check\n\n{} passed, {} failed, {} skipped, {} bad input\n\n", passed,
                  failed, skipped, bad);
  out += table;
  if (!details.empty()) out += "\n## Differences\n\n" + details;
  return out;
}

}  // namespace tidemark::reports
