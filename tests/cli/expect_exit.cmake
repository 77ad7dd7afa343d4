# Runs `CLI specs validate FILE` and expects exit code 1 and a precise message.
execute_process(COMMAND ${CLI} specs validate ${FILE} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit code 1, got ${rc}: ${err}")
endif()
if(NOT err MATCHES "wrong_unit.json: /hbm/bandwidth/value: expected a bandwidth")
  message(FATAL_ERROR "unexpected message: ${err}")
endif()
