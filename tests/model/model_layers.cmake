# The folders of model/ depend in one direction (DESIGN.md, STYLE.md 24):
#   0 spec                                   scenario and spec files as read
#   1 core                                   the resolved system, the operation rows, evaluation results
#   2 chip compute memory network power      the domains
#   3 system calibration                     resolving a scenario against the catalog (uses the domains);
#                                            calibration files read and fitted (nccl-tests logs)
#   4 training inference                     the modes
#   5 search validation report               on top (report: CSV and trace writers)
#   6 lesson                                 lessons: scripted scenarios and questions the modes answer
# A file may include its own folder and lower levels; a domain or a mode does
# not include another of its level (a type two of them share moves down).
# Fails on the first include that goes the wrong way.
set(level_spec 0)
set(level_core 1)
foreach(d chip compute memory network power)
  set(level_${d} 2)
endforeach()
set(level_system 3)
set(level_calibration 3)
set(level_training 4)
set(level_inference 4)
set(level_search 5)
set(level_validation 5)
set(level_report 5)
set(level_lesson 6)

file(GLOB_RECURSE sources RELATIVE ${MODEL_DIR} ${MODEL_DIR}/*.h ${MODEL_DIR}/*.cpp)
set(checked 0)
set(problems "")
foreach(f IN LISTS sources)
  string(REGEX MATCH "^[a-z_]+" from "${f}")
  if(NOT DEFINED level_${from})
    string(APPEND problems "\n  ${f}: model/${from}/ has no level in model_layers.cmake")
    continue()
  endif()
  file(STRINGS ${MODEL_DIR}/${f} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"model/")
  foreach(line IN LISTS includes)
    string(REGEX MATCH "\"model/([a-z_]+)/" _ "${line}")
    set(to "${CMAKE_MATCH_1}")
    math(EXPR checked "${checked} + 1")
    if(to STREQUAL from)
      continue()
    endif()
    if(NOT DEFINED level_${to})
      string(APPEND problems "\n  ${f}: ${line}: model/${to}/ has no level in model_layers.cmake")
    elseif(level_${to} GREATER level_${from})
      string(APPEND problems "\n  ${f}: ${line}: ${from} (level ${level_${from}}) includes ${to} (level ${level_${to}}), a higher layer")
    elseif(level_${to} EQUAL level_${from} AND level_${from} LESS 5)
      string(APPEND problems "\n  ${f}: ${line}: ${from} includes ${to}, another folder of its level (move the shared type down)")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "model/ includes against its layers:${problems}")
endif()
message(STATUS "model/ layers hold (${checked} includes checked)")
