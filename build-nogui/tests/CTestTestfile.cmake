# CMake generated Testfile for 
# Source directory: /work/main/tests
# Build directory: /work/main/build-nogui/tests
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
include("/work/main/build-nogui/tests/model_tests_include-b12d07c.cmake")
add_test([=[model: no Qt in model/]=] "/usr/bin/cmake" "-DMODEL_DIR=/work/main/model" "-P" "/work/main/tests/model/no_qt_in_model.cmake")
set_tests_properties([=[model: no Qt in model/]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/CMakeLists.txt;25;add_test;/work/main/tests/CMakeLists.txt;0;")
subdirs("cli")
