// KafkaDumpTraceReader: a topic dumped by Kafka's console consumer, streamed as
// typed rows. The dump is what
//
//   kafka-console-consumer --property print.timestamp=true
//     --property print.partition=true --property print.offset=true
//     --property print.key=true ...
//
// prints: one record per line, its fields separated by tabs
// (tools/src/main/java/org/apache/kafka/tools/consumer/DefaultMessageFormatter.java):
//
//   CreateTime:1700000000000<TAB>Partition:0<TAB>Offset:5<TAB>KEY<TAB>VALUE
//
// The timestamp (CreateTime:MS or LogAppendTime:MS) is the row's @arrival;
// NO_TIMESTAMP leaves it to the source's arrival pace. The partition is the
// row's @partition. The offset must be a whole number and is otherwise
// unused; so is the key, which therefore must not hold a tab. The value is the
// rest of the line: a JSON object (its first character other than a space or
// tab is '{') read by the source schema as json_row_parser.h says (it may set
// @kind, not @arrival or @partition), or else one line of CSV holding the
// schema's fields in order, read as csv_value_parser.h says (an event).
// Streaming, blank lines, dead letters and errors as line_trace_reader.h says.
#ifndef TIDEMARK_SIM_TRACE_KAFKA_DUMP_TRACE_READER_H_
#define TIDEMARK_SIM_TRACE_KAFKA_DUMP_TRACE_READER_H_

#include <string>
#include <string_view>

#include "sim/trace/csv_value_parser.h"
#include "sim/trace/json_row_parser.h"
#include "sim/trace/line_trace_reader.h"

namespace tidemark::sim {

class KafkaDumpTraceReader : public LineTraceReader {
 public:
  // Throws engine::InputError as LineTraceReader's constructor says.
  KafkaDumpTraceReader(std::string path, TraceOptions options);

 private:
  bool ParseLine(std::string_view body, TraceRow& row, RowError& error) override;

  JsonRowParser json_values_;
  CsvValueParser csv_values_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_KAFKA_DUMP_TRACE_READER_H_
