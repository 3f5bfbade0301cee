// SinkOutputs: the job's sinks as a run fills them (RunResult::sinks): which
// sinks each stream feeds, what a reader of each sees, in order, and (with
// RunOptions::sink_elements) the watermarks and statuses that reach them.
//
// Without fault tolerance a record a sink takes is visible at once; with it,
// the sink's delivery guarantee decides when (sink_guarantees.cc), and
// Show is called then. Either way Show sees each visible record once, in the
// order a reader sees them.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_SINK_OUTPUTS_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_SINK_OUTPUTS_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/record.h"
#include "sim/graph/job_graph.h"
#include "sim/runtime/runtime.h"
#include "sim/runtime/stream_element.h"

namespace tidemark::sim::internal {

class SinkOutputs {
 public:
  // Adds an empty output per sink of the plan to `result`; both must outlive
  // this.
  SinkOutputs(const JobGraph& plan, const RunOptions& options, RunResult& result);
  ~SinkOutputs();
  SinkOutputs(const SinkOutputs&) = delete;
  SinkOutputs& operator=(const SinkOutputs&) = delete;

  // The sinks stream `node` feeds, in the plan's sink order.
  const std::vector<size_t>& of(NodeIndex node) const { return sinks_of_node_[node]; }

  // A record a reader of `sink` sees, next after the ones shown before.
  void Show(size_t sink, const engine::Record& record, const RecordEmission& emission) {
    SinkOutput& out = result_.sinks[sink];
    ++out.count;
    if (options_.on_sink_record) options_.on_sink_record(sink, record, emission);
    if (options_.sinks != RunOptions::Sinks::kCollect) return;
    if (out.records.size() >= options_.max_sink_records) {
      result_.detail_cut = true;
      return;
    }
    if (options_.sink_elements) {
      out.elements.push_back({.kind = SinkElement::Kind::kRecord,
                              .record = out.records.size(),
                              .watermark = engine::Timestamp::Min(),
                              .status = engine::WatermarkStatus::kActive});
    }
    out.records.push_back(record);
    out.emissions.push_back(emission);
  }

  // Whether watermarks and statuses are kept (RunOptions::sink_elements).
  bool tapped() const { return !taps_.empty(); }
  // A watermark or status that subtask `index` of stream `node` emits
  // reaches the sinks it feeds. REQUIRES tapped().
  void Tap(NodeIndex node, uint32_t index, const StreamElement& element);

 private:
  class SinkTap;

  const RunOptions& options_;
  RunResult& result_;
  std::vector<std::vector<size_t>> sinks_of_node_;
  std::vector<std::unique_ptr<SinkTap>> taps_;  // per sink, with RunOptions::sink_elements
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_SINK_OUTPUTS_H_
