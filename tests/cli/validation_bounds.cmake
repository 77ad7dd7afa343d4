# The cost model against the published dense training runs of specs/validation
# whose hardware and setup the specs and scenario describe (runs with "outside_bounds" are
# shown by `validate` but not held here). Run by CTest as `validation_bounds`:
#   cmake -DCLI=path/to/scalescope-cli -P validation_bounds.cmake
#
# The bounds, for both precision classes of the held dense runs: every run
# within ±20 % (tokens/s per GPU), geometric-mean |error| within 10 %. Where
# the model stands (`scalescope-cli validate`):
#   16-bit (BF16, FP16): 15 runs, worst -19.2 % (Megatron-LM's GPT 70B on
#     768 H100), geometric mean 9.5 %.
#   FP8 and below: 15 runs, worst +18.5 % (MLPerf v5.1 Llama 3.1 8B on
#     256 B200), geometric mean 9.2 %; the model is optimistic on every held
#     MLPerf FP8 run.
# Mixture-of-experts runs are a class of their own (`validate`'s "moe"), not
# held here yet: of its sixteen held runs, Qwen3-235B-A22B at TP 4 × EP 8 is
# +72.8 %, Qwen3-30B-A3B on 8 B200 +32.7 % and Qwen3-235B with Megatron-FSDP
# −37.9 %, so a ±20 % bound on the class would fail (docs/validation.md,
# "Where the model is off").
# How the bounds tightened is in CHANGELOG.md. Tighten them as the model
# improves; never loosen them to admit a regression of the model.
set(classes held_16bit held_low_precision)
set(max_abs_error_held_16bit 0.20)
set(max_geometric_mean_held_16bit 0.10)
set(max_abs_error_held_low_precision 0.20)
set(max_geometric_mean_held_low_precision 0.10)
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
  string(JSON run_class GET "${out}" cases ${i} class)
  if(NOT is_held OR run_class STREQUAL "moe")
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
  string(APPEND failures "  only ${held} dense runs are held to the bounds; at least 15 are expected\n")
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
message(STATUS "${held} held dense runs;${summary}")
