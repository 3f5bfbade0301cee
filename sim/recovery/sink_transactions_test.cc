#include "sim/recovery/sink_transactions.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

using engine::Timestamp;

// Collects what a reader sees: "value@visible_at".
struct Reader {
  std::vector<std::string> seen;
  SinkTransactions::Visible Callback() {
    return [this](SinkWrite&& w, Timestamp at) {
      seen.push_back(std::get<std::string>(w.record.values[0]) + "@" + std::to_string(at.millis()));
    };
  }
};

SinkWrite W(const std::string& value, int64_t at) {
  return {.record = {.id = 0, .timestamp = Timestamp::Min(), .values = {engine::Value(value)}},
          .watermark = Timestamp::Min(),
          .written_at = Timestamp::Millis(at)};
}

using Seen = std::vector<std::string>;

BOOST_AUTO_TEST_SUITE(sink_transactions)

// A print sink shows each record when written; a restore aborts nothing.
BOOST_AUTO_TEST_CASE(a_print_sink_shows_each_record_at_once) {
  Reader reader;
  SinkTransactions sink(SinkGuarantee::kNone, reader.Callback());
  sink.Write(W("r0", 10));
  sink.PreCommit(1);
  sink.Write(W("r1", 20));
  BOOST_TEST(sink.Restore(1, Timestamp::Millis(30)) == 0u);
  BOOST_TEST(reader.seen == (Seen{"r0@10", "r1@20"}), boost::test_tools::per_element());
}

// The worked example of Flink's two-phase commit sink, after
// TwoPhaseCommitSinkFunctionTest.testNotifyOfCompletedCheckpoint: "42"
// precommitted under 0, "43" under 1, "44" under 2; notify(1) commits the
// first two in order, "44" stays waiting.
BOOST_AUTO_TEST_CASE(a_notification_commits_every_transaction_up_to_its_id) {
  Reader reader;
  SinkTransactions sink(SinkGuarantee::kExactlyOnce, reader.Callback());
  sink.Write(W("42", 1));
  sink.PreCommit(0);
  sink.Write(W("43", 2));
  sink.PreCommit(1);
  sink.Write(W("44", 3));
  sink.PreCommit(2);
  BOOST_TEST(reader.seen.empty());
  sink.Commit(1, Timestamp::Millis(5));
  BOOST_TEST(reader.seen == (Seen{"42@5", "43@5"}), boost::test_tools::per_element());
  BOOST_TEST(sink.waiting() == 1u);
}

// TwoPhaseCommitSinkFunctionTest.testFailBeforeNotify: checkpoint 1 completed
// but no notification arrived before the failure; the restore from 1 commits
// "42" and "43" at once and aborts "44" (precommitted under 2) and the open
// "45": two records aborted, nothing waiting.
BOOST_AUTO_TEST_CASE(a_restore_commits_what_its_checkpoint_holds_and_aborts_the_rest) {
  Reader reader;
  SinkTransactions sink(SinkGuarantee::kExactlyOnce, reader.Callback());
  sink.Write(W("42", 1));
  sink.Write(W("43", 2));
  sink.PreCommit(1);
  sink.Write(W("44", 3));
  sink.PreCommit(2);
  sink.Write(W("45", 4));
  BOOST_TEST(sink.Restore(1, Timestamp::Millis(9)) == 2u);
  BOOST_TEST(reader.seen == (Seen{"42@9", "43@9"}), boost::test_tools::per_element());
  BOOST_TEST(sink.waiting() == 0u);
}

// An empty transaction precommits nothing (KafkaWriter.prepareCommit), and the
// end of a bounded job commits what is left; a job that fails for good
// leaves it uncommitted.
BOOST_AUTO_TEST_CASE(the_end_of_a_bounded_job_commits_what_is_left) {
  Reader committed;
  SinkTransactions sink(SinkGuarantee::kExactlyOnce, committed.Callback());
  sink.PreCommit(1);
  sink.Write(W("a", 1));
  BOOST_TEST(sink.Finish(/*commit=*/true, Timestamp::Millis(7)) == 0u);
  BOOST_TEST(committed.seen == (Seen{"a@7"}), boost::test_tools::per_element());

  Reader lost;
  SinkTransactions failed(SinkGuarantee::kExactlyOnce, lost.Callback());
  failed.Write(W("b", 1));
  failed.PreCommit(3);
  failed.Write(W("c", 2));
  BOOST_TEST(failed.Finish(/*commit=*/false, Timestamp::Millis(7)) == 2u);
  BOOST_TEST(lost.seen.empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
