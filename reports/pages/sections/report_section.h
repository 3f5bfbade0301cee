// ReportSection: a part that every page of a report shows — the recovery
// history, the watermarks held back, the pending windows. Each section is
// written once, in one file of this folder, against the run story: it
// gathers what it says from the story and renders it in each page's form
// (report.html, report.md, report.json). The pages show the sections of
// ReportSections() in its order; a section with nothing to say (a run
// without checkpoints, no pending window) adds nothing, so the pages of
// other runs stay as they were.
#ifndef TIDEMARK_REPORTS_PAGES_SECTIONS_REPORT_SECTION_H_
#define TIDEMARK_REPORTS_PAGES_SECTIONS_REPORT_SECTION_H_

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "reports/story/run_story.h"

namespace tidemark::reports {

class ReportSection {
 public:
  virtual ~ReportSection() = default;
  // The section as report.html shows it; "" when it has nothing to say.
  virtual std::string Html(const RunStory& story) const = 0;
  // The section as report.md shows it; "" when it has nothing to say.
  virtual std::string Markdown(const RunStory& story) const = 0;
  // Adds the section's key to report.json; none when it has nothing to say.
  virtual void AddJson(const RunStory& story, nlohmann::json& report) const = 0;
};

// Every section, in the order the pages show them. A new section is one file
// here and one line in report_sections.cc.
const std::vector<const ReportSection*>& ReportSections();

// The sections of this folder.
const ReportSection& RecoverySection();
const ReportSection& HeldWatermarksSection();
const ReportSection& PendingWindowsSection();

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_PAGES_SECTIONS_REPORT_SECTION_H_
