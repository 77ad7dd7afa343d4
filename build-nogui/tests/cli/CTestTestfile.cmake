# CMake generated Testfile for 
# Source directory: /work/main/tests/cli
# Build directory: /work/main/build-nogui/tests/cli
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
include("/work/main/build-nogui/tests/cli/cli_tests_include-b12d07c.cmake")
add_test([=[cli: --version]=] "/work/main/build-nogui/app/cli/scalescope-cli" "--version")
set_tests_properties([=[cli: --version]=] PROPERTIES  PASS_REGULAR_EXPRESSION "scalescope-cli 0.1.0" _BACKTRACE_TRIPLES "/work/main/tests/cli/CMakeLists.txt;10;add_test;/work/main/tests/cli/CMakeLists.txt;0;")
add_test([=[cli: no arguments is a usage error (exit 2)]=] "/work/main/build-nogui/app/cli/scalescope-cli")
set_tests_properties([=[cli: no arguments is a usage error (exit 2)]=] PROPERTIES  WILL_FAIL "TRUE" _BACKTRACE_TRIPLES "/work/main/tests/cli/CMakeLists.txt;12;add_test;/work/main/tests/cli/CMakeLists.txt;0;")
add_test([=[cli: specs validate of a broken file exits 1]=] "/usr/bin/cmake" "-DCLI=/work/main/build-nogui/app/cli/scalescope-cli" "-DFILE=/work/main/tests/fixtures/bad/wrong_unit.json" "-P" "/work/main/tests/cli/expect_exit.cmake")
set_tests_properties([=[cli: specs validate of a broken file exits 1]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/cli/CMakeLists.txt;14;add_test;/work/main/tests/cli/CMakeLists.txt;0;")
