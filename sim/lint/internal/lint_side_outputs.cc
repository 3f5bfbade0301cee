// Side-output rules: the "my side output is empty" causes of
// §7.1-7.3, plus streams that lead nowhere.
#include <algorithm>

#include <fmt/format.h>

#include "engine/core/nearest_name.h"
#include "engine/core/output_tag.h"
#include "sim/lint/internal/lint_graph.h"

namespace tidemark::sim::internal {

namespace {

using Severity = LintFinding::Severity;

std::string_view OriginName(TagEmission::Origin origin) {
  switch (origin) {
    case TagEmission::Origin::kProcessRule: return "a process rule";
    case TagEmission::Origin::kOnTimerRule: return "an on_timer rule";
    case TagEmission::Origin::kLateOutput: return "the window's late_output";
    case TagEmission::Origin::kDeadLetter: return "the source's dead_letter";
  }
  return "";
}

// The first emission of each (stream, tag), in emission order.
std::vector<const TagEmission*> FirstEmissions(const LintGraph& graph) {
  std::vector<const TagEmission*> out;
  for (const TagEmission& e : graph.emissions) {
    if (graph.EmissionsOf(e.item, e.tag).front() == &e) out.push_back(&e);
  }
  return out;
}

// duplicate-tag-type (error): one stream emits a tag id with two types —
// across its process rules, its on_timer rules, or both. Flink rejects the job
// (getSideOutput, §7.2). Reported at each emission whose type differs from
// the tag's first emission, which is where PlanJob stops too.
void DuplicateTagType(const LintGraph& graph, std::vector<LintFinding>& out) {
  for (const TagEmission* first : FirstEmissions(graph)) {
    if (!first->schema) continue;
    for (const TagEmission* e : graph.EmissionsOf(first->item, first->tag)) {
      if (e == first || !e->schema) continue;
      if (!engine::CheckSameTagType({first->tag, *first->schema}, {e->tag, *e->schema})) continue;
      out.push_back(LintFinding{
          .rule = std::string(kLintDuplicateTagType),
          .where = e->where,
          .message = fmt::format(
              "side output '{}' of stream '{}' is emitted with two types: {} here, {} by {} "
              "at line {}",
              e->tag, graph.NameOf(e->item), e->schema->ToString(), first->schema->ToString(),
              OriginName(first->origin), first->where.line),
          .explanation =
              "Flink identifies an OutputTag by its id alone, and one operator may emit an id "
              "with one type only: getSideOutput fails with \"A side output with a matching id "
              "was already requested with a different type. This is not allowed, side output "
              "ids need to be unique.\", and a differently typed ctx.output of the same id fails "
              "at runtime with a ClassCastException",
          .fix = fmt::format("give this emission a tag id of its own, or select the same fields "
                             "with the same types as line {}",
                             first->where.line),
          .severity = Severity::kError});
    }
  }
}

// tag-id-reused-with-other-type (warning): two streams emit the same tag id
// with different types. Legal in Flink (tags are requested per operator), but
// a reader of the id gets whichever type its stream emits.
void TagIdReused(const LintGraph& graph, std::vector<LintFinding>& out) {
  const std::vector<const TagEmission*> firsts = FirstEmissions(graph);
  for (size_t i = 0; i < firsts.size(); ++i) {
    const TagEmission& e = *firsts[i];
    if (!e.schema) continue;
    for (size_t j = 0; j < i; ++j) {
      const TagEmission& earlier = *firsts[j];
      if (earlier.tag != e.tag || !earlier.schema || *earlier.schema == *e.schema) continue;
      out.push_back(LintFinding{
          .rule = std::string(kLintTagIdReused),
          .where = e.where,
          .message = fmt::format("tag id '{}' is emitted by '{}' as {} and by '{}' as {}", e.tag,
                                 graph.NameOf(e.item), e.schema->ToString(),
                                 graph.NameOf(earlier.item), earlier.schema->ToString()),
          .explanation =
              "Flink allows it (getSideOutput is per operator), but an OutputTag's identity is "
              "its id: in Java code one shared tag constant cannot serve both, and a reader "
              "taking the id from the wrong stream silently gets the other type or nothing",
          .fix = "name each tag after what it carries, so every id has one type",
          .severity = Severity::kWarning});
      break;
    }
  }
}

std::vector<std::string> EmittedTagIds(const LintGraph& graph) {
  std::vector<std::string> ids;
  for (const TagEmission* e : FirstEmissions(graph)) {
    if (std::find(ids.begin(), ids.end(), e->tag) == ids.end()) ids.push_back(e->tag);
  }
  return ids;
}

// The streams (by name, file order) that emit `tag`.
std::vector<std::string> EmittersOf(const LintGraph& graph, std::string_view tag) {
  std::vector<std::string> names;
  for (const TagEmission* e : FirstEmissions(graph)) {
    if (e->tag == tag) names.push_back(graph.NameOf(e->item));
  }
  return names;
}

// side-output-wrong-stream (error): a side output taken from a stream that
// does not emit the tag while another does. In Flink, getSideOutput on the
// wrong operator gives a stream that stays empty, with no error.
// side-output-never-emitted (error): nothing (no stream, no source's
// dead_letter) emits the tag at all.
void SideOutputSource(const LintGraph& graph, size_t index, std::vector<LintFinding>& out) {
  const StreamSpec& stream = graph.spec->streams[index];
  if (!stream.side_output || stream.from.size() != 1) return;
  const auto from = graph.Find(stream.from.front());
  if (!from) return;  // PlanJob reports the unknown name
  const std::string& tag = *stream.side_output;
  if (!graph.EmissionsOf(*from, tag).empty()) return;
  const std::vector<std::string> emitters = EmittersOf(graph, tag);
  if (emitters.empty()) {
    const std::vector<std::string> ids = EmittedTagIds(graph);
    out.push_back(LintFinding{
        .rule = std::string(kLintSideOutputNeverEmitted),
        .where = stream.side_output_where,
        .message = fmt::format("stream '{}' takes side output '{}', which nothing emits",
                               stream.name, tag),
        .explanation = "Flink connects a side output by its tag id; reading an id nobody emits "
                       "gives a stream that stays empty, with no error",
        .fix = ids.empty() ? fmt::format("emit '{}' from a process rule ('emit: {{to: {}}}') or "
                                         "a window's 'late_output: {}'",
                                         tag, tag, tag)
                           : engine::UnknownNameHint(tag, ids),
        .severity = Severity::kError});
    return;
  }
  const std::string& emitter = emitters.front();
  std::string why =
      "getSideOutput reads a tag only from the operator it is called on, and side outputs are "
      "not forwarded downstream: only the main output is";
  const auto emitter_item = graph.Find(emitter);
  if (emitter_item && graph.IsUpstream(*emitter_item, *from)) {
    why += fmt::format(" ('{}' reads the main output of '{}')", stream.from.front(), emitter);
  }
  why +=
      ". In Flink the stream just stays empty, with no error; tidemark runs it the same way "
      "and warns";
  out.push_back(LintFinding{
      .rule = std::string(kLintSideOutputWrongStream),
      .where = stream.side_output_where,
      .message = fmt::format("stream '{}' takes side output '{}' from '{}', which does not emit "
                             "it; '{}' does",
                             stream.name, tag, stream.from.front(), emitter),
      .explanation = std::move(why),
      .fix = fmt::format("write 'from: {}' in stream '{}'", emitter, stream.name),
      .severity = Severity::kError});
}

// side-output-unconsumed (warning): a stream emits a tag (or a window's
// late_output) that no stream takes from it. Flink discards such records
// silently: no error, no metric (§7.3).
void Unconsumed(const LintGraph& graph, std::vector<LintFinding>& out) {
  for (const TagEmission* e : FirstEmissions(graph)) {
    const std::string& emitter = graph.NameOf(e->item);
    std::string elsewhere;
    bool consumed = false;
    for (const StreamSpec& reader : graph.spec->streams) {
      if (reader.side_output != e->tag || reader.from.size() != 1) continue;
      if (reader.from.front() == emitter) {
        consumed = true;
      } else if (elsewhere.empty()) {
        elsewhere = fmt::format(
            "; stream '{}' takes '{}' from '{}' instead: point its 'from' "
            "here",
            reader.name, e->tag, reader.from.front());
      }
    }
    if (consumed) continue;
    const bool late = e->origin == TagEmission::Origin::kLateOutput;
    const bool dead_letter = e->origin == TagEmission::Origin::kDeadLetter;
    out.push_back(LintFinding{
        .rule = std::string(kLintSideOutputUnconsumed),
        .where = e->where,
        .message = fmt::format("{} '{}' of {} '{}' is consumed by nobody",
                               late          ? "late output"
                               : dead_letter ? "dead-letter output"
                                             : "side output",
                               e->tag, dead_letter ? "source" : "stream", emitter),
        .explanation = fmt::format(
            "records emitted to a tag that no getSideOutput requests are discarded silently, "
            "with no error and no metric{}",
            late          ? ": the late records are lost as if no late_output were set"
            : dead_letter ? ": rows that fail to parse vanish instead of failing the run"
                          : ""),
        .fix = fmt::format("add a stream '{{from: {}, side_output: {}}}' and sink it{}", emitter,
                           e->tag, elsewhere),
        .severity = Severity::kWarning});
  }
}

// stream-unused (warning): a stream neither sunk nor read by another stream:
// its records go nowhere (often a side output taken and then not sunk).
void StreamUnused(const LintGraph& graph, std::vector<LintFinding>& out) {
  for (size_t s = 0; s < graph.spec->streams.size(); ++s) {
    const size_t item = graph.ItemOfStream(s);
    const StreamSpec& stream = graph.spec->streams[s];
    if (graph.sunk[item] || !graph.readers[item].empty()) continue;
    // A name defined twice is PlanJob's to report.
    if (graph.Find(stream.name) != item) continue;
    out.push_back(LintFinding{
        .rule = std::string(kLintStreamUnused),
        .where = stream.where,
        .message = fmt::format(
            "stream '{}' is neither sunk nor read by another stream{}", stream.name,
            stream.side_output
                ? fmt::format(": side output '{}' is taken, then dropped", *stream.side_output)
                : ""),
        .explanation = "only sinks make records visible: a stream that reaches no sink is "
                       "computed (or, for a bare side output, not even connected) and its "
                       "records are dropped",
        .fix = fmt::format("add '{}: {{}}' under sinks, or remove the stream", stream.name),
        .severity = Severity::kWarning});
  }
}

}  // namespace

void LintSideOutputs(const LintGraph& graph, std::vector<LintFinding>& out) {
  DuplicateTagType(graph, out);
  TagIdReused(graph, out);
  for (size_t s = 0; s < graph.spec->streams.size(); ++s) SideOutputSource(graph, s, out);
  Unconsumed(graph, out);
  StreamUnused(graph, out);
}

}  // namespace tidemark::sim::internal
