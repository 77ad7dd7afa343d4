#!/usr/bin/env bash
# The test command: installs what is missing, builds (warnings are errors)
# and runs the whole suite through CTest; then builds the model, the CLI, their
# tests and the fuzz harnesses with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer and runs those (build/sanitize). Exits non-zero
# on any failure. SCALESCOPE_SKIP_SANITIZE=1 skips the second pass.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/installer/build.sh" -DSCALESCOPE_WERROR=ON
export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
# Tests must not read or write the real user's data.
export XDG_DATA_HOME=$(mktemp -d)
export XDG_CONFIG_HOME=$(mktemp -d)
cd "$top/build/release"
ctest --output-on-failure --parallel "$(nproc)" --timeout 600

if [ "${SCALESCOPE_SKIP_SANITIZE:-0}" != 1 ]; then
  start=$(date +%s)
  # -O1: sanitizer reports stay readable and the build stays short.
  cmake -S "$top" -B "$top/build/sanitize" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DSCALESCOPE_BUILD_GUI=OFF \
    -DSCALESCOPE_SANITIZE=ON -DSCALESCOPE_FUZZ=ON -DSCALESCOPE_WERROR=ON >/dev/null
  cmake --build "$top/build/sanitize"
  cd "$top/build/sanitize"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --output-on-failure --parallel "$(nproc)" --timeout 600
  echo "sanitizer and fuzz pass: $(( $(date +%s) - start )) s"
fi
