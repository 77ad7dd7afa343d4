# Runs `CLI ARGS...` and expects exit code EXIT exactly (1 bad input, 2 usage:
# a crash or the other code fails) and stderr matching the regex ERR.
# ARGS is "|"-separated, so that it passes through add_test whole.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${CLI} ${args} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc STREQUAL "${EXIT}")
  message(FATAL_ERROR "expected exit code ${EXIT}, got ${rc}: ${err}")
endif()
if(NOT err MATCHES "${ERR}")
  message(FATAL_ERROR "expected stderr matching \"${ERR}\", found: ${err}")
endif()
