# `calibration import`, then `list` and `show` in fresh processes (each loads
# the catalog once): the imported network calibration is listed as a user
# calibration with the GPUs it fits, and shown with its fitted values.
# CLI: the binary; FIXTURES: tests/fixtures/nccl-tests; WORK: a scratch folder.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_DATA_HOME} ${WORK}/data)
set(ENV{XDG_CONFIG_HOME} ${WORK}/config)

function(expect_output)
  cmake_parse_arguments(E "" "" "ARGS;MATCHES" ${ARGN})
  execute_process(COMMAND ${CLI} ${E_ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${E_ARGS}: exit ${rc}: ${err}")
  endif()
  foreach(pattern IN LISTS E_MATCHES)
    if(NOT out MATCHES "${pattern}")
      message(FATAL_ERROR "${E_ARGS}: expected output matching \"${pattern}\", found:\n${out}")
    endif()
  endforeach()
endfunction()

expect_output(ARGS calibration import ${FIXTURES}/all_reduce_perf-8xh100.log --nvlink "450 GB/s" --id lab-nvlink
              MATCHES "wrote .*/scalescope/specs/calibration/lab-nvlink.json  \\(calibration lab-nvlink, from ")
expect_output(ARGS calibration list
              MATCHES "network +lab-nvlink +user +8x NVIDIA H100 80GB HBM3, 1 node\n"
                      "network +nccl-measured +shipped +every system\n"
                      "compute +compute-hopper +shipped +Hopper\n")
expect_output(ARGS calibration list --json
              MATCHES "\"fits\": \"8x NVIDIA H100 80GB HBM3, 1 node\"" "\"kind\": \"network\"")
expect_output(ARGS calibration show lab-nvlink
              MATCHES "^network calibration, user, fits 8x NVIDIA H100 80GB HBM3, 1 node\n"
                      "/nvlink_achievable_fraction +0.803 +\\[fit\\]"
                      "/half_efficiency_link +450 GB/s +\\[nvlink-rate\\]"
                      "\\[log1\\] nccl-tests all_reduce_perf log .*all_reduce_perf-8xh100.log: 8 GPUs")
expect_output(ARGS calibration show lab-nvlink --json MATCHES "^{\n  \"description\"")
expect_output(ARGS specs list MATCHES "lab-nvlink +NCCL collectives as measured on 8x NVIDIA H100 80GB HBM3 \\(1 node\\)  \\[user\\]")
