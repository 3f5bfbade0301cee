// `tidemark gen`: write a seeded synthetic trace as CSV, JSON lines or a Kafka
// console-consumer dump, streaming, so 10M rows never sit in memory.
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>
#include <unistd.h>

#include "app/ci_output.h"
#include "app/commands.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/duration_text.h"
#include "sim/trace/output_file.h"
#include "sim/trace/trace_format.h"
#include "sim/trace/trace_generator.h"

namespace tidemark::app {

namespace {

struct GenFlags {
  sim::TraceGeneratorOptions options;
  std::string start = "0", disorder = "0ms", straggler_delay = "30s";
  std::vector<std::string> idle;
  std::string output;
  std::string format = "csv";
};

engine::Duration FlagDuration(const std::string& flag, const std::string& text) {
  auto d = sim::ParseDuration(text);
  if (!d) {
    throw engine::InputError({flag, 0, 0}, fmt::format("'{}' is not a duration", text),
                             std::string(sim::kDurationHint));
  }
  return *d;
}

// "P:FROM..TO", e.g. "1:10s..40s": partition 1 has no events in [10s, 40s).
sim::IdlePeriod ParseIdle(const std::string& text) {
  const size_t colon = text.find(':');
  const size_t dots = text.find("..");
  const auto bad = [&] {
    return engine::InputError({"--idle", 0, 0}, fmt::format("'{}' is not an idle period", text),
                              "write PARTITION:FROM..TO, e.g. 1:10s..40s");
  };
  if (colon == std::string::npos || dots == std::string::npos || dots < colon) throw bad();
  sim::IdlePeriod idle;
  try {
    idle.partition = std::stoi(text.substr(0, colon));
  } catch (const std::exception&) {
    throw bad();
  }
  auto from = sim::ParseDuration(text.substr(colon + 1, dots - colon - 1));
  auto to = sim::ParseDuration(text.substr(dots + 2));
  if (!from || !to || *to < *from) throw bad();
  idle.from = engine::Timestamp::Millis(from->millis());
  idle.to = engine::Timestamp::Millis(to->millis());
  return idle;
}

void Generate(GenFlags& flags) {
  sim::TraceGeneratorOptions& o = flags.options;
  o.start = engine::Timestamp::Millis(FlagDuration("--start", flags.start).millis());
  o.max_disorder = FlagDuration("--disorder", flags.disorder);
  o.straggler_delay = FlagDuration("--straggler-delay", flags.straggler_delay);
  for (const std::string& idle : flags.idle) o.idle.push_back(ParseIdle(idle));
  if (auto problem = sim::TraceGenerator::ValidateOptions(o)) {
    throw engine::InputError({"tidemark gen", 0, 0}, *problem);
  }
  // -o FILE: written beside it and renamed over it at the end, so a link
  // already at FILE is replaced, not written through (sim/trace/output_file.h).
  std::optional<sim::OutputFile> file;
  if (!flags.output.empty()) {
    CreateParentFolders(flags.output);
    file.emplace(flags.output);
  }
  const auto emit = [&file](std::string_view bytes) {
    if (file) {
      file->Write(bytes);
    } else {
      std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    }
  };
  // Progress only for a person watching a terminal, and only when the rows go to a file.
  const bool progress = file.has_value() && isatty(STDERR_FILENO);
  const std::optional<sim::TraceFormat> format = sim::ParseTraceFormat(flags.format);
  if (!format) {
    throw engine::InputError({"--format", 0, 0},
                             fmt::format("unknown trace format '{}'", flags.format),
                             engine::UnknownNameHint(flags.format, sim::TraceFormatNames()));
  }
  sim::TraceGenerator generator(o);
  // A CSV trace has a header; JSON lines and Kafka dumps have none.
  std::string buffer = *format == sim::TraceFormat::kCsv ? generator.Header() + "\n" : "";
  // Kafka offsets count per partition; the map is only looked up.
  std::unordered_map<int32_t, uint64_t> offsets;
  uint64_t written = 0;
  while (auto row = generator.Next()) {
    switch (*format) {
      case sim::TraceFormat::kCsv: generator.AppendCsv(*row, buffer); break;
      case sim::TraceFormat::kJsonLines: generator.AppendJsonLine(*row, buffer); break;
      case sim::TraceFormat::kKafka:
        generator.AppendKafkaLine(*row, offsets[o.partitions > 0 ? row->partition : 0]++, buffer);
        break;
    }
    if (buffer.size() >= (1u << 16)) {
      emit(buffer);
      buffer.clear();
    }
    if (progress && ++written % 1'000'000 == 0) {
      std::fprintf(stderr, "\r%llu rows", static_cast<unsigned long long>(written));
    }
  }
  emit(buffer);
  if (progress) std::fprintf(stderr, "\r%llu rows\n", static_cast<unsigned long long>(written));
  if (file) {
    file->Commit();
  } else if (std::fflush(stdout) != 0) {
    throw engine::InputError({"stdout", 0, 0}, "could not write");
  }
}

}  // namespace

void AddGenCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<GenFlags>();
  sim::TraceGeneratorOptions& o = flags->options;
  CLI::App* gen = app.add_subcommand(
      "gen", "Write a seeded synthetic trace (CSV: key,ts,value,@arrival[,@partition])");
  gen->add_option("--rows", o.rows, "Number of events")
      ->check(WholeNumber(0, MaxOf<uint64_t>()))
      ->capture_default_str();
  gen->add_option("--keys", o.keys, "Number of distinct keys")
      ->check(WholeNumber(1, MaxOf<uint32_t>()))
      ->capture_default_str();
  gen->add_option("--skew", o.skew, "Zipf exponent of the key distribution (0 = uniform)")
      ->capture_default_str();
  gen->add_option("--rate", o.events_per_second, "Events per second of event time")
      ->check(WholeNumber(1, MaxOf<int64_t>()))
      ->capture_default_str();
  gen->add_option("--start", flags->start, "Event time of the first event")->capture_default_str();
  gen->add_option("--disorder", flags->disorder, "Maximum arrival delay (uniform from 0)")
      ->capture_default_str();
  gen->add_option("--stragglers", o.straggler_share, "Share of events that straggle")
      ->capture_default_str();
  gen->add_option("--straggler-delay", flags->straggler_delay, "Extra delay of a straggler")
      ->capture_default_str();
  gen->add_option("--partitions", o.partitions, "Partitions (0: no @partition column)")
      ->check(WholeNumber(0, MaxOf<int32_t>()))
      ->capture_default_str();
  gen->add_option("--idle", flags->idle, "PARTITION:FROM..TO with no events, e.g. 1:10s..40s");
  gen->add_option("--seed", o.seed, "Seed")
      ->check(WholeNumber(0, MaxOf<uint64_t>()))
      ->capture_default_str();
  gen->add_option("-o,--output", flags->output, "Output file (default: standard output)");
  gen->add_option("--format", flags->format,
                  "csv, jsonl (one JSON object a line) or kafka (a console-consumer dump)")
      ->capture_default_str();
  gen->callback([flags, exit_code] {
    Generate(*flags);
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
