// WatermarkOutputMultiplexer: combines the watermarks of the splits (e.g. Kafka
// partitions) read by one source subtask into the subtask's watermark, as
// Flink's WatermarkOutputMultiplexer (§5.4).
//
// Each registered split has one PartialWatermark (§5.3) and two outputs onto it:
//   - the immediate output (used from OnEvent, i.e. punctuated watermarks):
//     a value that rises above the split's partial and above the combined
//     watermark recomputes the combined value at once; MarkIdle/MarkActive
//     recompute at once too;
//   - the deferred output (used from OnPeriodicEmit): only records.
// OnPeriodicEmit recomputes once. A recompute that raises the combined value
// emits it to the underlying output; one that does not, while every split is
// idle, calls MarkIdle on it (repeatedly: the underlying WatermarkEmitter keeps
// only the first). The combined value is the min over non-idle splits and never
// regresses; a split that has not reported sits at Min and holds everything
// back. Unregistering a split can unblock the minimum but never retracts it;
// with no splits left nothing is emitted and the idle flag keeps its value.
#ifndef TIDEMARK_ENGINE_WATERMARK_OUTPUT_MULTIPLEXER_H_
#define TIDEMARK_ENGINE_WATERMARK_OUTPUT_MULTIPLEXER_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/watermarks/combined_watermark_status.h"
#include "engine/watermarks/watermark_output.h"

namespace tidemark::engine {

class WatermarkOutputMultiplexer {
 public:
  // `underlying` must outlive the multiplexer.
  explicit WatermarkOutputMultiplexer(WatermarkOutput& underlying);
  ~WatermarkOutputMultiplexer();
  WatermarkOutputMultiplexer(const WatermarkOutputMultiplexer&) = delete;
  WatermarkOutputMultiplexer& operator=(const WatermarkOutputMultiplexer&) = delete;

  // REQUIRES: no split is registered under `id`.
  void RegisterNewOutput(std::string id);
  // Forgets the split; false if it was not registered. Its outputs become invalid.
  bool UnregisterOutput(std::string_view id);
  bool IsRegistered(std::string_view id) const;

  // REQUIRES: `id` is registered. The reference stays valid until unregistered.
  WatermarkOutput& ImmediateOutput(std::string_view id);
  WatermarkOutput& DeferredOutput(std::string_view id);

  // Combines the deferred updates of all splits; see the header comment.
  void OnPeriodicEmit();

  Timestamp combined_watermark() const { return combined_.combined_watermark(); }
  bool is_idle() const { return combined_.is_idle(); }
  // The split's own watermark. REQUIRES: `id` is registered.
  const PartialWatermark& Partial(std::string_view id) const;
  // For "why is the watermark held back": the non-idle splits whose watermark
  // is the current minimum, in id order. Empty when all are idle or none exist.
  std::vector<std::string> HoldingSplits() const;

 private:
  struct Split;
  class Immediate;
  class Deferred;

  Split& Find(std::string_view id) const;
  void UpdateCombinedWatermark();

  WatermarkOutput& underlying_;
  CombinedWatermarkStatus combined_;
  std::map<std::string, std::unique_ptr<Split>, std::less<>> splits_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WATERMARK_OUTPUT_MULTIPLEXER_H_
