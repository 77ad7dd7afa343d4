# The cost model against the published training runs of specs/validation
# whose hardware and setup the specs and scenario describe (runs with "outside_bounds" are
# shown by `validate` but not held here). Run by CTest as `validation_bounds`:
#   cmake -DCLI=path/to/scalescope-cli -P validation_bounds.cmake
#
# Bounds held today (measured 2026-11-25, fifth session of the day): the
# issue's target for both precision classes — every held run within ±20 %
# (tokens/s per GPU), geometric-mean |error| within 10 %.
#   16-bit (BF16, FP16): worst +17.4 % (MPT-7B on 8 H100), mean 8.9 % over 15
#     (torchtitan's Llama 4 Scout on GB200 left the held set: its stated
#     setup needs ~790 GB of activations per GPU; see its outside_bounds).
#   FP8 and below: worst +18.8 % (72 GB200, MLPerf v5.1), mean 9.1 % over 16.
#     The model is still 3-19 % optimistic on every held MLPerf FP8 run.
# Fifth session: in measured mode AllGather and ReduceScatter across nodes
# run NCCL's flat ring over all ranks ((n - 1)/n of the array leaves each
# node, not the seed's (D - 1)/D), which costs the 2- to 8-node data-parallel
# runs 1-5 %; Blackwell FP8 GEMMs take vLLM's B200 measurement at the Llama
# QKV shape (0.919 of H100's efficiency, was the BF16 ratio 0.966); cuDNN
# attention on Blackwell is cudnn-frontend's B200 measurement of cuDNN 9.13.1
# (0.785 / 0.864 of FlashAttention-4 forward / backward, was 1/1.3 both),
# taken one kernel at a time on an idle GPU, times flashinfer's measured
# back-to-back slow-down of a B200 attention kernel (1237 / 1450 = 0.853).
# FP8: ±25 % / 15 % → ±20 % / 10 %.
# Fourth session: every MLPerf v5.1 run reduces gradients in BF16
# (grad_reduce_in_fp32=False in each submission's pretrain.py), which the
# scenarios had as FP32; corrected, the model was 10-26 % optimistic on the
# MLPerf FP8 runs. Tensorwise (current) FP8 scaling now pays the amax pass
# the calibration's cast kernel measured (fp8_scaling). Cisco's two H100 runs
# are shown, not held (a host synchronisation per 64-parameter gradient
# bucket; see their outside_bounds); every other FP8 MLPerf v5.1 submission on
# Hopper and Blackwell joined (10 runs, 7 held). The FP8 maximum tightened
# (55 → 25 %), its mean moved 14 → 15 %: the data were corrected and grew.
# Third session: compute beside data-parallel traffic costs 0.609 s per
# hidden second (both averages of Lee et al. 2025, nccl-measured
# overlap_sequential_penalty), and an NVLink tier's half-efficiency chunk
# scales with its bandwidth (half_efficiency_link, Hockney's n-half).
# History: ±55 % / 14 % (FP8) in the third session, ±30 % / 12 % (16-bit) and
# ±80 % / 29 % (FP8) before it; before the MLPerf FP8 runs joined, one bound of
# ±30 % / 12 % over 19 runs. Tighten these as the model improves; never loosen
# them to admit a regression of the model.
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
