#include "sim/scenario/scenario_settings.h"

#include <vector>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/setting_values.h"

namespace tidemark::sim {

namespace {

const std::vector<std::string>& KnownKeys() {
  static const std::vector<std::string> keys = {"seed",
                                                "channels.latency.min",
                                                "channels.latency.max",
                                                "sources.NAME.parallelism",
                                                "sources.NAME.watermarks.max_out_of_orderness",
                                                "sources.NAME.watermarks.interval",
                                                "sources.NAME.watermarks.idleness",
                                                "streams.NAME.parallelism",
                                                "streams.NAME.window.size",
                                                "streams.NAME.window.slide",
                                                "streams.NAME.window.gap",
                                                "streams.NAME.window.offset",
                                                "streams.NAME.window.allowed_lateness"};
  return keys;
}

[[noreturn]] void Unknown(const std::string& key) {
  throw engine::InputError({"--set", 0, 0}, fmt::format("unknown setting '{}'", key),
                           fmt::format("settings: {}", fmt::join(KnownKeys(), ", ")));
}

template <typename T>
T& Named(std::vector<T>& items, const std::string& name, const std::string& key, const char* what) {
  std::vector<std::string> names;
  for (T& item : items) {
    if (item.name == name) return item;
    names.push_back(item.name);
  }
  throw engine::InputError({"--set", 0, 0}, fmt::format("'{}': no {} '{}'", key, what, name),
                           engine::UnknownNameHint(name, names));
}

}  // namespace

void ApplySetting(ScenarioSpec& spec, const std::string& key, const std::string& value) {
  const std::vector<std::string> parts = SplitAt(key, '.');
  // A value from --set is reported there, not at the scenario's line (which
  // may not even name the key): "--set streams.w.parallelism=2: error: ...".
  const engine::SourceLocation from_flag{.file = fmt::format("--set {}={}", key, value)};
  if (key == "seed") {
    spec.seed = static_cast<uint64_t>(SettingInt(key, value, 0, INT64_MAX));
  } else if (key == "channels.latency.min" || key == "channels.latency.max") {
    (parts[2] == "min" ? spec.channels.min_latency : spec.channels.max_latency) =
        SettingDuration(key, value, false);
    if (spec.channels.max_latency < spec.channels.min_latency) {
      throw engine::InputError({"--set", 0, 0},
                               fmt::format("'{}={}': latency max below min", key, value));
    }
  } else if (parts.size() >= 3 && parts[0] == "sources") {
    SourceSpec& source = Named(spec.sources, parts[1], key, "source");
    const std::string rest = key.substr(parts[0].size() + parts[1].size() + 2);
    if (rest == "parallelism") {
      source.parallelism = static_cast<int>(SettingInt(key, value, 1, 32768));
      source.parallelism_where = from_flag;
    } else if (rest == "watermarks.max_out_of_orderness") {
      if (source.watermarks.strategy != WatermarkSpec::Strategy::kBoundedOutOfOrderness) {
        throw engine::InputError({"--set", 0, 0},
                                 fmt::format("source '{}' has no bounded_out_of_orderness "
                                             "watermarks",
                                             parts[1]));
      }
      source.watermarks.max_out_of_orderness = SettingDuration(key, value, false);
    } else if (rest == "watermarks.interval") {
      source.watermarks.interval = SettingDuration(key, value, false);
    } else if (rest == "watermarks.idleness") {
      source.watermarks.idleness = SettingDuration(key, value, true);
      source.watermarks.idleness_where = from_flag;
    } else {
      Unknown(key);
    }
  } else if (parts.size() >= 3 && parts[0] == "streams") {
    StreamSpec& stream = Named(spec.streams, parts[1], key, "stream");
    const std::string rest = key.substr(parts[0].size() + parts[1].size() + 2);
    if (rest == "parallelism") {
      stream.parallelism = static_cast<int>(SettingInt(key, value, 1, 32768));
      stream.parallelism_where = from_flag;
      return;
    }
    if (!rest.starts_with("window.")) Unknown(key);
    if (!stream.window) {
      throw engine::InputError({"--set", 0, 0}, fmt::format("stream '{}' has no window", parts[1]));
    }
    WindowSpec& w = *stream.window;
    const std::string field = rest.substr(7);
    if (field == "size") {
      w.size = SettingDuration(key, value, true);
    } else if (field == "slide") {
      w.slide = SettingDuration(key, value, true);
    } else if (field == "gap") {
      w.gap = SettingDuration(key, value, true);
    } else if (field == "offset") {
      w.offset = SettingDuration(key, value, false);
    } else if (field == "allowed_lateness") {
      w.allowed_lateness = SettingDuration(key, value, false);
    } else {
      Unknown(key);
    }
  } else {
    Unknown(key);
  }
}

}  // namespace tidemark::sim
