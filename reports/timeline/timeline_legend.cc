#include "reports/timeline/timeline_legend.h"

#include <fmt/format.h>

#include "reports/text/markup_escape.h"
#include "reports/timeline/timeline_svg.h"

namespace tidemark::reports {

namespace {

// One entry: a 16 x 14 swatch drawn by `shape`, then the text (already escaped).
std::string Item(std::string_view kind, std::string_view shape, std::string_view text) {
  return fmt::format(
      "<li data-kind=\"{}\"><svg class=\"swatch\" width=\"16\" height=\"14\" "
      "viewBox=\"0 0 16 14\" aria-hidden=\"true\">{}</svg>{}</li>\n",
      kind, shape, text);
}

}  // namespace

std::string RenderTimelineLegend(const TimelineLegend& legend) {
  std::string out = "<ul class=\"legend\" id=\"timeline-legend\">\n";
  const std::string_view mark = legend.density ? "<rect x=\"2\" y=\"2\" width=\"12\" height=\"10\" "
                                                 "fill=\"{}\"/>"
                                               : "<circle cx=\"8\" cy=\"7\" r=\"5\" fill=\"{}\"/>";
  for (Verdict v : legend.verdicts) {
    out += Item("verdict", fmt::format(fmt::runtime(mark), VerdictColour(v)),
                fmt::format("record: {}", VerdictName(v)));
  }
  if (legend.density) {
    out += Item("density",
                "<rect x=\"2\" y=\"2\" width=\"6\" height=\"10\" fill=\"#2166ac\" "
                "fill-opacity=\"0.35\"/><rect x=\"8\" y=\"2\" width=\"6\" height=\"10\" "
                "fill=\"#2166ac\"/>",
                "a cell of records: coloured by its worst verdict, darker for more");
  }
  for (const auto& [name, colour] : legend.lines) {
    out += Item("watermark",
                fmt::format("<path d=\"M1,11 H6 V4 H15\" fill=\"none\" stroke=\"{}\" "
                            "stroke-width=\"2\"/>",
                            colour),
                "watermark of " + HtmlEscape(name));
  }
  out +=
      Item("minus-inf",
           "<line x1=\"1\" y1=\"7\" x2=\"15\" y2=\"7\" stroke=\"#999\" stroke-dasharray=\"2 2\"/>",
           "-inf: no watermark yet (the row under each lane); +inf: the input ended (the row "
           "above)");
  if (legend.below) {
    out += Item("below", "<path class=\"wm-below\" d=\"M4,4 H12 L8,11 Z\"/>",
                "watermark below the plotted range (its value beside the arrow)");
  }
  if (legend.above) {
    out += Item("above", "<path class=\"wm-above\" d=\"M4,11 H12 L8,4 Z\"/>",
                "watermark above the plotted range");
  }
  if (legend.windows) {
    out += Item("window", "<rect class=\"window\" x=\"1\" y=\"2\" width=\"14\" height=\"10\"/>",
                "window: its event-time range, from its first record to its last firing");
  }
  if (legend.firings) {
    out += Item("firing", "<path class=\"firing\" d=\"M8,1 l6,6 l-6,6 l-6,-6 z\"/>",
                "firing, at the window's max timestamp");
  }
  if (legend.pending) {
    out += Item("pending",
                "<rect class=\"pending-window\" x=\"1\" y=\"2\" width=\"14\" height=\"10\"/>",
                "window still open at the end of the run");
  }
  if (legend.late_step) {
    out += Item("late-step",
                "<line class=\"late-to-step\" x1=\"1\" y1=\"11\" x2=\"11\" y2=\"4\"/>"
                "<circle class=\"late-step\" cx=\"12\" cy=\"4\" r=\"3\"/>",
                "late record: to the watermark step that made it late");
  }
  if (legend.late_firing) {
    out += Item("late-firing",
                "<line class=\"late-to-firing\" x1=\"1\" y1=\"11\" x2=\"15\" y2=\"4\"/>",
                "late record: to the firing of the window it missed");
  }
  if (legend.ticks) {
    out += Item("ticks", "<path class=\"arrival-ticks\" d=\"M4,2 v10 M8,2 v10 M13,2 v10\"/>",
                "a row arriving at a partition");
  }
  if (legend.idle) {
    out += Item("idle", "<rect class=\"idle-span\" x=\"1\" y=\"2\" width=\"14\" height=\"10\"/>",
                "partition or subtask idle");
  }
  if (legend.held) {
    out += Item("held", "<rect class=\"held-span\" x=\"1\" y=\"2\" width=\"14\" height=\"10\"/>",
                "holding the watermark back while others received rows");
  }
  if (legend.barriers) {
    out += Item("cp-barrier", "<line class=\"cp-barrier\" x1=\"8\" y1=\"1\" x2=\"8\" y2=\"13\"/>",
                "checkpoint triggered: its barriers leave the sources");
  }
  if (legend.checkpoints) {
    out += Item("cp-complete", "<line class=\"cp-complete\" x1=\"8\" y1=\"1\" x2=\"8\" y2=\"13\"/>",
                "checkpoint N completed (cpN): exactly-once sinks commit");
  }
  if (legend.aborted) {
    out += Item("cp-aborted", "<line class=\"cp-aborted\" x1=\"8\" y1=\"1\" x2=\"8\" y2=\"13\"/>",
                "checkpoint aborted (\u2205cpN)");
  }
  if (legend.failures) {
    out += Item("failure", "<line class=\"failure\" x1=\"8\" y1=\"1\" x2=\"8\" y2=\"13\"/>",
                "a task failed (\u2715 task)");
  }
  if (legend.downtime) {
    out += Item("downtime", "<rect class=\"downtime\" x=\"1\" y=\"2\" width=\"14\" height=\"10\"/>",
                "down until the restart (\u21bb the checkpoint it restored)");
  }
  return out + "</ul>\n";
}

}  // namespace tidemark::reports
