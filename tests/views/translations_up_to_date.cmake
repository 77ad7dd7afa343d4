# CTest script: runs lupdate over the code into a copy of the .ts file and
# fails when the copy differs, i.e. when a string in the code is missing from
# the translation (or a translated string is no longer in the code).
# Fix with installer/update-translations.sh, then translate what it adds.
file(GLOB_RECURSE sources ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/views/*.cpp ${SOURCE_DIR}/views/*.h ${SOURCE_DIR}/model/core/warning_texts.cpp ${SOURCE_DIR}/model/inference/inference_warning_texts.cpp)
list(SORT sources)
configure_file(${TS_FILE} ${WORK_DIR}/check.ts COPYONLY)
execute_process(COMMAND ${LUPDATE} -silent -locations none -no-obsolete -tr-function-alias QT_TRANSLATE_NOOP+=translatable ${sources} -ts ${WORK_DIR}/check.ts
                RESULT_VARIABLE rc WORKING_DIRECTORY ${SOURCE_DIR})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${TS_FILE} ${WORK_DIR}/check.ts RESULT_VARIABLE differs)
if(differs)
  message(FATAL_ERROR "${TS_FILE} is not up to date with the strings in the code: run installer/update-translations.sh, "
                      "translate the unfinished entries, and compare with ${WORK_DIR}/check.ts")
endif()
