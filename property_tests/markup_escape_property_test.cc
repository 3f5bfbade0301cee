// No markup survives from a name, value or description into any writer.
// Random payloads (made of the characters HTML, XML, Markdown, CSV and
// GitHub's workflow commands give meaning to) go into a scenario's name,
// description, source, stream, tag and key values, into check results and
// sweep settings; every report format is rendered, and its markup skeleton
// must equal the skeleton of the same output for the benign payload "plain":
// - HTML, SVG and XML (report.html with its timeline: lane labels, late-link
//   labels and list, the sources' strip, the legend): the sequence of tags (`<` and the name after
//   it), `>`,
//   `"` and `'` characters: an escaped payload adds none of them.
// - Markdown: per line that has any, the block marker it starts with, each code
//   span, and every unescaped character that is inline markup (emphasis,
//   links, raw HTML, entities, strikethrough, table pipes); fenced code blocks
//   count once, whatever they hold. The scan follows CommonMark's rules, not
//   the writers' code, so a writer that forgets to escape is caught.
// - CSV: no cell starts with a character a spreadsheet runs as a formula.
// - GitHub annotations: one line, with exactly the properties written.
// Two tests below show that each skeleton tells raw markup from its escaped
// form, so the property can fail.
#include <filesystem>
#include <fstream>
#include <tuple>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "reports/campaign/check_report.h"
#include "reports/campaign/github_annotations.h"
#include "reports/campaign/sweep_report.h"
#include "reports/pages/report_files.h"
#include "reports/story/run_story.h"
#include "reports/text/markup_escape.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::props {
namespace {

using Skeleton = std::vector<std::string>;

bool IsAsciiAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool IsAsciiPunct(char c) { return c > 0x20 && c < 0x7f && !IsAsciiAlnum(c); }

Skeleton TagSkeleton(const std::string& text) {
  Skeleton out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '<') {
      size_t end = i + 1;
      while (end < text.size() && (IsAsciiAlnum(text[end]) || text[end] == '/' ||
                                   text[end] == '!' || text[end] == '?')) {
        ++end;
      }
      out.push_back(text.substr(i, end - i));
    } else if (c == '>' || c == '"' || c == '\'') {
      out.emplace_back(1, c);
    }
  }
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines(1);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      lines.emplace_back();
    } else {
      lines.back() += text[i];
    }
  }
  return lines;
}

size_t BacktickRun(const std::string& line, size_t at) {
  size_t n = 0;
  while (at + n < line.size() && line[at + n] == '`') ++n;
  return n;
}

// The block a line's text opens (after `- ` list markers): heading, list,
// quote, setext rule, ordered list, indented code.
std::string BlockMarker(const std::string& line, size_t& at) {
  size_t spaces = 0;
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) {
    spaces += line[at] == '\t' ? 4 : 1;
    ++at;
  }
  if (spaces >= 4) return "indented code";
  if (at >= line.size()) return "";
  const char c = line[at];
  if (c == '#' || c == '>' || c == '=' || c == '+') return std::string(1, c);
  if (c == '-' || c == '*') {
    if (at + 1 < line.size() && line[at + 1] == ' ') {
      at += 2;
      return std::string(1, c) + " " + BlockMarker(line, at);  // a list item's own content
    }
    return std::string(1, c);
  }
  size_t digits = at;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  if (digits > at && digits < line.size() && (line[digits] == '.' || line[digits] == ')')) {
    return "ordered";
  }
  return "";
}

Skeleton MarkdownSkeleton(const std::string& text) {
  Skeleton out;
  size_t fence = 0;  // inside a fenced block: the length of its fence
  for (const std::string& line : Lines(text)) {
    if (fence > 0) {
      const size_t run = BacktickRun(line, 0);
      if (run >= fence && line.find_first_not_of('`', run) == std::string::npos) fence = 0;
      continue;
    }
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (BacktickRun(line, 0) >= 3) {
      fence = BacktickRun(line, 0);
      out.push_back("fenced block");
      continue;
    }
    size_t i = 0;
    std::string tokens = "[" + BlockMarker(line, i) + "]";
    for (; i < line.size(); ++i) {
      const char c = line[i];
      if (c == '\\' && i + 1 < line.size() && IsAsciiPunct(line[i + 1])) {
        ++i;  // an escaped character is text
      } else if (c == '`') {
        const size_t run = BacktickRun(line, i);
        size_t close = std::string::npos;
        for (size_t j = i + run; j < line.size();) {
          const size_t r = BacktickRun(line, j);
          if (r == run) {
            close = j;
            break;
          }
          j += r > 0 ? r : 1;
        }
        if (close == std::string::npos) {
          tokens += " stray`";
          i += run - 1;
          continue;
        }
        // GitHub splits a table row (our rows start with a pipe) into cells
        // before reading code spans: a bare pipe inside one still ends the cell.
        for (size_t j = i + run; j < close && line.front() == '|'; ++j) {
          if (line[j] == '|' && line[j - 1] != '\\') tokens += " |";
        }
        tokens += " code";
        i = close + run - 1;
      } else if (c == '_') {
        const bool intraword =
            i > 0 && i + 1 < line.size() && IsAsciiAlnum(line[i - 1]) && IsAsciiAlnum(line[i + 1]);
        if (!intraword) tokens += " _";
      } else if (c == '&') {
        size_t end = i + 1;
        while (end < line.size() && (IsAsciiAlnum(line[end]) || line[end] == '#')) ++end;
        if (end > i + 1 && end < line.size() && line[end] == ';') tokens += " entity";
      } else if (std::string_view("*[]<>|~!").find(c) != std::string_view::npos) {
        tokens += std::string(" ") + c;
      }
    }
    if (tokens != "[]") out.push_back(tokens);  // a line of plain text: no markup to compare
  }
  return out;
}

// RFC 4180 cells of every row.
std::vector<std::string> CsvCells(const std::string& text) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cells.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cells.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',' || c == '\n') {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

// Everything each writer makes of `payload`.
struct Rendered {
  std::vector<reports::ReportFile> report;
  std::string junit, check_summary;
  std::string sweep_md, sweep_html, sweep_svg;
  std::string annotation;
};

std::string ScenarioText(const std::string& p) {
  // JSON is YAML: nlohmann quotes and escapes the payload for the loader.
  using nlohmann::ordered_json;
  const std::string source = p + "s", windows = p + "w", late = p + "l", tag = p + "t";
  ordered_json events = ordered_json::array();
  // k1 at 1000 (partition 0) and 2000 (partition 1, its only row) and k2 at
  // 30000 (on time); partition 1 goes idle 2 s after its row, so the
  // watermark follows partition 0 to 29999 and k1 at 3000 arrives after it
  // passed [0, 10000): late to the tag, with a link to the step and the
  // firing, and partition 1's idle stretch in the timeline's strip.
  // [30000, 40000) stays pending: the source is unbounded.
  const std::tuple<const char*, int, int, int> rows[] = {
      {"k1", 1000, 0, 0}, {"k1", 2000, 100, 1}, {"k2", 30000, 5000, 0}, {"k1", 3000, 6000, 0}};
  for (const auto& [key, ts, arrival, partition] : rows) {
    events.push_back(
        {{"k", p + key}, {"ts", ts}, {"@arrival", arrival}, {"@partition", partition}});
  }
  ordered_json scenario = {
      {"name", p + "n"},
      {"description", p + "d\n\nmore"},
      {"seed", 1},
      {"sources",
       {{source,
         {{"events", events},
          {"schema", {{"k", "string"}, {"ts", "int"}}},
          {"event_time", "ts"},
          {"partitions", 2},
          {"watermarks",
           {{"strategy", "bounded_out_of_orderness"},
            {"max_out_of_orderness", "0s"},
            {"idleness", "2s"}}}}}}},
      {"streams",
       {{windows,
         {{"from", source},
          {"key_by", "k"},
          {"window", {{"tumbling", "10s"}, {"late_output", tag}}},
          {"aggregate", {{"n", "count()"}}}}},
        {late, {{"from", windows}, {"side_output", tag}}}}},
      {"sinks", {{windows, ordered_json::object()}, {late, ordered_json::object()}}}};
  return scenario.dump();
}

Rendered Render(const std::string& p) {
  Rendered r;
  const auto folder = std::filesystem::temp_directory_path() / "tidemark_markup_property";
  std::filesystem::create_directories(folder);
  const std::string file = (folder / "hostile.yaml").string();
  std::ofstream(file, std::ios::binary | std::ios::trunc) << ScenarioText(p);
  const sim::JobPlan plan = sim::BindScenario(sim::LoadScenarioSpec(file));
  const sim::RunResult result =
      sim::RunJob(plan, {.seed = 1, .detail = engine::Ledger::Detail::kEveryRecord});
  const reports::RunStory story(plan, result);
  r.report = reports::RenderReportFiles(story, {.tool_version = "1.0", .seed = 1});

  using Status = reports::CheckCase::Status;
  std::vector<reports::CheckCase> cases(2);
  cases[0] = {.file = p + "/a.yaml",
              .name = p,
              .status = Status::kFailed,
              .diff = {"sink '" + p + "': record 1", "  actual {" + p + "}"},
              .error = ""};
  cases[1] = {.file = p + ".yaml",
              .name = "",
              .status = Status::kBadInput,
              .diff = {},
              .error = p + ".yaml:1:1: error: " + p + "\n  hint: " + p};
  r.junit = reports::FormatJUnit(cases);
  r.check_summary = reports::FormatCheckSummary(cases);

  sim::SweepCampaign sweep{.scenario = p + ".yaml",
                           .name = p,
                           .scenario_hash = 1,
                           .settings = {{.key = p + "k", .values = {p + "v"}}},
                           .points = 1,
                           .shard = {},
                           .results = {}};
  sim::SweepMetrics metrics;
  metrics.latency_median_ms = 10;
  metrics.latency_max_ms = 20;
  sweep.results.push_back({.index = 0, .point = {{p + "k", p + "v"}}, .metrics = metrics});
  r.sweep_md = reports::FormatSweepMarkdown(sweep);
  r.sweep_html = reports::FormatSweepHtml(sweep);
  r.sweep_svg = reports::FormatSweepSvg(sweep);
  r.annotation =
      reports::GithubAnnotation(reports::AnnotationLevel::kError, {p + "f", 3, 4}, p + "m");
  return r;
}

const std::string& File(const Rendered& r, std::string_view suffix, size_t nth = 0) {
  for (const reports::ReportFile& f : r.report) {
    if (f.name.ends_with(suffix) && nth-- == 0) return f.content;
  }
  throw std::runtime_error("no report file " + std::string(suffix));
}

// Any string in `json` equal to `text`.
bool HoldsString(const nlohmann::json& json, const std::string& text) {
  if (json.is_string()) return json.get<std::string>() == text;
  if (!json.is_structured()) return false;  // a number iterates as itself
  for (const auto& item : json) {
    if (HoldsString(item, text)) return true;
  }
  return false;
}

// Fails naming the writer and the first token where the skeletons part.
void ExpectSameSkeleton(const Skeleton& hostile, const Skeleton& plain, const std::string& writer) {
  if (hostile == plain) return;
  size_t at = 0;
  while (at < hostile.size() && at < plain.size() && hostile[at] == plain[at]) ++at;
  auto around = [at](const Skeleton& s) {
    std::string out;
    for (size_t i = at >= 3 ? at - 3 : 0; i < s.size() && i < at + 3; ++i)
      out += (i == at ? " >>" : " ") + s[i];
    return out;
  };
  RC_FAIL(writer + ": markup differs at token " + std::to_string(at) + ":" + around(hostile) +
          "\n  benign:" + around(plain));
}

void CheckNoMarkupSurvives(const std::string& payload, const Rendered& hostile,
                           const Rendered& plain) {
  RC_ASSERT(hostile.report.size() == plain.report.size());
  ExpectSameSkeleton(TagSkeleton(File(hostile, "report.html")),
                     TagSkeleton(File(plain, "report.html")), "report.html");
  ExpectSameSkeleton(MarkdownSkeleton(File(hostile, "report.md")),
                     MarkdownSkeleton(File(plain, "report.md")), "report.md");
  ExpectSameSkeleton(TagSkeleton(hostile.junit), TagSkeleton(plain.junit), "JUnit XML");
  ExpectSameSkeleton(MarkdownSkeleton(hostile.check_summary), MarkdownSkeleton(plain.check_summary),
                     "check summary");
  ExpectSameSkeleton(MarkdownSkeleton(hostile.sweep_md), MarkdownSkeleton(plain.sweep_md),
                     "sweep Markdown");
  ExpectSameSkeleton(TagSkeleton(hostile.sweep_html), TagSkeleton(plain.sweep_html), "sweep HTML");
  ExpectSameSkeleton(TagSkeleton(hostile.sweep_svg), TagSkeleton(plain.sweep_svg), "sweep SVG");
  // report.json carries the payload as it is, as data.
  RC_ASSERT(HoldsString(nlohmann::json::parse(File(hostile, "report.json")), payload + "s"));
  for (size_t sink = 0; sink < 2; ++sink) {
    for (const std::string& cell : CsvCells(File(hostile, ".csv", sink))) {
      RC_ASSERT(cell.empty() ||
                std::string_view("=+-@\t\r").find(cell.front()) == std::string_view::npos);
    }
  }
  const std::string& line = hostile.annotation;
  RC_ASSERT(line.find_first_of("\r\n") == line.size() - 1);
  const size_t end = line.find("::", 2);
  RC_ASSERT(end != std::string::npos);
  const std::string properties = line.substr(std::string("::error ").size(), end - 8);
  RC_ASSERT(std::count(properties.begin(), properties.end(), ',') == 2);
  RC_ASSERT(properties.find(",line=3,col=4") != std::string::npos);
}

rc::Gen<std::string> GenPayload() {
  return rc::gen::container<std::string>(
      rc::gen::elementOf(std::string("<>&\"'`*_[]()|\n\r#-+=!~\\/:;{} .ab1@\t")));
}

BOOST_AUTO_TEST_SUITE(markup_escape)

RC_BOOST_PROP(no_payload_survives_as_markup_in_any_writer, ()) {
  const std::string payload = *GenPayload();
  static const Rendered plain = Render("plain");
  CheckNoMarkupSurvives(payload, Render(payload), plain);
}

BOOST_AUTO_TEST_CASE(the_markdown_skeleton_sees_unescaped_markup) {
  // The skeleton must tell raw markup from escaped: each raw form differs
  // from the benign text, and its escaped form does not.
  for (const std::string raw : {"<b>x</b>", "*x*", "[x](y)", "a|b", "&lt;", "~~x~~", "`x", "# x",
                                "- x", "1. x", "    x", "_x_"}) {
    BOOST_TEST(MarkdownSkeleton("- " + raw + "\n") != MarkdownSkeleton("- plain\n"), raw);
    BOOST_TEST(
        MarkdownSkeleton("- " + reports::MarkdownText(raw) + "\n") == MarkdownSkeleton("- plain\n"),
        raw);
  }
  BOOST_TEST(MarkdownSkeleton("| `a|b` |\n") != MarkdownSkeleton("| `ab` |\n"));
  BOOST_TEST(MarkdownSkeleton("| " + reports::MarkdownCode("a|b`", true) + " |\n") ==
             MarkdownSkeleton("| `ab` |\n"));
}

BOOST_AUTO_TEST_CASE(the_tag_skeleton_sees_unescaped_markup) {
  BOOST_TEST(TagSkeleton("<td>" + std::string("<img src=x>") + "</td>") !=
             TagSkeleton("<td>x</td>"));
  BOOST_TEST(TagSkeleton("<a title=\"" + reports::HtmlEscape("\" onclick=\"x") + "\">") ==
             TagSkeleton("<a title=\"x\">"));
  BOOST_TEST(TagSkeleton("<a title=\"\" onclick=\"x\">") != TagSkeleton("<a title=\"x\">"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::props
