# Fails when a folder includes a header it may not: the dependency rule of the
# layout (CONTRIBUTING.md), checked on every #include of every source file.
#   cmake -DROOT=<repository root> -P check_includes.cmake
#
# Project headers: each folder may include its own headers and those of the
# folders listed for it below, never one above it in the pipeline
# trace -> scenario -> planner -> recovery -> runtime -> check -> explore -> reports -> app,
# with the public API (include/tidemark/ and api/) beside reports.
# A test (*_test.cc) may also include the rooms that build its fixtures: a
# runtime test opens a scenario through the session's front end
# (sim/session/scenario_front_end.h) to get a plan.
# Library headers (<dir/header> or <csv.h>): only the libraries listed for the
# folder. engine/, sim/ and reports/ never include a clock, threads or an
# unseeded random source.
cmake_minimum_required(VERSION 3.25)

set(rooms engine/core engine/expressions engine/watermarks engine/windows engine/operators
          sim/random sim/trace sim/scenario sim/graph sim/planner sim/recovery sim/runtime
          sim/lint
          sim/check sim/explore sim/session reports/text reports/story reports/timeline reports/pages
          reports/campaign api include app fuzz)
# engine/'s rooms: time and records at the bottom; expressions and watermarks
# on them; windows use expressions (dynamic gaps, reduces); operators use windows'
# timers. A room above engine/ may use all of it ("engine" admits every room).
set(uses_engine/core "")
set(uses_engine/expressions engine/core)
set(uses_engine/watermarks engine/core)
set(uses_engine/windows engine/core engine/expressions)
set(uses_engine/operators engine/core engine/expressions engine/windows)
set(uses_sim/random engine)
set(uses_sim/trace engine sim/random)
set(uses_sim/scenario engine sim/trace)
set(uses_sim/graph engine sim/trace)
set(uses_sim/planner engine sim/trace sim/scenario sim/graph)
set(uses_sim/recovery engine sim/random sim/trace sim/graph)
set(uses_sim/runtime engine sim/random sim/trace sim/graph sim/recovery)
set(uses_sim/lint engine sim/trace sim/scenario sim/graph sim/planner)
set(uses_sim/check engine sim/trace sim/scenario sim/graph sim/planner sim/recovery sim/runtime)
set(uses_sim/explore engine sim/random sim/trace sim/scenario sim/graph sim/planner sim/recovery
    sim/runtime sim/check)
# The session layer owns the use cases: opening a job, running it in detail,
# checking, linting, exploring and sweeping it; the front doors above use it.
set(uses_sim/session engine sim/random sim/trace sim/scenario sim/graph sim/planner sim/recovery
    sim/runtime sim/lint sim/check sim/explore)
set(uses_reports_below engine sim/random sim/trace sim/scenario sim/graph sim/planner sim/recovery
    sim/runtime sim/lint sim/check sim/explore sim/session)
# reports/'s rooms: the shared text helpers, then the run story and its
# analyses, the timeline drawn from them, and the pages that hold it all;
# campaign and CI outputs use the text helpers only.
set(uses_reports/text ${uses_reports_below})
set(uses_reports/story ${uses_reports_below} reports/text)
set(uses_reports/timeline ${uses_reports_below} reports/text reports/story)
set(uses_reports/pages ${uses_reports_below} reports/text reports/story reports/timeline)
set(uses_reports/campaign ${uses_reports_below} reports/text)
# The public API: include/tidemark/ holds its headers, included as
# "tidemark/..." and using nothing but the standard library; api/ implements
# them over sim/, beside reports/ (neither uses the other).
set(uses_include tidemark)
set(uses_api engine sim/random sim/trace sim/scenario sim/graph sim/planner sim/recovery sim/runtime
    sim/lint sim/check sim/explore sim/session tidemark)
set(uses_app ${uses_reports_below} reports)
# The fuzz targets drive the parsers and a whole run, as the app does.
set(uses_fuzz ${uses_app})
# Libraries, by the first part of the include path.
set(libs_engine/core fmt)
set(libs_engine/expressions fmt)
set(libs_engine/watermarks fmt)
set(libs_engine/windows fmt)
set(libs_engine/operators fmt)
set(libs_sim/random fmt)
set(libs_sim/trace fmt csv.h nlohmann fcntl.h unistd.h)
set(libs_sim/scenario fmt yaml-cpp)
set(libs_sim/graph fmt)
set(libs_sim/planner fmt)
set(libs_sim/recovery fmt)
set(libs_sim/runtime fmt)
set(libs_sim/lint fmt)
set(libs_sim/check fmt)
set(libs_sim/explore fmt yaml-cpp)
set(libs_sim/session fmt)
set(libs_reports/text fmt)
set(libs_reports/story fmt)
set(libs_reports/timeline fmt)
set(libs_reports/pages fmt nlohmann)
set(libs_reports/campaign fmt nlohmann)
set(libs_api fmt)
set(libs_include "")
set(libs_app fmt CLI nlohmann unistd.h)
set(libs_fuzz unistd.h)
set(test_libs boost rapidcheck rapidcheck.h nlohmann yaml-cpp unistd.h sys)
set(no_clock_rooms engine/core engine/expressions engine/watermarks engine/windows
    engine/operators sim/random sim/trace sim/scenario sim/graph sim/planner sim/recovery
    sim/runtime
    sim/lint sim/check sim/explore sim/session reports/text reports/story reports/timeline reports/pages
    reports/campaign api include)
set(clock_headers chrono thread mutex atomic random ctime future condition_variable)

set(bad "")
foreach(room ${rooms})
  file(GLOB_RECURSE files "${ROOT}/${room}/*.h" "${ROOT}/${room}/*.cc")
  # A sub-room's files belong to the sub-room, not to its parent.
  foreach(other ${rooms})
    if(NOT other STREQUAL room AND other MATCHES "^${room}/")
      list(FILTER files EXCLUDE REGEX "^${ROOT}/${other}/")
    endif()
  endforeach()
  set(allowed_projects ${room} ${uses_${room}})
  set(allowed_libs ${libs_${room}})
  foreach(file ${files})
    set(projects ${allowed_projects})
    set(libs ${allowed_libs})
    # Tests and test support files (csv_test_file.h, error_hint_test_util.h)
    # build fixtures.
    if(file MATCHES "_test\\.cc$" OR file MATCHES "_test_(file|util)\\.h$")
      if(room MATCHES "^sim/")
        list(APPEND projects sim/scenario sim/planner sim/graph sim/trace sim/check sim/session)
      endif()
      list(APPEND libs ${test_libs})
    endif()
    file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line ${lines})
      if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
        set(header ${CMAKE_MATCH_1})
        set(ok FALSE)
        foreach(project ${projects})
          string(LENGTH "${project}/" n)
          string(SUBSTRING "${header}" 0 ${n} head)
          if(head STREQUAL "${project}/")
            # engine/ is not a prefix of sim/..., but sim/trace/ must not
            # admit sim/trace_x/: the slash above takes care of that.
            set(ok TRUE)
          endif()
        endforeach()
        if(NOT ok)
          list(APPEND bad "${file}: ${line}")
        endif()
      elseif(line MATCHES "#[ \t]*include[ \t]*<([^>]+)>")
        set(header ${CMAKE_MATCH_1})
        set(lib "")
        if(header MATCHES "^([^/]+)/")
          set(lib ${CMAKE_MATCH_1})
        elseif(header MATCHES "^([a-z_]+\\.h)$")
          set(lib ${CMAKE_MATCH_1})
        endif()
        if(lib)
          list(FIND libs "${lib}" found)
          if(found EQUAL -1)
            list(APPEND bad "${file}: ${line}")
          endif()
        else()
          list(FIND no_clock_rooms ${room} strict)
          list(FIND clock_headers ${header} clock)
          if(NOT strict EQUAL -1 AND NOT clock EQUAL -1
             AND NOT file MATCHES "_test\\.cc$" AND NOT file MATCHES "_test_file\\.h$")
            list(APPEND bad "${file}: ${line} (no clocks, threads or unseeded randomness here)")
          endif()
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()
# Nothing after the planner reads the scenario's syntax: the plan holds all
# that later stages need, so a second front end can produce it. Outside the
# rooms that are the scenario front end (the loader, the planner, lint), only
# the session's front-end files may name the ScenarioSpec or include its
# header; tests build their fixtures from it.
set(spec_free_rooms sim/recovery sim/runtime sim/check sim/explore sim/session reports api app
    fuzz)
set(spec_front_end_files sim/session/scenario_front_end.h sim/session/scenario_front_end.cc
    sim/session/open_job.cc sim/session/lint_scenario.cc sim/session/check_scenario.cc)
foreach(room ${spec_free_rooms})
  file(GLOB_RECURSE files "${ROOT}/${room}/*.h" "${ROOT}/${room}/*.cc")
  foreach(file ${files})
    string(REPLACE "${ROOT}/" "" relative "${file}")
    list(FIND spec_front_end_files "${relative}" front_end)
    if(NOT front_end EQUAL -1 OR file MATCHES "_test\\.cc$" OR file MATCHES "_test_(file|util)\\.h$")
      continue()
    endif()
    file(STRINGS ${file} lines REGEX "ScenarioSpec|#[ \t]*include[ \t]*\"sim/scenario/scenario\\.h\"")
    foreach(line ${lines})
      list(APPEND bad "${file}: ${line} (the scenario's syntax is the front end's: read the plan)")
    endforeach()
  endforeach()
endforeach()
if(bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "includes that break the dependency rule (see CONTRIBUTING.md):\n  ${text}")
endif()
message(STATUS "every include follows the dependency rule")
