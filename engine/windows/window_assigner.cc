#include "engine/windows/window_assigner.h"

namespace tidemark::engine {

const char kNoTimestampMessage[] =
    "Record has Long.MIN_VALUE timestamp (= no timestamp marker). Is the time characteristic set "
    "to 'ProcessingTime', or did you forget to call "
    "'DataStream.assignTimestampsAndWatermarks(...)'?";

}  // namespace tidemark::engine
