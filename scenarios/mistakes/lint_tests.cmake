# `tidemark lint` on the classic-mistake scenarios: each names its rule at the
# place of the mistake and exits 1 when it has an error (warnings alone exit 0); a clean shipped scenario exits 0; a broken
# one exits 2 as for every command.

tidemark_expect(NAME lint_side_output_wrong_stream EXIT 1
  ARGS lint mistakes/errors/side-output-wrong-stream.yaml
  OUTPUT "mistakes/errors/side-output-wrong-stream.yaml:38:18: error: stream 'cold' takes side output 'low-temp' from 'hot'|[side-output-wrong-stream]|fix: write 'from: classified'|side-output-wrong-stream.yaml:32:20: warning:|[side-output-unconsumed]|1 error, 1 warning in 1 scenario")

tidemark_expect(NAME lint_duplicate_tag_type EXIT 1
  ARGS lint mistakes/errors/duplicate-tag-type.yaml
  OUTPUT "mistakes/errors/duplicate-tag-type.yaml:33:15: error: side output 'bad-readings' of stream 'checked' is emitted with two types|[duplicate-tag-type]|A side output with a matching id was already requested with a different type|1 error, 0 warnings")

tidemark_expect(NAME lint_side_output_unconsumed EXIT 0
  ARGS lint mistakes/side-output-unconsumed.yaml
  OUTPUT "mistakes/side-output-unconsumed.yaml:32:15: warning: side output 'low-temp' of stream 'classified' is consumed by nobody|[side-output-unconsumed]|0 errors, 1 warning")

tidemark_expect(NAME lint_window_never_fires EXIT 1
  ARGS lint mistakes/window-never-fires.yaml
  OUTPUT "mistakes/window-never-fires.yaml:37:13: error: the window of stream 'counts' never fires: source 'readings' emits no watermarks|[window-never-fires]")

tidemark_expect(NAME lint_window_blocked_by_idle_reader EXIT 1
  ARGS lint mistakes/window-blocked-by-idle-reader.yaml
  OUTPUT "mistakes/window-blocked-by-idle-reader.yaml:39:13: error: the window of stream 'counts' never fires: source 'readings' has 1 partition for 2 reader subtasks|[window-never-fires]|add 'idleness: 5s'")

tidemark_expect(NAME lint_allowed_lateness_without_late_output EXIT 0
  ARGS lint mistakes/allowed-lateness-without-late-output.yaml
  OUTPUT "mistakes/allowed-lateness-without-late-output.yaml:42:47: warning: allowed lateness 5s without a late_output|[allowed-lateness-without-late-output]")

tidemark_expect(NAME lint_out_of_orderness_exceeds_window EXIT 0
  ARGS lint mistakes/out-of-orderness-exceeds-window.yaml
  OUTPUT "mistakes/out-of-orderness-exceeds-window.yaml:48:13: warning: source 'readings' allows 30s out of orderness, more than the 5s window|[out-of-orderness-exceeds-window]")

# Several files at once: every finding, one summary.
tidemark_expect(NAME lint_several_scenarios EXIT 1
  ARGS lint mistakes/window-never-fires.yaml mistakes/side-output-unconsumed.yaml
  OUTPUT "[window-never-fires]|[side-output-unconsumed]|1 error, 1 warning in 2 scenarios")

# Clean scenarios: no findings, exit 0. sliding-partly-late has strategy none
# but explicit watermark rows in its trace.
tidemark_expect(NAME lint_clean_scenario EXIT 0
  ARGS lint sensors/late-sensor-readings.yaml windows/sliding-partly-late.yaml
       timers/inactivity-alert.yaml parallel/idle-partition-with-idleness.yaml
  OUTPUT "no findings in 4 scenarios")

# Bad input is exit 2 with the usual error, not a finding.
tidemark_expect(NAME lint_bad_input EXIT 2
  ARGS lint errors/misspelt-field-in-rule.yaml
  OUTPUT "errors/misspelt-field-in-rule.yaml:12:15: error:|temprature|1 bad input")
tidemark_expect(NAME lint_missing_file EXIT 2
  ARGS lint mistakes/no-such-scenario.yaml
  OUTPUT "no-such-scenario.yaml|1 bad input")
tidemark_expect(NAME lint_missing_trace EXIT 2
  ARGS lint errors/missing-trace.yaml
  OUTPUT "errors/missing-trace.yaml:4:12: error: cannot open trace file|1 bad input")

tidemark_expect(NAME lint_partition_without_rows EXIT 1
  ARGS lint teaching/idle-partition-blocks-window.yaml
  OUTPUT "error: the window of stream 'counts' never fires: source 'readings' has partition 2 of 3 that no row of its trace goes to: its watermark stays -inf|[window-never-fires]|add 'idleness: 5s' (or another timeout) to the watermarks of 'readings'")
