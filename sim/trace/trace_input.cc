#include "sim/trace/trace_input.h"

#include <utility>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/trace/csv_cell.h"
#include "sim/trace/json_lines_trace_reader.h"
#include "sim/trace/kafka_dump_trace_reader.h"
#include "sim/trace/null_key.h"

namespace tidemark::sim {

using engine::InputError;

namespace {

TraceOptions OptionsOf(const TraceSource& source) {
  return TraceOptions{.schema = source.schema,
                      .event_time_field = source.event_time_field,
                      .on_bad_row = source.on_bad_row,
                      .key_fields = source.key_fields,
                      .source_index = source.source_index};
}

// A file reader (CsvTraceReader, JsonLinesTraceReader, KafkaDumpTraceReader).
template <typename Reader>
class FileTraceInput : public TraceInput {
 public:
  explicit FileTraceInput(const TraceSource& source) : reader_(source.path, OptionsOf(source)) {}
  bool Next(TraceRow& row) override { return reader_.Next(row); }

 private:
  Reader reader_;
};

std::unique_ptr<TraceInput> OpenFile(const TraceSource& source) {
  switch (source.format.value_or(TraceFormatOfPath(source.path))) {
    case TraceFormat::kJsonLines:
      return std::make_unique<FileTraceInput<JsonLinesTraceReader>>(source);
    case TraceFormat::kKafka: return std::make_unique<FileTraceInput<KafkaDumpTraceReader>>(source);
    case TraceFormat::kCsv: break;
  }
  return std::make_unique<FileTraceInput<CsvTraceReader>>(source);
}

// Inline `events:` rows, typed by the schema exactly as CSV cells are.
class InlineTraceInput : public TraceInput {
 public:
  explicit InlineTraceInput(const TraceSource& source) : source_(source) {
    event_time_ = *source.schema.IndexOf(source.event_time_field);
  }

  bool Next(TraceRow& result) override {
    if (next_ >= source_.rows.size()) return false;
    try {
      Parse(next_, result);
    } catch (const InputError& first) {
      // The rows after a bad one are checked too, so one run reports them all.
      engine::InputErrorCollector errors;
      errors.Add(first);
      TraceRow scratch;
      for (size_t r = next_ + 1; r < source_.rows.size(); ++r) {
        try {
          Parse(r, scratch);
        } catch (const InputError& e) {
          errors.Add(e);
        }
      }
      errors.ThrowIfAny();
    }
    ++next_;
    return true;
  }

 private:
  // Row `index` into `result`; throws InputError when it is bad.
  void Parse(size_t index, TraceRow& result) const {
    const InlineRow& row = source_.rows[index];
    TraceRow& out = result = TraceRow{};
    out.line = row.where.line;
    out.record.id = engine::MakeRecordId(source_.source_index, index);
    out.record.values.assign(source_.schema.size(), engine::Value{});
    std::vector<bool> seen(source_.schema.size(), false);
    for (size_t c = 0; c < row.cells.size(); ++c) {
      const auto& [name, text] = row.cells[c];
      if (name.starts_with("@")) {
        ReadReservedCell(row, c, out);
        continue;
      }
      auto index = source_.schema.IndexOf(name);
      if (!index) {
        throw InputError(row.cell_key_where[c],
                         fmt::format("source '{}' has no field '{}'", source_.source_name, name),
                         engine::UnknownNameHint(name, source_.schema.names()));
      }
      const engine::ValueType type = source_.schema.field(*index).type;
      if (row.cell_null[c]) {
        seen[*index] = true;
        continue;
      }
      CellError error;
      auto value = ParseCell(text, type, &error);
      if (!value) {
        throw InputError(row.cell_where[c], fmt::format("field '{}' {}", name, error.message),
                         std::move(error.hint));
      }
      out.record.values[*index] = std::move(*value);
      seen[*index] = true;
    }
    const engine::Value& ts = out.record.values[event_time_];
    const bool has_time = seen[event_time_] && engine::TypeOf(ts) == engine::ValueType::kInt;
    if (has_time) out.record.timestamp = engine::Timestamp::Millis(std::get<int64_t>(ts));
    if (out.kind == TraceRowKind::kWatermark) out.watermark = out.record.timestamp;
    const bool needs_time =
        out.kind == TraceRowKind::kEvent || out.kind == TraceRowKind::kWatermark;
    if (needs_time && !has_time) {
      throw InputError(row.where,
                       fmt::format("row has no event-time field '{}'", source_.event_time_field),
                       "give the row its event time in milliseconds, or make it a '@kind' row "
                       "that needs none (idle, active)");
    }
    if (out.kind == TraceRowKind::kEvent) CheckKeys(row, out);
  }

  // Inline rows are never routed: a null key fails, at its cell if written.
  void CheckKeys(const InlineRow& row, const TraceRow& out) const {
    for (const KeyField& key : source_.key_fields) {
      if (!std::holds_alternative<std::monostate>(out.record.values[key.field])) continue;
      const std::string& name = source_.schema.field(key.field).name;
      engine::SourceLocation where = row.where;
      for (size_t c = 0; c < row.cells.size(); ++c) {
        if (row.cells[c].first == name) where = row.cell_where[c];
      }
      throw InputError(where, NullKeyMessage(name, key.keyed_stream), NullKeyHint(true));
    }
  }

  // The reserved columns, as in a CSV trace: @arrival, @partition, @kind.
  void ReadReservedCell(const InlineRow& row, size_t c, TraceRow& out) const {
    const auto& [name, text] = row.cells[c];
    if (name == "@kind") {
      static const std::vector<std::pair<std::string, TraceRowKind>> kinds = {
          {"event", TraceRowKind::kEvent},
          {"watermark", TraceRowKind::kWatermark},
          {"idle", TraceRowKind::kIdle},
          {"active", TraceRowKind::kActive}};
      for (const auto& [kind_name, kind] : kinds) {
        if (text == kind_name) {
          out.kind = kind;
          return;
        }
      }
      throw InputError(row.cell_where[c], fmt::format("unknown @kind '{}'", text),
                       "expected one of 'event', 'watermark', 'idle', 'active'");
    }
    // @channel is @partition as a script source names it.
    const bool partition = name == "@partition" || name == "@channel";
    if (name != "@arrival" && !partition) {
      throw InputError(
          row.cell_key_where[c], fmt::format("unknown reserved column '{}'", name),
          engine::UnknownNameHint(name, {"@arrival", "@partition", "@kind", "@channel"}));
    }
    auto value = ParseCell(text, engine::ValueType::kInt);
    if (!value ||
        (partition && (std::get<int64_t>(*value) < 0 || std::get<int64_t>(*value) > INT32_MAX))) {
      throw InputError(row.cell_where[c],
                       fmt::format("'{}' expects a whole number{}, got '{}'", name,
                                   partition ? " >= 0" : "", text),
                       partition ? "a partition is numbered from 0, e.g. 3"
                                 : "a processing time in milliseconds, e.g. 1500");
    }
    const int64_t v = std::get<int64_t>(*value);
    if (name == "@arrival") {
      out.arrival = engine::Timestamp::Millis(v);
    } else {
      out.partition = static_cast<int32_t>(v);
    }
  }

 private:
  const TraceSource& source_;
  size_t event_time_ = 0;
  size_t next_ = 0;
};

}  // namespace

std::unique_ptr<TraceInput> OpenTrace(const TraceSource& source) {
  if (!source.path.empty()) {
    try {
      return OpenFile(source);
    } catch (const InputError& e) {
      // A trace that cannot be opened is reported where the scenario names it.
      if (e.where().line > 0) throw;
      throw InputError(source.path_where, e.message(), e.hint());
    }
  }
  return std::make_unique<InlineTraceInput>(source);
}

}  // namespace tidemark::sim
