// Errors a run meets on the way, each located at the trace row it comes
// from where that can be told. Out of line and cold: the loop only calls
// them to throw.
#include <algorithm>
#include <cstdint>
#include <memory>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/windows/window_assigner.h"
#include "sim/runtime/internal/world.h"

namespace tidemark::sim::internal {

void World::ThrowNullKey(const Edge& edge, const Record& record) const {
  const PlannedNode& node = plan.nodes[edge.consumer];
  // The key's index is in the consumer's input schema (its inputs share one).
  const NodeInput& input = node.inputs.front();
  const std::string& field =
      plan.nodes[input.node].PortSchema(input.port).field(edge.key_field).name;
  throw engine::InputError(
      RowOf(record.id).value_or(node.where),
      fmt::format("a record (row id {}) reaches stream '{}' with a null key in '{}'; Flink "
                  "refuses a null key (KeyGroupRangeAssignment.assignToKeyGroup: \"Assigned "
                  "key must not be null!\")",
                  engine::RecordRow(record.id), node.name, field),
      "filter out the records whose key is null before the key_by, or give the key a value");
}

void World::ThrowUnlocated(uint32_t subtask, engine::RecordId id,
                           const engine::InputError& error) const {
  const PlannedNode& node = plan.nodes[subtasks[subtask].node];
  std::string hint = error.hint();
  if (error.message() == engine::kNoTimestampMessage) {
    // Long.MIN_VALUE is Flink's "no timestamp"; the event-time window
    // assigners refuse it (assignWindows in flink-streaming-java/src/main/java/
    // org/apache/flink/streaming/api/windowing/assigners/TumblingEventTimeWindows.java
    // and SlidingEventTimeWindows.java).
    hint = fmt::format(
        "stream '{}' windows by event time, and this record has none: an event time of "
        "-9223372036854775808 (Long.MIN_VALUE) means no timestamp, as does a processing-time "
        "timer's output; give the row another event time",
        node.name);
  }
  throw engine::InputError(RowOf(id).value_or(node.where), error.message(), hint);
}

void World::ThrowNoSuchPartition(const SourceFeed& feed, int32_t partition) const {
  const PlannedNode& node = plan.nodes[feed.node];
  const engine::SourceLocation where{plan.sources[node.source].rows_file, feed.next.line, 1};
  if (feed.script) {
    throw engine::InputError(
        where,
        fmt::format("channel {} does not exist: script '{}' feeds {} input channel{}", partition,
                    node.name, feed.partitions, feed.partitions == 1 ? "" : "s"),
        "declare them with 'script: {channels: N}'");
  }
  throw engine::InputError(
      where,
      fmt::format("partition {} does not exist: source '{}' has {} partition{}", partition,
                  node.name, feed.partitions, feed.partitions == 1 ? "" : "s"),
      "declare the source's partitions with 'partitions: N'");
}

void World::ThrowMisplacedArrival(const SourceFeed& feed, Timestamp arrival) const {
  const SourcePlan& source = plan.sources[plan.nodes[feed.node].source];
  if (feed.end_at && arrival > *feed.end_at) {
    throw engine::InputError(
        {source.rows_file, feed.next.line, 1},
        fmt::format("the row arrives at {}, after source '{}' ends at {}", arrival.millis(),
                    plan.nodes[feed.node].name, feed.end_at->millis()),
        "move 'end: {at: ...}' after the last row's arrival");
  }
  throw engine::InputError({source.rows_file, feed.next.line, 1},
                           fmt::format("@arrival {} is earlier than the previous row's {}",
                                       arrival.millis(), feed.last_arrival.millis()),
                           "rows are read in file order: sort the trace by @arrival");
}

// The id names the source and the row. The row being delivered and the last
// SourceFeed::kRecentRows rows of its source are found in memory; an older
// one (a record that waited long in a channel, or a replayed row) by reading
// that source's trace again up to it: errors only, the run is over.
std::optional<engine::SourceLocation> World::RowOf(engine::RecordId id) const {
  if (id == engine::kNoRecordId) return std::nullopt;
  const uint32_t index = engine::RecordSource(id);
  const uint64_t row = engine::RecordRow(id);
  const auto feed = std::find_if(feeds.begin(), feeds.end(), [&](const SourceFeed& f) {
    return plan.nodes[f.node].source == index;
  });
  if (feed == feeds.end()) return std::nullopt;
  const SourcePlan& source = plan.sources[index];
  if (row < feed->rows && feed->rows - row <= SourceFeed::kRecentRows) {
    return engine::SourceLocation{source.rows_file,
                                  feed->recent_lines[row & (SourceFeed::kRecentRows - 1)], 1};
  }
  try {
    const std::unique_ptr<TraceInput> input = OpenTrace(source.trace);
    TraceRow read;
    while (input->Next(read)) {
      if (read.record.id == id) return engine::SourceLocation{source.rows_file, read.line, 1};
    }
  } catch (const engine::InputError&) {
  }
  return std::nullopt;
}

}  // namespace tidemark::sim::internal
