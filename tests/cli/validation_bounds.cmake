# The cost model against the published training runs of specs/validation
# that ran on hardware the specs describe (runs with "outside_bounds" are
# shown by `validate` but not held here). Run by CTest as `validation_bounds`:
#   cmake -DCLI=path/to/scalescope-cli -P validation_bounds.cmake
#
# Bounds held today, per precision class (measured 2026-11-25, third
# session of the day):
#   16-bit (BF16, FP16): every run within ±20 % (tokens/s per GPU), geometric-
#     mean |error| within 10 % — the issue's target — measured worst +17.4 %
#     (MPT-7B on 8 H100), mean 9.8 % over 16.
#   FP8 and below: within ±55 %, geometric mean within 14 % — measured worst
#     +52.5 % (Cisco's 128 H100, MLPerf v5.1), mean 13.4 % over 10. The two
#     Cisco H100 runs (+32.9, +52.5 %) are the only FP8 runs outside ±20 %.
# What moved them: compute beside data-parallel traffic costs 0.609 s per
# hidden second (both averages of Lee et al. 2025, nccl-measured
# overlap_sequential_penalty), and an NVLink tier's half-efficiency chunk
# scales with its bandwidth (half_efficiency_link, Hockney's n-half).
# History: ±30 % / 12 % (16-bit) and ±80 % / 29 % (FP8) until then; before the
# MLPerf FP8 runs joined, one bound of ±30 % / 12 % over 19 runs. Tighten
# these as the model improves; never loosen them to admit a regression.
set(classes held_16bit held_low_precision)
set(max_abs_error_held_16bit 0.20)
set(max_geometric_mean_held_16bit 0.10)
set(max_abs_error_held_low_precision 0.55)
set(max_geometric_mean_held_low_precision 0.14)
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
