// Why a side output stayed empty, for `explain --stream NAME` (§7.2, §7.3,
// §1.3): the tag is taken from a stream that never emits it (and which one
// does), nobody emits it at all, the window's watermark never advanced so
// nothing could be late, the window never fired, or nothing was late — with
// the closest call: the record nearest to being late and its margin.
#ifndef TIDEMARK_REPORTS_EMPTY_STREAM_H_
#define TIDEMARK_REPORTS_EMPTY_STREAM_H_

#include <string>

#include "reports/story/run_story.h"

namespace tidemark::reports {

// One paragraph when the side-output stream at `node` received no record;
// "" when it received some, or `node` is not a side output.
std::string WhyEmpty(const RunStory& story, sim::NodeIndex node);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_EMPTY_STREAM_H_
