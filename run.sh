#!/usr/bin/env bash
# run.sh: install what is missing, build, and run the main job: xwarp over
# every kernel of the bundled corpus (Dead Sync Elimination, then Common Base
# Elimination), with a per-kernel table of barriers, removals and mismatches
# with the corpus's expectations, and of the bases merged and the address
# instructions before and after.
#   ./run.sh [xwarp corpus options, e.g. --variant address, --passes dse]
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"
xwarp_ensure_packages
xwarp_build
args=("$@")
case " $* " in
  *" --passes"*) ;;
  *) args=(--passes dse,cbe "${args[@]}") ;;
esac
exec "$XWARP_BUILD_DIR/bin/xwarp" corpus "$XWARP_ROOT/corpus" "${args[@]}"
