#!/usr/bin/env bash
# papers/xwarp/reproduce.sh: from a fresh clone, installs what is missing
# (the build's packages, gnuplot-nox and valgrind), builds xwarp, and regenerates every
# result of the paper under papers/xwarp/results/: the corpus runs of the three
# variants, the ablation experiment, per-kernel reports (proof times), the
# comparison of Common Base Elimination with upstream LLVM (on the corpus and
# on 200 seeded random kernels), the scaling
# benchmark and the pipeline's instruction counts (valgrind); then checks the deterministic counts against expected-counts.json
# and rewrites the generated tables of paper.md and the figures.
#   papers/xwarp/reproduce.sh
# XWARP_PAPER_MAX_BARRIERS (default 10000) bounds the scaling benchmark.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../../scripts/common.sh"
XWARP_PACKAGES="$XWARP_PACKAGES gnuplot-nox valgrind"
xwarp_ensure_packages
xwarp_build

bin="$XWARP_BUILD_DIR/bin/xwarp"
bench="$XWARP_BUILD_DIR/bench"
corpus="$XWARP_ROOT/corpus"
results="$here/results"
rm -rf "$results"
mkdir -p "$results/reports"

step() { echo "reproduce: $*" >&2; }

for variant in four-map dataflow address; do
  step "corpus, $variant"
  "$bin" corpus "$corpus" --variant "$variant" --passes dse,cbe --verify report \
    --json "$results/corpus-$variant.json" >"$results/corpus-$variant.txt"
  mkdir -p "$results/reports/$variant"
  for f in "$corpus"/*.cu; do
    # The launch a kernel's verdicts assume (xwarp corpus reads it itself).
    dims="$(sed -n 's|.*XWARP-BLOCK-DIM: *\([^ ]*\).*|\1|p' "$f" | head -1)"
    "$bin" opt "$f" --variant "$variant" --passes dse,cbe --verify report ${dims:+--block-dim "$dims"} \
      --report "$results/reports/$variant/$(basename "$f" .cu).json" >/dev/null
  done
done

step "ablations"
"$bin" ablate "$corpus" --output "$results/ablations.csv" >"$results/ablations.txt"

step "common-base-elim against upstream LLVM"
"$bench/CbeBench" --table "$results/cbe-vs-upstream.md" --benchmark_min_time=0.05 \
  --benchmark_out="$results/cbe-times.json" --benchmark_out_format=json >/dev/null

step "common-base-elim against upstream LLVM, 200 random kernels"
# Outside the corpus: kernels of tests/lit/hardening/random_cuda.py, seeded,
# so the run is the same on every machine (no times are taken).
random_kernels="$(mktemp -d)"
trap 'rm -rf "$random_kernels"' EXIT
python3 "$XWARP_ROOT/tests/lit/hardening/random_cuda.py" "$random_kernels" 200 52000 >/dev/null
"$bench/CbeBench" --corpus "$random_kernels" --table "$results/cbe-vs-upstream-random.md" \
  --benchmark_filter=NONE >/dev/null 2>&1

step "scaling (up to ${XWARP_PAPER_MAX_BARRIERS:-10000} barriers)"
"$bench/ScalingBench" --max-barriers "${XWARP_PAPER_MAX_BARRIERS:-10000}" --benchmark_min_time=0.1 \
  --benchmark_repetitions=3 --benchmark_enable_random_interleaving=true \
  --benchmark_out="$results/scaling.json" --benchmark_out_format=json --benchmark_color=false \
  >"$results/scaling.txt"

step "instructions the pipeline executes (callgrind)"
python3 "$here/count_instructions.py" "$bin" "$bench/ScalingBench" "$results/instructions.json" \
  100 1000 $(( ${XWARP_PAPER_MAX_BARRIERS:-10000} >= 10000 ? 10000 : 1000 ))

step "counts"
python3 "$here/check_counts.py" "$results" "$here/expected-counts.json"

step "tables and figures"
python3 "$here/generate.py" "$here"
