// Expected rows typed by a sink's schema, and how they match, show and differ
// from what the sink received. Shared by the expectation checks.
#ifndef TIDEMARK_SIM_CHECK_INTERNAL_TYPED_ROWS_H_
#define TIDEMARK_SIM_CHECK_INTERNAL_TYPED_ROWS_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/watermarks/watermark_status.h"
#include "sim/check/kinds/records_expectation.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim::internal {

// The record metadata an expectation may check (§ "@" cells).
enum class Metadata { kTimestamp, kWatermark, kAt };

// "@timestamp", "@watermark", "@at", or nullopt.
std::optional<Metadata> ParseMetadataName(std::string_view name);
std::string_view MetadataName(Metadata m);

// One expected row, typed: (field index, value) pairs and metadata checks.
struct TypedRow {
  std::vector<std::pair<size_t, engine::Value>> cells;
  std::vector<std::pair<Metadata, engine::Timestamp>> metadata;
  SourceLocation where;  // the row in the scenario or the golden file
};

// A record as the sink received it.
struct ActualRecord {
  const engine::Record* record = nullptr;
  const RecordEmission* emission = nullptr;
};

// An `output:` entry, expected or actual.
struct TypedElement {
  ExpectedElement::Kind kind = ExpectedElement::Kind::kRecord;
  TypedRow row;         // expected records
  ActualRecord actual;  // actual records
  engine::Timestamp watermark = engine::Timestamp::Min();
  engine::WatermarkStatus status = engine::WatermarkStatus::kActive;
  SourceLocation where;  // expected elements: where the scenario writes them
};

// Throws engine::InputError at the cell that does not parse.
TypedRow TypeRow(const ExpectedRow& row, const engine::Schema& schema, const std::string& sink);

// A golden file: a header naming the sink's fields in order, optionally
// followed by metadata columns, then one row per record.
std::vector<TypedRow> ReadGolden(const std::string& path, const engine::Schema& schema,
                                 const SourceLocation& named_at);

engine::Timestamp MetadataOf(const ActualRecord& actual, Metadata m);
bool Matches(const TypedRow& expected, const ActualRecord& actual, double tolerance);

// "{a: 1, @timestamp: 1999}" as expected; the actual record with every field
// and the metadata in `shown`.
std::string Show(const TypedRow& row, const engine::Schema& schema);
std::string Show(const ActualRecord& actual, const engine::Schema& schema,
                 const std::vector<Metadata>& shown);
// "field 'x' is 2, expected 1" for each difference.
std::vector<std::string> Differences(const TypedRow& expected, const ActualRecord& actual,
                                     const engine::Schema& schema, double tolerance);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_CHECK_INTERNAL_TYPED_ROWS_H_
