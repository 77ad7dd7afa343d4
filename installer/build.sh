#!/usr/bin/env bash
# Configures and builds ScaleScope (Release) into build/release.
# Usage: installer/build.sh [extra cmake arguments]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/installer/install-deps.sh"
cmake -S "$top" -B "$top/build/release" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$top/build/release" --parallel "$(nproc)"
