#!/usr/bin/env bash
# test.sh: install what is missing, build, and run every test (GoogleTest
# units and the lit/FileCheck suite, including the corpus end to end).
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"
xwarp_ensure_packages
xwarp_build
cmake --build "$XWARP_BUILD_DIR" --target check
