// The registry of expectation kinds: the loader takes exactly the keys of
// the kinds it is handed, each kind reads its own block, and binding names
// every expectation that resolves to nothing at once.
#include "sim/check/expectation_kinds.h"

#include <memory>
#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "sim/scenario/scenario.h"
#include "sim/scenario/yaml_value.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

const std::string kJob = R"(name: kinds
sources:
  s: {events: [{v: 1}], schema: {v: int}, event_time: v}
streams:
  out: {from: s}
sinks: {out: {}}
)";

std::string ErrorOf(const std::string& text, ExpectationSyntaxes kinds) {
  try {
    ParseScenario(text, "k.yaml", ".", {}, kinds);
  } catch (const engine::InputError& e) {
    return e.what();
  }
  return "";
}

// A kind of this test's own: it owns the key `probe` and keeps the text.
class ProbeKind final : public ExpectationSyntax {
 public:
  struct Parsed final : ParsedExpectation {
    using ParsedExpectation::ParsedExpectation;
    std::string text;
  };
  std::string_view key() const override { return "probe"; }
  std::shared_ptr<const ParsedExpectation> Parse(const YamlValue& block,
                                                 const engine::SourceLocation& key_where,
                                                 const ScenarioPlace& /*place*/) const override {
    auto parsed = std::make_shared<Parsed>(*this, key_where);
    parsed->text = block.AsString("a probe");
    return parsed;
  }
};

BOOST_AUTO_TEST_SUITE(expectation_kinds)

BOOST_AUTO_TEST_CASE(the_registry_names_every_kind_once_in_check_order) {
  std::vector<std::string> keys;
  for (const ExpectationSyntax* kind : ExpectationKeys()) keys.emplace_back(kind->key());
  BOOST_TEST(keys == (std::vector<std::string>{"expect", "ledger", "recovery", "expect_error"}),
             boost::test_tools::per_element());
}

// Without the kinds, `expect:` is a key nobody owns; a kind handed to the
// loader brings its key, and its block comes back read by it.
BOOST_AUTO_TEST_CASE(the_loader_takes_the_keys_of_the_kinds_it_is_handed) {
  const std::string with_expect = kJob + "expect: {out: [{v: 1}]}\n";
  BOOST_TEST(ErrorOf(with_expect, {}).find("unknown key 'expect'") != std::string::npos,
             ErrorOf(with_expect, {}));
  BOOST_TEST(ErrorOf(with_expect, ExpectationKeys()).empty());

  const ProbeKind probe;
  const ExpectationSyntax* const only_probe[] = {&probe};
  const std::string with_probe = kJob + "probe: hello\n";
  BOOST_TEST(ErrorOf(with_probe, ExpectationKeys()).find("unknown key 'probe'") !=
             std::string::npos);
  const ScenarioSpec spec = ParseScenario(with_probe, "k.yaml", ".", {}, only_probe);
  BOOST_TEST_REQUIRE(spec.expectations.size() == 1u);
  BOOST_TEST(&spec.expectations[0]->kind() == &probe);
  BOOST_TEST(static_cast<const ProbeKind::Parsed&>(*spec.expectations[0]).text == "hello");
  BOOST_TEST(spec.expectations[0]->where().line == 7);
}

// Two expectations for sinks that do not exist and a ledger of an unknown
// stream: each is refused at its name, all in one error, when the scenario
// opens (before anything runs). Line 7 is `expect: {ou: [], nope: []}`: `ou`
// starts at column 10, `nope` at 18; line 8 `ledger: {outt: ...}`: column 10.
BOOST_AUTO_TEST_CASE(binding_refuses_every_unknown_name_at_once) {
  const std::string text = kJob +
                           "expect: {ou: [], nope: []}\n"
                           "ledger: {outt: {emitted: 1}}\n";
  try {
    BindScenario(ParseScenarioSpec(text, "k.yaml", "."));
    BOOST_FAIL("unknown names were bound");
  } catch (const engine::InputError& e) {
    const std::string what = e.what();
    BOOST_TEST(what.find("k.yaml:7:10: error: expectation for 'ou', which is not a sink") !=
                   std::string::npos,
               what);
    BOOST_TEST(what.find("k.yaml:7:18: error: expectation for 'nope'") != std::string::npos, what);
    BOOST_TEST(what.find("k.yaml:8:10: error: ledger counters for unknown stream 'outt'") !=
                   std::string::npos,
               what);
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
