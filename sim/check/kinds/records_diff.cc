#include "sim/check/kinds/records_diff.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "sim/check/aligned_diff.h"
#include "sim/check/internal/typed_rows.h"

namespace tidemark::sim::internal {

using Kind = ExpectedElement::Kind;

namespace {

// The metadata any expected row names, so that actual records show it too.
std::vector<Metadata> ShownMetadata(const std::vector<const TypedRow*>& rows) {
  std::vector<Metadata> shown;
  for (const TypedRow* row : rows) {
    for (const auto& [m, t] : row->metadata) {
      if (std::find(shown.begin(), shown.end(), m) == shown.end()) shown.push_back(m);
    }
  }
  std::sort(shown.begin(), shown.end());
  return shown;
}

std::string ShowElement(const TypedElement& e, const engine::Schema& schema,
                        const std::vector<Metadata>& shown, bool expected) {
  switch (e.kind) {
    case Kind::kWatermark:
      return fmt::format("{{watermark: {}}}", FormatMetadataTime(e.watermark, false));
    case Kind::kStatus:
      return fmt::format("{{status: {}}}",
                         e.status == engine::WatermarkStatus::kIdle ? "idle" : "active");
    case Kind::kRecord: return expected ? Show(e.row, schema) : Show(e.actual, schema, shown);
  }
  return "?";
}

bool ElementMatches(const TypedElement& expected, const TypedElement& actual, double tolerance) {
  if (expected.kind != actual.kind) return false;
  switch (expected.kind) {
    case Kind::kWatermark: return expected.watermark == actual.watermark;
    case Kind::kStatus: return expected.status == actual.status;
    case Kind::kRecord: return Matches(expected.row, actual.actual, tolerance);
  }
  return false;
}

// The ordered diff of `expected` against `actual`, aligned so that a record
// missing or added shifts nothing: "record N: expected ..." with the actual
// record and the fields that differ, "missing ...", "unexpected ...". Each
// difference is also added to `mismatches`, at its expected element, or at
// `expectation` for output nobody expected.
std::vector<std::string> DiffAligned(const std::vector<TypedElement>& expected,
                                     const std::vector<TypedElement>& actual,
                                     const engine::Schema& schema, double tolerance,
                                     std::string_view noun, const SourceLocation& expectation,
                                     std::vector<Mismatch>& mismatches) {
  std::vector<const TypedRow*> rows;
  for (const TypedElement& e : expected) rows.push_back(&e.row);
  const std::vector<Metadata> shown = ShownMetadata(rows);
  const auto pairs = AlignSequences(expected.size(), actual.size(), [&](size_t e, size_t a) {
    return ElementMatches(expected[e], actual[a], tolerance);
  });
  std::vector<std::string> lines;
  for (const AlignedPair& p : pairs) {
    switch (p.kind) {
      case AlignedPair::Kind::kMatch: break;
      case AlignedPair::Kind::kDiffer: {
        const std::string label = fmt::format("{} {}:", noun, p.expected + 1);
        const std::string pad(label.size(), ' ');
        const TypedElement& e = expected[p.expected];
        const TypedElement& a = actual[p.actual];
        const size_t first = lines.size();
        lines.push_back(fmt::format("{} expected {}", label, ShowElement(e, schema, shown, true)));
        lines.push_back(fmt::format(
            "{}  actual {}{}", pad, ShowElement(a, schema, shown, false),
            p.actual == p.expected ? ""
                                   : fmt::format(" ({} {} of the output)", noun, p.actual + 1)));
        if (e.kind == Kind::kRecord && a.kind == Kind::kRecord) {
          for (const std::string& d : Differences(e.row, a.actual, schema, tolerance)) {
            lines.push_back(fmt::format("{}  {}", pad, d));
          }
        }
        std::string message = lines[first];
        for (size_t i = first + 1; i < lines.size(); ++i) message += "\n" + lines[i];
        mismatches.push_back({e.where, std::move(message)});
        break;
      }
      case AlignedPair::Kind::kMissing:
        lines.push_back(fmt::format("{} {}: missing {}", noun, p.expected + 1,
                                    ShowElement(expected[p.expected], schema, shown, true)));
        mismatches.push_back({expected[p.expected].where, lines.back()});
        break;
      case AlignedPair::Kind::kUnexpected:
        lines.push_back(fmt::format("{} {} of the output: unexpected {}", noun, p.actual + 1,
                                    ShowElement(actual[p.actual], schema, shown, false)));
        mismatches.push_back({expectation, lines.back()});
        break;
    }
  }
  return lines;
}

std::vector<std::string> DiffUnordered(const std::vector<TypedElement>& expected,
                                       const std::vector<TypedElement>& actual,
                                       const engine::Schema& schema, double tolerance,
                                       const SourceLocation& expectation,
                                       std::vector<Mismatch>& mismatches) {
  std::vector<const TypedRow*> rows;
  for (const TypedElement& e : expected) rows.push_back(&e.row);
  const std::vector<Metadata> shown = ShownMetadata(rows);
  std::vector<bool> used(actual.size(), false);
  std::vector<std::string> lines;
  for (const TypedElement& row : expected) {
    bool found = false;
    for (size_t i = 0; i < actual.size() && !found; ++i) {
      if (!used[i] && ElementMatches(row, actual[i], tolerance)) used[i] = found = true;
    }
    if (!found) {
      lines.push_back(fmt::format("missing {}", ShowElement(row, schema, shown, true)));
      mismatches.push_back({row.where, lines.back()});
    }
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    if (!used[i]) {
      lines.push_back(fmt::format("unexpected {}", ShowElement(actual[i], schema, shown, false)));
      mismatches.push_back({expectation, lines.back()});
    }
  }
  return lines;
}

// Flink's assertOutputEqualsSorted: records between two watermarks or
// statuses may come in any order. Reorders each run of actual records to
// follow the expected run it faces where they match, so that the ordered
// diff that follows reports only real differences.
void AlignRecordRuns(const std::vector<TypedElement>& expected, std::vector<TypedElement>& actual,
                     double tolerance) {
  size_t e = 0, a = 0;
  while (e < expected.size() && a < actual.size()) {
    size_t e_end = e, a_end = a;
    while (e_end < expected.size() && expected[e_end].kind == Kind::kRecord) ++e_end;
    while (a_end < actual.size() && actual[a_end].kind == Kind::kRecord) ++a_end;
    // Each expected record takes its match; the records left over fill the
    // places of the expected ones without a match, in order, so that the
    // diff pairs them and names the fields that differ.
    std::vector<std::optional<size_t>> slot(e_end - e);
    std::vector<bool> used(a_end - a, false);
    for (size_t i = e; i < e_end; ++i) {
      for (size_t j = a; j < a_end; ++j) {
        if (used[j - a] || !ElementMatches(expected[i], actual[j], tolerance)) continue;
        used[j - a] = true;
        slot[i - e] = j;
        break;
      }
    }
    std::vector<size_t> left;
    for (size_t j = a; j < a_end; ++j) {
      if (!used[j - a]) left.push_back(j);
    }
    std::vector<TypedElement> ordered;
    size_t next_left = 0;
    for (const std::optional<size_t>& s : slot) {
      if (s) {
        ordered.push_back(actual[*s]);
      } else if (next_left < left.size()) {
        ordered.push_back(actual[left[next_left++]]);
      }
    }
    for (; next_left < left.size(); ++next_left) ordered.push_back(actual[left[next_left]]);
    std::copy(ordered.begin(), ordered.end(), actual.begin() + static_cast<std::ptrdiff_t>(a));
    // Step over the marker that ends both runs.
    e = e_end + 1;
    a = a_end + 1;
  }
}

std::vector<TypedElement> ActualRecords(const SinkOutput& output) {
  std::vector<TypedElement> actual;
  for (size_t i = 0; i < output.records.size(); ++i) {
    TypedElement e;
    e.actual = {&output.records[i], &output.emissions[i]};
    actual.push_back(e);
  }
  return actual;
}

std::vector<TypedElement> ActualOutput(const SinkOutput& output) {
  std::vector<TypedElement> actual;
  for (const SinkElement& element : output.elements) {
    TypedElement e;
    switch (element.kind) {
      case SinkElement::Kind::kRecord:
        e.actual = {&output.records[element.record], &output.emissions[element.record]};
        break;
      case SinkElement::Kind::kWatermark:
        e.kind = Kind::kWatermark;
        e.watermark = element.watermark;
        break;
      case SinkElement::Kind::kStatus:
        e.kind = Kind::kStatus;
        e.status = element.status;
        break;
    }
    actual.push_back(e);
  }
  return actual;
}

std::string Count(const std::vector<TypedElement>& elements) {
  size_t records = 0, watermarks = 0, statuses = 0;
  for (const TypedElement& e : elements) {
    (e.kind == Kind::kRecord ? records : e.kind == Kind::kWatermark ? watermarks : statuses) += 1;
  }
  return fmt::format("{} record{}, {} watermark{}, {} status{}", records, records == 1 ? "" : "s",
                     watermarks, watermarks == 1 ? "" : "s", statuses, statuses == 1 ? "" : "es");
}

std::vector<std::string> DiffOutput(const SinkExpectation& e, const SinkOutput& output,
                                    std::vector<Mismatch>& mismatches) {
  std::vector<TypedElement> expected;
  for (const ExpectedElement& element : e.output) {
    TypedElement t;
    t.kind = element.kind;
    t.where = element.where;
    if (element.kind == Kind::kRecord) t.row = TypeRow(element.record, output.schema, e.sink);
    t.watermark = element.watermark;
    t.status = element.idle ? engine::WatermarkStatus::kIdle : engine::WatermarkStatus::kActive;
    expected.push_back(std::move(t));
  }
  std::vector<TypedElement> actual = ActualOutput(output);
  if (e.order == SinkExpectation::Order::kUnordered) AlignRecordRuns(expected, actual, e.tolerance);
  auto lines =
      DiffAligned(expected, actual, output.schema, e.tolerance, "entry", e.where, mismatches);
  if (!lines.empty()) {
    lines.insert(lines.begin(), fmt::format("expected {}; got {}", Count(expected), Count(actual)));
  }
  return lines;
}

std::vector<std::string> DiffRecords(const SinkExpectation& e, const SinkOutput& output,
                                     std::vector<Mismatch>& mismatches) {
  std::vector<TypedElement> expected;
  if (!e.golden.empty()) {
    for (TypedRow& row : ReadGolden(e.golden, output.schema, e.where)) {
      const SourceLocation where = row.where;
      expected.push_back({.kind = Kind::kRecord,
                          .row = std::move(row),
                          .actual = {},
                          .watermark = engine::Timestamp::Min(),
                          .status = engine::WatermarkStatus::kActive,
                          .where = where});
    }
  } else {
    for (const ExpectedRow& row : e.rows) {
      expected.push_back({.kind = Kind::kRecord,
                          .row = TypeRow(row, output.schema, e.sink),
                          .actual = {},
                          .watermark = engine::Timestamp::Min(),
                          .status = engine::WatermarkStatus::kActive,
                          .where = row.where});
    }
  }
  const std::vector<TypedElement> actual = ActualRecords(output);
  auto lines =
      e.order == SinkExpectation::Order::kOrdered
          ? DiffAligned(expected, actual, output.schema, e.tolerance, "record", e.where, mismatches)
          : DiffUnordered(expected, actual, output.schema, e.tolerance, e.where, mismatches);
  if (!lines.empty()) {
    lines.insert(lines.begin(), fmt::format("expected {} records, got {}", expected.size(),
                                            output.records.size()));
  }
  return lines;
}

}  // namespace

std::vector<std::string> DiffSink(const SinkExpectation& e, const SinkOutput& output,
                                  std::vector<Mismatch>& mismatches) {
  return e.has_output ? DiffOutput(e, output, mismatches) : DiffRecords(e, output, mismatches);
}

}  // namespace tidemark::sim::internal
