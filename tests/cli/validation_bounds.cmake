# The cost model against the published training runs of specs/validation
# that ran on hardware the specs describe (runs with "outside_bounds" are
# shown by `validate` but not held here). Run by CTest as `validation_bounds`:
#   cmake -DCLI=path/to/scalescope-cli -P validation_bounds.cmake
#
# Bounds held today: every run within ±40 % (tokens/s per GPU) and the
# geometric-mean absolute error within 13.5 % (measured 2026-11-25: worst
# +35.6 %, geometric mean 12.9 % over 22 runs). The issue's target — ±20 % and
# 10 % — is NOT met (README, "Validation"). History: ±30 % / 12 % held 19 runs
# (worst +23.9 %, mean 11.3 %); the bounds widened when three MLPerf Training
# v5.1 runs on B200 and GB200 joined the held set (+14.1, +22.1, +35.6 %:
# the Blackwell kernel speeds are carried over from Hopper and are too
# optimistic), not because the model changed — the 19 runs are unchanged.
# Tighten these as the model improves; never loosen them to admit a regression.
set(max_abs_error 0.40)
set(max_geometric_mean 0.135)
execute_process(COMMAND ${CLI} validate --json OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scalescope-cli validate exited with ${rc}:\n${err}")
endif()
string(JSON n LENGTH "${out}" cases)
math(EXPR last "${n} - 1")
set(failures "")
set(held 0)
foreach(i RANGE ${last})
  string(JSON id GET "${out}" cases ${i} id)
  string(JSON is_held GET "${out}" cases ${i} held_to_bounds)
  if(NOT is_held)
    continue()
  endif()
  math(EXPR held "${held} + 1")
  string(JSON e GET "${out}" cases ${i} error)
  if(e GREATER ${max_abs_error} OR e LESS -${max_abs_error})
    string(APPEND failures "  ${id}: error ${e} outside ±${max_abs_error}\n")
  endif()
endforeach()
if(held LESS 15)
  string(APPEND failures "  only ${held} runs are held to the bounds; at least 15 are expected\n")
endif()
string(JSON g GET "${out}" held_geometric_mean_abs_error)
if(g GREATER ${max_geometric_mean})
  string(APPEND failures "  geometric-mean absolute error ${g} above ${max_geometric_mean}\n")
endif()
if(failures)
  message(FATAL_ERROR "validation bounds not met:\n${failures}")
endif()
message(STATUS "${held} held runs within ±${max_abs_error}, geometric-mean absolute error ${g}")
