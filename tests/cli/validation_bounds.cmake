# The cost model against the published training runs of specs/validation
# that ran on hardware the specs describe (runs with "outside_bounds" are
# shown by `validate` but not held here). Run by CTest as `validation_bounds`:
#   cmake -DCLI=path/to/scalescope-cli -P validation_bounds.cmake
#
# Bounds held today: every run within ±30 % (tokens/s per GPU) and the
# geometric-mean absolute error within 12 % (measured 2026-11-25: worst
# +23.9 %, geometric mean 11.3 % over 19 runs). The issue's target — ±20 % and
# 10 % — is NOT met yet (README, "Validation"). Tighten these as the model improves;
# never loosen them to admit a regression.
set(max_abs_error 0.30)
set(max_geometric_mean 0.12)
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
