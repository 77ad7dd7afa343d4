# The cost model against the published training runs of specs/validation
# that ran on hardware the specs describe (runs with "outside_bounds" are
# shown by `validate` but not held here). Run by CTest as `validation_bounds`:
#   cmake -DCLI=path/to/scalescope-cli -P validation_bounds.cmake
#
# Bounds held today, per precision class (measured 2026-11-25):
#   16-bit (BF16, FP16): every run within ±30 % (tokens/s per GPU), geometric-
#     mean |error| within 12 % — measured worst +23.9 %, mean 11.3 % over 16.
#   FP8 and below: within ±80 %, geometric mean within 29 % — measured worst
#     +77.6 %, mean 28.0 % over 10 (25.3 % before the runs that gather FP8
#     weights said so with fp8_params: less DP traffic, and the model's FP8
#     compute optimism shows more).
# The issue's target — ±20 % and 10 % — is NOT met (README, "Validation").
# History: one bound of ±30 % / 12 % held 19 runs (worst +23.9 %, mean 11.3 %)
# until the MLPerf Training v5.1 FP8 runs (Llama 3.1 8B on H100, B200, GB200,
# GB300) joined: the model is 14–75 % optimistic on them, so FP8 got bounds of
# its own instead of loosening the 16-bit ones. The model did not change for
# the runs held before. Tighten these as the model improves; never loosen
# them to admit a regression.
set(classes held_16bit held_low_precision)
set(max_abs_error_held_16bit 0.30)
set(max_geometric_mean_held_16bit 0.12)
set(max_abs_error_held_low_precision 0.80)
set(max_geometric_mean_held_low_precision 0.29)
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
  string(JSON precision GET "${out}" cases ${i} precision)
  if(precision MATCHES "^fp(8|6|4)$")
    set(cls held_low_precision)
  else()
    set(cls held_16bit)
  endif()
  set(bound ${max_abs_error_${cls}})
  string(JSON e GET "${out}" cases ${i} error)
  if(e GREATER ${bound} OR e LESS -${bound})
    string(APPEND failures "  ${id} (${precision}): error ${e} outside ±${bound}\n")
  endif()
endforeach()
if(held LESS 15)
  string(APPEND failures "  only ${held} runs are held to the bounds; at least 15 are expected\n")
endif()
set(summary "")
foreach(cls ${classes})
  string(JSON g GET "${out}" ${cls} geometric_mean_abs_error)
  string(JSON runs GET "${out}" ${cls} runs)
  if(g GREATER ${max_geometric_mean_${cls}})
    string(APPEND failures "  ${cls}: geometric-mean absolute error ${g} above ${max_geometric_mean_${cls}}\n")
  endif()
  string(APPEND summary " ${cls}: ${runs} runs within ±${max_abs_error_${cls}}, geometric mean ${g};")
endforeach()
if(failures)
  message(FATAL_ERROR "validation bounds not met:\n${failures}")
endif()
message(STATUS "${held} held runs;${summary}")
