#!/usr/bin/env bash
# scripts/instruction-growth.sh: counts, with Callgrind, the instructions one
# analysis of a synthetic kernel executes (extraction, decisions, freeing the
# model) at two sizes, and prints the ratios: the paper's evidence that the
# analysis's work grows linearly while its time does not.
#   scripts/instruction-growth.sh [VARIANT [SMALL BIG]]   (default: four-map 1000 10000)
# Needs valgrind (Debian package valgrind); takes a few minutes.
set -euo pipefail
source "$(dirname "$0")/common.sh"
variant="${1:-four-map}" small="${2:-1000}" big="${3:-10000}"
command -v valgrind >/dev/null || { echo "instruction-growth: error: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
xwarp_ensure_packages
xwarp_build >/dev/null
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
for n in "$small" "$big"; do
  echo "instruction-growth: $variant at $n barriers under Callgrind" >&2
  valgrind --tool=callgrind --callgrind-out-file="$dir/$n.out" \
    --toggle-collect='*extractFunction*' --toggle-collect='*namespace)::decide*' \
    --toggle-collect='*~ExtractedFunction*' \
    "$XWARP_BUILD_DIR/bench/ScalingBench" --max-barriers "$n" \
    --benchmark_filter="^scale/$variant/$n\$" --benchmark_min_time=1x >/dev/null 2>&1
done
python3 - "$dir" "$variant" "$small" "$big" <<'PY'
import re, sys
from collections import Counter
d, variant, small, big = sys.argv[1:]
parts = {"extraction": "extractFunction(", "decisions": "namespace)::decide(",
         "freeing the model": "ExtractedFunction::~ExtractedFunction"}
def per_call(path):
    """Inclusive instructions per call of each part, from the call records."""
    names, calls, incl, cur = {}, Counter(), Counter(), None
    lines = open(path).read().split("\n")
    for i, l in enumerate(lines):
        m = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", l)
        if m:
            if m.group(2):
                names[m.group(1)] = m.group(2)
            cur = m.group(1) if l.startswith("cfn") else None
            continue
        if l.startswith("calls=") and cur:
            calls[cur] += int(l.split()[0][6:])
            incl[cur] += int(lines[i + 1].split()[1])
            cur = None
    out = {}
    for part, key in parts.items():
        ids = [k for k, n in names.items() if key in n and calls[k]]
        out[part] = sum(incl[k] for k in ids) / sum(calls[k] for k in ids)
    return out
a, b = per_call(f"{d}/{small}.out"), per_call(f"{d}/{big}.out")
print(f"{variant}: instructions per analysis, {small} -> {big} barriers")
for part in parts:
    print(f"  {part:18s} {a[part]/1e6:9.2f}M -> {b[part]/1e6:9.2f}M  {b[part]/a[part]:5.1f}x")
ta, tb = sum(a.values()), sum(b.values())
print(f"  {'whole analysis':18s} {ta/1e6:9.2f}M -> {tb/1e6:9.2f}M  {tb/ta:5.1f}x")
PY
