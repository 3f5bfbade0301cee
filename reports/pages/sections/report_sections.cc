#include "reports/pages/sections/report_section.h"

namespace tidemark::reports {

const std::vector<const ReportSection*>& ReportSections() {
  static const std::vector<const ReportSection*> sections = {
      &RecoverySection(),
      &HeldWatermarksSection(),
      &PendingWindowsSection(),
  };
  return sections;
}

}  // namespace tidemark::reports
