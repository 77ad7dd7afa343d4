#!/usr/bin/env bash
# The run command: installs what is missing, builds a Release build and
# starts ScaleScope on the default scenario (or the scenario given).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/installer/build.sh"
exec "$top/build/release/app/gui/scalescope" "$@"
