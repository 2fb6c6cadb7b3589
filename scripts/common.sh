# scripts/common.sh: shared by run.sh and test.sh. Installs the Debian
# packages xwarp needs (when missing), then configures and builds with CMake
# and Ninja into build/ (or $XWARP_BUILD_DIR).

XWARP_PACKAGES="llvm-19-dev clang-19 libclang-19-dev llvm-19-tools libz3-dev z3 libboost-graph-dev libgtest-dev libbenchmark-dev cmake ninja-build libclang-rt-19-dev"
XWARP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
XWARP_BUILD_DIR="${XWARP_BUILD_DIR:-$XWARP_ROOT/build}"

xwarp_missing_packages() {
  local missing="" p
  for p in $XWARP_PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing="$missing $p"
    fi
  done
  echo "$missing"
}

xwarp_ensure_packages() {
  local missing
  missing="$(xwarp_missing_packages)"
  [ -z "$missing" ] && return 0
  echo "xwarp: installing:$missing"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo="sudo"
    else
      echo "xwarp: error: missing packages:$missing; install them as root (apt-get install$missing)" >&2
      exit 2
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  $sudo apt-get install -y -qq --no-install-recommends $missing
}

xwarp_build() {
  local compiler=()
  # A fresh build uses clang++-19, which the packages above guarantee (a new
  # Debian machine has no other C++ compiler); CXX overrides it.
  if [ ! -f "$XWARP_BUILD_DIR/CMakeCache.txt" ]; then
    compiler=(-DCMAKE_CXX_COMPILER="${CXX:-clang++-19}")
  fi
  cmake -S "$XWARP_ROOT" -B "$XWARP_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "${compiler[@]}" >/dev/null
  cmake --build "$XWARP_BUILD_DIR"
}
