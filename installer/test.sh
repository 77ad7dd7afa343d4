#!/usr/bin/env bash
# The test command: installs what is missing, builds (warnings are errors)
# and runs the whole suite through CTest. Exits non-zero on any failure.
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
