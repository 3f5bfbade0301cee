# The command line in CI: GitHub annotations for mismatches, lint findings
# and bad input; lint's --warnings-as-errors; the shipped workflow file.
add_test(NAME check_github_annotates_the_failing_expectation
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCENARIOS=${CMAKE_CURRENT_SOURCE_DIR}
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/check_github
    -P ${PROJECT_SOURCE_DIR}/app/github_annotations_test.cmake)

# Names, values and bytes of a hostile scenario cannot command the CI or
# break junit.xml (app/ci_injection_test.cmake).
find_program(XMLLINT xmllint)
add_test(NAME ci_outputs_cannot_be_commanded_by_a_scenario
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/ci_injection "-DXMLLINT=${XMLLINT}"
    -P ${PROJECT_SOURCE_DIR}/app/ci_injection_test.cmake)

# Bad input: one annotation at the error's place, its hint after an escaped line break.
tidemark_expect(NAME check_github_annotates_bad_input EXIT 2
  ARGS check errors/misspelt-field-in-rule.yaml --format github
  OUTPUT "::error file=errors/misspelt-field-in-rule.yaml,line=12,col=15::unknown field 'temprature'%0Ahint: did you mean 'temperature'?")
tidemark_expect(NAME lint_github_annotates_bad_input EXIT 2
  ARGS lint errors/misspelt-field-in-rule.yaml --format github
  OUTPUT "::error file=errors/misspelt-field-in-rule.yaml,line=12,col=15::unknown field 'temprature'")

# Warnings do not fail lint unless --warnings-as-errors; their annotation
# level follows.
tidemark_expect(NAME lint_warnings_are_not_fatal EXIT 0
  ARGS lint mistakes/side-output-unconsumed.yaml --format github
  OUTPUT "::warning file=mistakes/side-output-unconsumed.yaml,line=32,col=15::side output 'low-temp' of stream 'classified' is consumed by nobody [side-output-unconsumed]%0Awhy: |0 errors, 1 warning in 1 scenario")
tidemark_expect(NAME lint_warnings_as_errors EXIT 1
  ARGS lint mistakes/side-output-unconsumed.yaml --format github --warnings-as-errors
  OUTPUT "::error file=mistakes/side-output-unconsumed.yaml,line=32,col=15::side output 'low-temp'")
tidemark_expect(NAME lint_errors_are_fatal_and_annotated EXIT 1
  ARGS lint mistakes/window-never-fires.yaml --format github
  OUTPUT "::error file=mistakes/window-never-fires.yaml,line=37,col=13::the window of stream 'counts' never fires")

# check --lint: a warning prints and passes; --warnings-as-errors fails the
# scenario with it; a lint error fails it even though its expectations hold.
tidemark_expect(NAME check_lint_warning_passes EXIT 0
  ARGS check mistakes/side-output-unconsumed.yaml --lint --format github
  OUTPUT "mistakes/side-output-unconsumed.yaml:32:15: warning:|::warning file=mistakes/side-output-unconsumed.yaml,line=32,col=15::|PASS mistakes/side-output-unconsumed.yaml")
tidemark_expect(NAME check_lint_warnings_as_errors_fail EXIT 1
  ARGS check mistakes/side-output-unconsumed.yaml --lint --warnings-as-errors
  OUTPUT "FAIL mistakes/side-output-unconsumed.yaml|lint: mistakes/side-output-unconsumed.yaml:32:15: side output 'low-temp' of stream 'classified' is consumed by nobody [side-output-unconsumed]")
tidemark_expect(NAME check_lint_error_fails EXIT 1
  ARGS check mistakes/window-never-fires.yaml --lint
  OUTPUT "FAIL mistakes/window-never-fires.yaml|[window-never-fires]")

# Confinement: traces, golden files and the scenarios check finds stay inside
# the scenario's folder (or --root); links out, '..' and absolute paths are
# located errors that echo nothing of the file (sim/scenario/path_confinement.h).
# The links are made in the build tree when the test runs.
add_test(NAME confinement_refuses_paths_out_of_the_tree
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/confinement
    -P ${PROJECT_SOURCE_DIR}/app/confinement_test.cmake)
