#include "sim/check/kinds/error_expectation.h"

#include <memory>

#include <fmt/format.h>

#include "engine/core/visible_text.h"
#include "sim/scenario/yaml_value.h"

namespace tidemark::sim {

namespace {

ExpectedRefusal ReadExpectedRefusalValue(const YamlValue& v) {
  YamlMap map(v, "the expected error", {"contains", "line"});
  ExpectedRefusal e;
  e.where = v.where();
  e.contains = map.Require("contains").AsString("the text the error must contain");
  if (e.contains.empty()) {
    map.Require("contains")
        .Fail("give the text the error must contain",
              "copy a few words of the expected error message");
  }
  if (auto line = map.Get("line")) {
    const int64_t n = line->AsInt("a line number");
    if (n < 1 || n > 100'000'000) {
      line->Fail("a line number starts at 1", "give the line the error points at, e.g. 12");
    }
    e.line = static_cast<int>(n);
  }
  return e;
}

struct ParsedError final : ParsedExpectation {
  using ParsedExpectation::ParsedExpectation;
  ExpectedRefusal expected;
};

class BoundError final : public Expectation {
 public:
  BoundError(const ExpectationKind& kind, ExpectedRefusal expected)
      : Expectation(kind), expected_(std::move(expected)) {}

  const ExpectedRefusal* refusal() const override { return &expected_; }

  // A job that must be refused is judged on the refusal (JudgeRefusal, by
  // whoever ran it); comparing a run's output adds nothing.
  void Check(const JobPlan& /*plan*/, const RunResult& /*run*/,
             std::vector<SinkDiff>& /*diffs*/) const override {}

 private:
  ExpectedRefusal expected_;
};

class ErrorKind final : public ExpectationKind {
 public:
  std::string_view key() const override { return "expect_error"; }

  std::shared_ptr<const ParsedExpectation> Parse(const YamlValue& block,
                                                 const engine::SourceLocation& key_where,
                                                 const ScenarioPlace& /*place*/) const override {
    auto parsed = std::make_shared<ParsedError>(*this, key_where);
    parsed->expected = ReadExpectedRefusalValue(block);
    return parsed;
  }

  std::shared_ptr<const Expectation> Bind(const ParsedExpectation& parsed,
                                          const JobPlan& /*plan*/) const override {
    return std::make_shared<BoundError>(*this, static_cast<const ParsedError&>(parsed).expected);
  }

  // The expected refusal is never rewritten.
  void Update(const JobPlan& /*plan*/, const Expectation* /*bound*/, const RunResult& /*run*/,
              ExpectationRewrite& /*rewrite*/) const override {}
};

}  // namespace

const ExpectationKind& ErrorExpectationKind() {
  static const ErrorKind kind;
  return kind;
}

std::optional<ExpectedRefusal> ReadExpectedRefusal(const std::string& text,
                                                   const std::string& file) {
  std::optional<YamlValue> root;
  try {
    root = LoadYamlText(text, file);
  } catch (const engine::InputError&) {
    return std::nullopt;  // unreadable YAML cannot say what it expects
  }
  if (!root->IsMap()) return std::nullopt;
  const YAML::Node node = root->node()["expect_error"];
  if (!node) return std::nullopt;
  return ReadExpectedRefusalValue(YamlValue(node, file));
}

std::vector<SinkDiff> JudgeRefusal(const ExpectedRefusal& expected,
                                   const std::optional<engine::InputError>& refusal) {
  const std::string contains = engine::VisibleText(expected.contains);
  const std::string wanted = expected.line
                                 ? fmt::format("'{}' at line {}", contains, *expected.line)
                                 : fmt::format("'{}'", contains);
  std::string got = "but it ran";
  if (refusal) {
    const std::string text = refusal->what();
    const bool line_ok = !expected.line || refusal->where().line == *expected.line;
    if (text.find(expected.contains) != std::string::npos && line_ok) return {};
    got = fmt::format("but it was refused with: {}", text);
  }
  const std::string line = fmt::format("expected a refusal with {}, {}", wanted, got);
  return {{"", "expect_error", {line}, {{expected.where, line}}}};
}

}  // namespace tidemark::sim
