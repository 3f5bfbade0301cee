#include "reports/campaign/sweep_report.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/core/input_error.h"
#include "reports/text/markup_escape.h"

namespace tidemark::reports {

using nlohmann::json;

namespace {

std::string PointLabel(const sim::SweepPoint& point) {
  std::vector<std::string> parts;
  for (const auto& [key, value] : point) parts.push_back(value);
  return fmt::format("{}", fmt::join(parts, " "));
}

std::string Latency(const std::optional<int64_t>& ms) {
  return ms ? fmt::format("{} ms", *ms) : std::string("-");
}

std::string Percent(double share) { return fmt::format("{:.1f}%", share * 100.0); }

}  // namespace

std::string FormatSweepMarkdown(const sim::SweepCampaign& r) {
  std::string out =
      fmt::format("## sweep {} ({})\n\n", MarkdownText(r.name), MarkdownText(r.scenario));
  if (r.shard.count > 1) {
    out += fmt::format("Shard {}/{} of {} points; merge the shards' JSON with --merge.\n\n",
                       r.shard.index, r.shard.count, r.points);
  }
  std::string header = "|";
  std::string rule = "|";
  for (const sim::SweepSetting& s : r.settings) {
    header += fmt::format(" {} |", MarkdownCell(s.key));
    rule += "---|";
  }
  out += header +
         " records in | late | late share | dropped | side output | windows (at end) | "
         "latency median | latency max |\n";
  out += rule + "---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const sim::SweepPointResult& p : r.results) {
    std::string row = "|";
    for (const auto& [key, value] : p.point) row += fmt::format(" {} |", MarkdownCell(value));
    const sim::SweepMetrics& m = p.metrics;
    out += row + fmt::format(" {} | {} | {} | {} | {} | {} ({}) | {} | {} |\n", m.records_in,
                             m.late, Percent(m.late_share), m.dropped, m.side_output, m.windows,
                             m.windows_at_end, Latency(m.latency_median_ms),
                             Latency(m.latency_max_ms));
  }
  return out;
}

std::string FormatSweepHtml(const sim::SweepCampaign& r) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>tidemark sweep: {0}</title>\n<style>\n"
      "body{{font-family:sans-serif;margin:24px;color:#222}}"
      "table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:4px "
      "8px;white-space:nowrap;"
      "text-align:right}}th{{background:#f0f0f0}}\n</style>\n</head>\n<body>\n"
      "<h1>tidemark sweep: {0}</h1>\n<p>{1}</p>\n"
      "<p>Completeness is 1 - late share (records late to a side output or dropped, over "
      "records in); latency is the processing time from the first row past a window's end "
      "to the window's first firing, median over windows. Each dot is one point of the "
      "sweep.</p>\n",
      HtmlEscape(r.name), HtmlEscape(r.scenario));
  out += FormatSweepSvg(r);
  out += "\n<table>\n<tr>";
  for (const sim::SweepSetting& s : r.settings)
    out += fmt::format("<th>{}</th>", HtmlEscape(s.key));
  out +=
      "<th>records in</th><th>late</th><th>late share</th><th>dropped</th>"
      "<th>side output</th><th>windows (at end)</th><th>latency median</th>"
      "<th>latency max</th></tr>\n";
  for (const sim::SweepPointResult& p : r.results) {
    out += "<tr>";
    for (const auto& [key, value] : p.point) out += fmt::format("<td>{}</td>", HtmlEscape(value));
    const sim::SweepMetrics& m = p.metrics;
    out += fmt::format(
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({})</td><td>{}</td>"
        "<td>{}</td></tr>\n",
        m.records_in, m.late, Percent(m.late_share), m.dropped, m.side_output, m.windows,
        m.windows_at_end, Latency(m.latency_median_ms), Latency(m.latency_max_ms));
  }
  return out + "</table>\n</body>\n</html>\n";
}

std::string FormatSweepJson(const sim::SweepCampaign& r) {
  json j;
  j["format"] = "tidemark-sweep";
  j["version"] = 1;
  j["scenario"] = r.scenario;
  j["name"] = r.name;
  j["scenario_hash"] = sim::HashText(r.scenario_hash);
  j["points"] = r.points;
  j["shard"] = fmt::format("{}/{}", r.shard.index, r.shard.count);
  json settings = json::array();
  for (const sim::SweepSetting& s : r.settings) {
    settings.push_back({{"key", s.key}, {"values", s.values}});
  }
  j["settings"] = std::move(settings);
  json results = json::array();
  for (const sim::SweepPointResult& p : r.results) {
    const sim::SweepMetrics& m = p.metrics;
    json values = json::object();
    for (const auto& [key, value] : p.point) values[key] = value;
    json item = {{"index", p.index},
                 {"values", std::move(values)},
                 {"records_in", m.records_in},
                 {"late", m.late},
                 {"late_share", m.late_share},
                 {"dropped", m.dropped},
                 {"side_output", m.side_output},
                 {"windows", m.windows},
                 {"windows_at_end", m.windows_at_end},
                 {"latency_median_ms", nullptr},
                 {"latency_max_ms", nullptr}};
    if (m.latency_median_ms) item["latency_median_ms"] = *m.latency_median_ms;
    if (m.latency_max_ms) item["latency_max_ms"] = *m.latency_max_ms;
    results.push_back(std::move(item));
  }
  j["results"] = std::move(results);
  return j.dump(2) + "\n";
}

sim::SweepCampaign ParseSweepJson(const std::string& text, const std::string& file) {
  auto bad = [&](const std::string& what) {
    return engine::InputError({file, 0, 0}, "not a tidemark sweep JSON file: " + what,
                              "give files written by `tidemark sweep --json`");
  };
  try {
    const json j = json::parse(text);
    if (j.at("format") != "tidemark-sweep" || j.at("version") != 1) throw bad("format/version");
    sim::SweepCampaign r;
    r.scenario = j.at("scenario").get<std::string>();
    r.name = j.at("name").get<std::string>();
    if (!sim::ParseHashText(j.at("scenario_hash").get<std::string>(), &r.scenario_hash)) {
      throw bad("scenario_hash");
    }
    r.points = j.at("points").get<uint64_t>();
    r.shard = sim::ParseShard(j.at("shard").get<std::string>(), file);
    for (const json& s : j.at("settings")) {
      r.settings.push_back(
          {s.at("key").get<std::string>(), s.at("values").get<std::vector<std::string>>()});
    }
    for (const json& item : j.at("results")) {
      sim::SweepPointResult p;
      p.index = item.at("index").get<uint64_t>();
      for (const sim::SweepSetting& s : r.settings) {
        p.point.emplace_back(s.key, item.at("values").at(s.key).get<std::string>());
      }
      sim::SweepMetrics& m = p.metrics;
      m.records_in = item.at("records_in").get<uint64_t>();
      m.late = item.at("late").get<uint64_t>();
      m.late_share = item.at("late_share").get<double>();
      m.dropped = item.at("dropped").get<uint64_t>();
      m.side_output = item.at("side_output").get<uint64_t>();
      m.windows = item.at("windows").get<uint64_t>();
      m.windows_at_end = item.at("windows_at_end").get<uint64_t>();
      if (!item.at("latency_median_ms").is_null()) {
        m.latency_median_ms = item.at("latency_median_ms").get<int64_t>();
      }
      if (!item.at("latency_max_ms").is_null()) {
        m.latency_max_ms = item.at("latency_max_ms").get<int64_t>();
      }
      r.results.push_back(std::move(p));
    }
    return r;
  } catch (const json::exception& e) {
    throw bad(e.what());
  }
}

std::string FormatSweepSvg(const sim::SweepCampaign& r) {
  constexpr int kWidth = 640, kHeight = 400, kLeft = 70, kRight = 30, kTop = 40, kBottom = 60;
  const int plot_w = kWidth - kLeft - kRight;
  const int plot_h = kHeight - kTop - kBottom;
  int64_t max_latency = 1;
  double min_complete = 1.0;
  for (const sim::SweepPointResult& p : r.results) {
    if (p.metrics.latency_median_ms)
      max_latency = std::max(max_latency, *p.metrics.latency_median_ms);
    min_complete = std::min(min_complete, 1.0 - p.metrics.late_share);
  }
  // The y axis runs from a round share below the lowest point to 100%.
  const double y_low = std::max(0.0, static_cast<int>(min_complete * 10.0) / 10.0 - 0.1);
  auto x_of = [&](int64_t ms) {
    return kLeft + static_cast<double>(ms) * plot_w / static_cast<double>(max_latency);
  };
  auto y_of = [&](double complete) {
    return kTop + (1.0 - (complete - y_low) / (1.0 - y_low)) * plot_h;
  };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"22\" font-size=\"14\">sweep {3}: completeness against latency</text>\n",
      kWidth, kHeight, kLeft, XmlEscape(r.name));
  out += fmt::format(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"black\"/>\n"
      "<line x1=\"{0}\" y1=\"{3}\" x2=\"{0}\" y2=\"{1}\" stroke=\"black\"/>\n",
      kLeft, kTop + plot_h, kLeft + plot_w, kTop);
  for (int i = 0; i <= 4; ++i) {
    const int64_t ms = max_latency * i / 4;
    const double complete = y_low + (1.0 - y_low) * i / 4.0;
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", x_of(ms),
                       kTop + plot_h + 18, ms);
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:.0f}%</text>\n",
                       kLeft - 6, y_of(complete) + 4, complete * 100.0);
  }
  out += fmt::format(
      "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">median output latency (ms)</text>\n",
      kLeft + plot_w / 2, kHeight - 15);
  out += fmt::format(
      "<text x=\"16\" y=\"{0}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {0})\">"
      "completeness (1 - late share)</text>\n",
      kTop + plot_h / 2);
  std::string path;
  for (const sim::SweepPointResult& p : r.results) {
    if (!p.metrics.latency_median_ms) continue;
    const double x = x_of(*p.metrics.latency_median_ms);
    const double y = y_of(1.0 - p.metrics.late_share);
    path += fmt::format("{}{:.1f},{:.1f}", path.empty() ? "" : " ", x, y);
    out += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"#1f77b4\"><title>{}: {} late, "
        "median {} ms</title></circle>\n"
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"10\">{}</text>\n",
        x, y, XmlEscape(PointLabel(p.point)), Percent(p.metrics.late_share),
        *p.metrics.latency_median_ms, x + 6, y - 6, XmlEscape(PointLabel(p.point)));
  }
  if (!path.empty()) {
    out += fmt::format(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f77b4\" "
        "stroke-opacity=\"0.4\"/>\n",
        path);
  }
  return out + "</svg>\n";
}

}  // namespace tidemark::reports
