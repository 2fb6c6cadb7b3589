#!/usr/bin/env bash
# run.sh: install what is missing, build, and run the main job: xwarp over
# every kernel of the bundled corpus, with a per-kernel table of barriers,
# removals and mismatches with the corpus's expectations.
#   ./run.sh [xwarp corpus options, e.g. --variant dataflow]
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"
xwarp_ensure_packages
xwarp_build
exec "$XWARP_BUILD_DIR/bin/xwarp" corpus "$XWARP_ROOT/corpus" "$@"
