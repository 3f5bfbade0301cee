#include "reports/timeline/timeline_recovery.h"

#include <algorithm>

#include <fmt/format.h>

#include "reports/story/recovery_text.h"
#include "reports/text/markup_escape.h"

namespace tidemark::reports {

using engine::FormatTimestamp;

namespace {

// A label is written only this far right of the previous one, so that a dense
// run of checkpoints does not print one label over another; every line keeps
// its <title>.
constexpr double kLabelGap = 34;

struct LabelRow {
  double last_x = -1e9;
  bool Fits(double x) {
    if (x - last_x < kLabelGap) return false;
    last_x = x;
    return true;
  }
};

}  // namespace

RecoveryDrawing DrawRecovery(const sim::JobPlan& plan, const sim::RecoveryResult& recovery,
                             const XAxis& x, double top, double bottom) {
  RecoveryDrawing out;
  const double line_top = top + kRecoveryRowHeight - 6;
  const double upper = top + 11, lower = top + 23;  // checkpoints' labels, failures' labels
  std::string lines, labels;
  // Downtime first, under every line.
  for (const sim::FailureRecord& f : recovery.failures) {
    const bool restarts = f.outcome == sim::FailureRecord::Outcome::kRestarted;
    if (!restarts || f.restart_at < f.at) continue;
    if (!x.scale.Contains(f.at.millis()) && !x.scale.Contains(f.restart_at.millis())) continue;
    const double x0 = x.X(f.at.millis()), x1 = x.X(f.restart_at.millis());
    lines += fmt::format(
        "<rect class=\"downtime\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\">"
        "<title>{}</title></rect>\n",
        x0, line_top, std::max(1.0, x1 - x0), bottom - line_top,
        HtmlEscape(fmt::format("down from {} to {}: {}", FormatTimestamp(f.at),
                               FormatTimestamp(f.restart_at), FailureText(plan, f))));
    ++out.restarts;
  }
  LabelRow upper_row, lower_row;
  size_t drawn = 0;
  for (const sim::CheckpointRecord& c : recovery.checkpoints) {
    if (drawn == kMaxCheckpointsDrawn) break;
    bool any = false;
    if (x.scale.Contains(c.triggered.millis())) {
      lines += fmt::format(
          "<line class=\"cp-barrier\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\">"
          "<title>checkpoint {3}: barriers leave the sources at {4}</title></line>\n",
          x.X(c.triggered.millis()), line_top, bottom, c.id, FormatTimestamp(c.triggered));
      ++out.barriers;
      any = true;
    }
    const bool ended = c.outcome != sim::CheckpointRecord::Outcome::kPending;
    if (ended && x.scale.Contains(c.ended.millis())) {
      const bool completed = c.outcome == sim::CheckpointRecord::Outcome::kCompleted;
      const double at = x.X(c.ended.millis());
      const std::string title =
          completed ? fmt::format("checkpoint {} completed at {} (triggered at {})", c.id,
                                  FormatTimestamp(c.ended), FormatTimestamp(c.triggered))
                    : fmt::format("checkpoint {} aborted at {}: {}", c.id, FormatTimestamp(c.ended),
                                  c.reason);
      lines += fmt::format(
          "<line class=\"{0}\" x1=\"{1:.1f}\" y1=\"{2:.1f}\" x2=\"{1:.1f}\" y2=\"{3:.1f}\">"
          "<title>{4}</title></line>\n",
          completed ? "cp-complete" : "cp-aborted", at, line_top, bottom, HtmlEscape(title));
      if (upper_row.Fits(at)) {
        labels += fmt::format(
            "<text class=\"cp-label\" x=\"{:.1f}\" y=\"{:.1f}\" "
            "text-anchor=\"middle\">{}{}</text>\n",
            at, upper, completed ? "cp" : "\u2205cp", c.id);
      }
      ++(completed ? out.completed : out.aborted);
      any = true;
    }
    drawn += any ? 1 : 0;
  }
  for (const sim::FailureRecord& f : recovery.failures) {
    if (!x.scale.Contains(f.at.millis())) continue;
    const double at = x.X(f.at.millis());
    lines += fmt::format(
        "<line class=\"failure\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\">"
        "<title>{3}</title></line>\n",
        at, line_top, bottom, HtmlEscape("failure " + FailureText(plan, f)));
    if (lower_row.Fits(at)) {
      const std::string who = fmt::format("{}[{}]", plan.nodes[f.node].name, f.subtask);
      labels += fmt::format(
          "<text class=\"failure-label\" x=\"{:.1f}\" y=\"{:.1f}\">\u2715 {}</text>\n", at + 2,
          lower, HtmlEscape(who.size() > 24 ? who.substr(0, 23) + "\u2026" : who));
    }
    ++out.failures;
    if (f.outcome == sim::FailureRecord::Outcome::kRestarted &&
        x.scale.Contains(f.restart_at.millis())) {
      const double back = x.X(f.restart_at.millis());
      if (lower_row.Fits(back)) {
        labels += fmt::format(
            "<text class=\"restart-label\" x=\"{:.1f}\" y=\"{:.1f}\">\u21bb {}</text>\n", back + 2,
            lower,
            f.restored_checkpoint == 0 ? std::string("empty")
                                       : fmt::format("cp{}", f.restored_checkpoint));
      }
    }
  }
  const uint64_t total = std::max<uint64_t>(
      recovery.checkpoints.size(), recovery.checkpoints_completed + recovery.checkpoints_aborted);
  if (drawn == kMaxCheckpointsDrawn || total > recovery.checkpoints.size()) {
    labels += fmt::format(
        "<text class=\"cp-label\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">checkpoints "
        "drawn: the first {} of {}</text>\n",
        kPlotLeft + kPlotWidth, upper, drawn, total);
  }
  out.svg = "<g class=\"recovery\">\n" + lines + labels + "</g>\n";
  return out;
}

}  // namespace tidemark::reports
