# Confinement on the command line (sim/scenario/path_confinement.h): builds a
# scratch tree with files outside it and symbolic links leading out (made
# here, at test time, never committed), then shows that
# - run refuses a trace at '../', at an absolute path and through a link, at
#   the trace value's line and column, with a hint naming both flags, and
#   prints nothing of the file; --root and --allow-outside-root let it in;
# - check FOLDER refuses a .yaml linked out of the folder unread: neither
#   stderr, the JUnit XML nor the summary holds a byte of the target;
# - check --update writes no golden file at '../', at an absolute path or
#   through a dangling link;
# - --trace SOURCE=FILE on the command line is trusted, relative to the cwd;
# - links planted in an output folder (report -o, records, --junit, gen -o)
#   are replaced, never written through; --summary refuses one.
#   cmake -DTIDEMARK=<exe> -DSCRATCH=<dir> -P confinement_test.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH}/tree)
# Outside the tree: what a link to a credentials file would expose.
file(WRITE ${SCRATCH}/secret.csv "k,ts\nSECRET-ROW,1\n")
file(WRITE ${SCRATCH}/secret.txt "secret_token: hunter2-SECRET\n")

# tree/NAME/s.yaml reading TRACE, with a golden file GOLDEN when given; the
# trace value is at line 5, column 12 and the golden value at line 9, column 13.
function(scenario name trace)
  set(text "sources:\n  s:\n    schema: {k: string, ts: int}\n    event_time: ts\n    trace: ${trace}\nsinks: [s]\n")
  if(ARGN)
    string(APPEND text "expect:\n  s:\n    golden: ${ARGN}\n")
  endif()
  file(WRITE ${SCRATCH}/tree/${name}/s.yaml "${text}")
  file(WRITE ${SCRATCH}/tree/${name}/t.csv "k,ts\ninside,1\n")
endfunction()

# expect(EXIT CONTAINS NOT_CONTAINS ARGS...): runs tidemark in SCRATCH; `all`
# holds stdout and stderr. CONTAINS and NOT_CONTAINS are |-separated.
function(expect exit contains not_contains)
  execute_process(COMMAND ${TIDEMARK} ${ARGN} WORKING_DIRECTORY ${SCRATCH}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(all "${out}${err}")
  if(NOT status STREQUAL exit)
    message(FATAL_ERROR "tidemark ${ARGN}: expected exit ${exit}, got ${status}\n${all}")
  endif()
  string(REPLACE "|" ";" wanted "${contains}")
  foreach(piece IN LISTS wanted)
    string(FIND "${all}" "${piece}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "tidemark ${ARGN}: output lacks '${piece}'\n${all}")
    endif()
  endforeach()
  string(REPLACE "|" ";" unwanted "${not_contains}")
  foreach(piece IN LISTS unwanted)
    string(FIND "${all}" "${piece}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "tidemark ${ARGN}: output holds '${piece}'\n${all}")
    endif()
  endforeach()
endfunction()

set(hint "hint: scenario paths stay inside|pass --root DIR for a folder that holds the file, or --allow-outside-root")

# A trace that leaves the scenario's folder, three ways.
scenario(dotdot ../../secret.csv)
expect(2 "tree/dotdot/s.yaml:5:12: error: trace '../../secret.csv' leads outside 'tree/dotdot'|${hint}"
  "SECRET" run tree/dotdot/s.yaml)
scenario(absolute ${SCRATCH}/secret.csv)
expect(2 "tree/absolute/s.yaml:5:12: error: trace '${SCRATCH}/secret.csv' is an absolute path|${hint}"
  "SECRET" run tree/absolute/s.yaml)
scenario(link link.csv)
file(CREATE_LINK ../../secret.csv ${SCRATCH}/tree/link/link.csv SYMBOLIC)
expect(2 "tree/link/s.yaml:5:12: error: trace 'link.csv' leads outside 'tree/link' through a symbolic link|${hint}"
  "SECRET" run tree/link/s.yaml)
# Every command that reads a scenario applies the rule.
foreach(command lint explain explore)
  expect(2 "tree/link/s.yaml:5:12: error: trace 'link.csv' leads outside" "SECRET"
    ${command} tree/link/s.yaml)
endforeach()
expect(2 "leads outside" "SECRET" report tree/link/s.yaml -o out)

# A root that holds the file, or the flag, lets it in.
expect(0 "SECRET-ROW" "" run tree/dotdot/s.yaml --root .)
expect(2 "leads outside 'tree'" "SECRET" run tree/dotdot/s.yaml --root tree)
expect(0 "SECRET-ROW" "" run tree/link/s.yaml --allow-outside-root)
expect(0 "SECRET-ROW" "" run tree/absolute/s.yaml --allow-outside-root)
expect(2 "--root: error: 'nope' is not a folder" "" run tree/dotdot/s.yaml --root nope)
# A path inside the tree, and a link that stays inside, are fine.
scenario(inside t.csv)
file(CREATE_LINK t.csv ${SCRATCH}/tree/inside/alias.csv SYMBOLIC)
expect(0 "inside,1" "" run tree/inside/s.yaml)
# --trace on the command line is the user's own: relative to the cwd, not confined.
expect(0 "SECRET-ROW" "" run tree/inside/s.yaml --trace s=secret.csv)

# check FOLDER with a .yaml linked out of it: refused unread, everywhere.
file(MAKE_DIRECTORY ${SCRATCH}/tree/leak)
file(CREATE_LINK ../../secret.txt ${SCRATCH}/tree/leak/a.yaml SYMBOLIC)
expect(2 "tree/leak/a.yaml: error: the scenario file leads outside 'tree/leak' through a symbolic link; it was not read|--allow-outside-root"
  "hunter2|secret_token" check tree/leak --junit junit.xml --summary summary.md)
foreach(written junit.xml summary.md)
  file(READ ${SCRATCH}/${written} text)
  string(FIND "${text}" "hunter2" at)
  if(NOT at EQUAL -1 OR NOT text MATCHES "leads outside")
    message(FATAL_ERROR "${written} echoes the linked file or lacks the refusal:\n${text}")
  endif()
endforeach()
# check of the tree: the leak's link leaves 'tree' too; the others are located.
expect(2 "tree/leak/a.yaml: error: the scenario file leads outside 'tree'|tree/dotdot/s.yaml:5:12: error: trace '../../secret.csv' leads outside 'tree'"
  "hunter2|SECRET" check tree)

# check --update writes no golden file outside the tree.
scenario(golden-dotdot t.csv ../../victim.csv)
scenario(golden-absolute t.csv ${SCRATCH}/victim.csv)
scenario(golden-link t.csv g.csv)
file(CREATE_LINK ../../victim.csv ${SCRATCH}/tree/golden-link/g.csv SYMBOLIC)
expect(2 "tree/golden-dotdot/s.yaml:9:13: error: golden file '../../victim.csv' leads outside 'tree/golden-dotdot'"
  "UPDATED" check --update tree/golden-dotdot/s.yaml)
expect(2 "tree/golden-absolute/s.yaml:9:13: error: golden file '${SCRATCH}/victim.csv' is an absolute path"
  "UPDATED" check --update tree/golden-absolute/s.yaml)
expect(2 "tree/golden-link/s.yaml:9:13: error: golden file 'g.csv' leads outside 'tree/golden-link' through a symbolic link"
  "UPDATED" check --update tree/golden-link/s.yaml)
if(EXISTS ${SCRATCH}/victim.csv)
  message(FATAL_ERROR "check --update wrote a golden file outside the tree")
endif()
# Inside the tree it still bootstraps the golden file.
scenario(golden-inside t.csv g.csv)
expect(0 "UPDATED" "" check --update tree/golden-inside)
if(NOT EXISTS ${SCRATCH}/tree/golden-inside/g.csv)
  message(FATAL_ERROR "check --update did not write tree/golden-inside/g.csv")
endif()

# Links planted in output folders, each to a file outside that must stay as it is.
scenario(outputs t.csv g.csv)
expect(0 "UPDATED" "" check --update tree/outputs/s.yaml)
file(WRITE ${SCRATCH}/victim.txt "untouched\n")
file(MAKE_DIRECTORY ${SCRATCH}/out)
foreach(name report.html report.md report.json s.csv s.csv.partial junit.xml trace.csv summary.md)
  file(CREATE_LINK ../victim.txt ${SCRATCH}/out/${name} SYMBOLIC)
endforeach()
expect(0 "" "" report tree/outputs/s.yaml -o out)
expect(0 "" "" check tree/outputs/s.yaml --junit out/junit.xml)
expect(0 "" "" gen --rows 2 -o out/trace.csv)
expect(2 "out/summary.md" "" check tree/outputs/s.yaml --summary out/summary.md --append-summary)
file(READ ${SCRATCH}/victim.txt victim)
if(NOT victim STREQUAL "untouched\n")
  message(FATAL_ERROR "a command wrote through a link in its output folder:\n${victim}")
endif()
foreach(name report.html report.md report.json s.csv junit.xml trace.csv)
  if(IS_SYMLINK ${SCRATCH}/out/${name})
    message(FATAL_ERROR "out/${name} is still a link")
  endif()
endforeach()
file(REMOVE_RECURSE ${SCRATCH})
