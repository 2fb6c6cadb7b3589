#!/usr/bin/env python3
"""Regenerates the paper's tables and figures from papers/xwarp/results/.

  generate.py PAPER_DIR

Tables replace the text between `<!-- generated:NAME -->` and
`<!-- end:NAME -->` in PAPER_DIR/paper.md; figures are PNG files in
PAPER_DIR/results/figures/ drawn by gnuplot (gnuplot-nox), from the .dat files
written next to them."""
import csv
import glob
import json
import os
import re
import statistics
import subprocess
import sys

VARIANTS = ("four-map", "dataflow", "address")


def load(results):
    data = {"corpus": {}, "reports": {}}
    for v in VARIANTS:
        data["corpus"][v] = json.load(open(os.path.join(results, f"corpus-{v}.json")))
        data["reports"][v] = [json.load(open(p)) for p in sorted(glob.glob(os.path.join(results, "reports", v, "*.json")))]
    with open(os.path.join(results, "ablations.csv")) as f:
        data["ablations"] = list(csv.DictReader(f))
    data["scaling"] = json.load(open(os.path.join(results, "scaling.json")))["benchmarks"]
    data["scaling_text"] = open(os.path.join(results, "scaling.txt")).read()
    data["cbe_table"] = open(os.path.join(results, "cbe-vs-upstream.md")).read()
    data["cbe_random_table"] = open(os.path.join(results, "cbe-vs-upstream-random.md")).read()
    data["instructions"] = json.load(open(os.path.join(results, "instructions.json")))
    return data


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def variants_table(d):
    rows = []
    for v in VARIANTS:
        rs = d["corpus"][v]
        rows.append([f"`{v}`", sum(r["barriers"] for r in rs), sum(r["expected_dead"] for r in rs),
                     sum(r["removed"] for r in rs), sum(r["removed_dead"] for r in rs),
                     sum(r["unsafe"] for r in rs), sum(r["proved"] for r in rs),
                     sum(r["refuted"] for r in rs), sum(r["unknown"] for r in rs)])
    return table(["variant", "sync sites", "annotated dead", "removed", "of those annotated dead",
                  "unsafe", "proved", "refuted", "unknown"], rows)


def ablation_matrix(d):
    ablations = sorted({r["ablation"] for r in d["ablations"]} - {"none"})
    cell = {}
    for r in d["ablations"]:
        c = cell.setdefault((r["variant"], r["ablation"]), [0, 0])
        c[0] += int(r["removed"])
        c[1] += int(r["refuted"]) + int(r["delta_refuted"])
    rows = []
    for a in ["none"] + ablations:
        rows.append([f"`{a}`"] + [f"{cell[(v, a)][0]} / {cell[(v, a)][1]}" for v in VARIANTS])
    return table(["ablation", *[f"`{v}` removed / refuted" for v in VARIANTS]], rows)


def proof_table(d):
    rows = []
    for v in VARIANTS:
        deletion = [b["proof"]["ms"] for rep in d["reports"][v] for f in rep["functions"] for b in f["barriers"]
                    if b["verdict"] == "removed"]
        delta = [a["proof"]["ms"] for rep in d["reports"][v] for f in rep["functions"] for a in f["addresses"]]
        rows.append([f"`{v}`", len(deletion), f"{percentile(deletion, 50):.3f}", f"{percentile(deletion, 99):.3f}",
                     len(delta), f"{percentile(delta, 50):.3f}", f"{percentile(delta, 99):.3f}"])
    return table(["variant", "deletions", "p50 ms", "p99 ms", "rewritten addresses", "p50 ms", "p99 ms"], rows)


def scaling_runs(d):
    runs = {}
    for b in d["scaling"]:
        if b.get("run_type") != "iteration":
            continue
        m = re.match(r"(scale/([^/]+)|pipeline|o3|verifier)/(\d+)$", b["name"])
        if not m:
            continue
        name = m.group(2) or m.group(1)
        # Repetitions: the fastest one (as ScalingBench's own ratios).
        sizes, size = runs.setdefault(name, {}), int(m.group(3))
        if size not in sizes or b["cpu_time"] < sizes[size]["cpu_time"]:
            sizes[size] = b
    return runs


def scaling_table(d):
    runs = scaling_runs(d)
    sizes = sorted({s for r in runs.values() for s in r})
    rows = []
    for name in ["four-map", "dataflow", "address", "dataflow-restart", "pipeline", "o3", "verifier"]:
        if name in runs:
            rows.append([f"`{name}`"] + [f"{runs[name][s]['cpu_time']:.2f}" if s in runs[name] else "-" for s in sizes])
    text = re.sub(r"\x1b\[[0-9;]*m", "", d["scaling_text"])
    goals = [l for l in text.splitlines()
             if "goal" in l or l.startswith(("whole analysis", "with the caches emptied", "extraction alone",
                                                      "engine alone", "the IR of the kernel", "dependent loads",
                                                      "LLVM's IR verifier"))]
    return table(["pipeline / variant", *[f"{s} barriers (ms)" for s in sizes]], rows) + "\n\n" + \
        "\n".join(f"- {g}" for g in goals + instruction_growth(d, runs))


def instruction_growth(d, runs):
    """The pipeline's instructions (callgrind) against its time, per 10x, and
    the same for LLVM's IR verifier (linear work over the same IR)."""
    counts = {int(b): n for b, n in d["instructions"]["instructions"].items()}
    if not counts:
        return [f"pipeline instructions: not counted ({d['instructions'].get('skipped', 'no counts')})"]
    verifier = {int(b): n for b, n in d["instructions"].get("verifier_instructions", {}).items()}
    return growth_lines("pipeline", counts, runs.get("pipeline", {}), True) + \
        growth_lines("LLVM's IR verifier", verifier, runs.get("verifier", {}), False)


def growth_lines(what, counts, times, with_counts):
    """One line per 10x step of counts (instructions by size), with the
    time's growth beside it when times has both sizes."""
    lines = []
    sizes = sorted(counts)
    for small, large in zip(sizes, sizes[1:]):
        detail = f"{counts[small]:,} -> {counts[large]:,}, callgrind" if with_counts else "callgrind"
        text = (f"{what}: {small} -> {large} barriers executes {counts[large] / counts[small]:.1f}x the "
                f"instructions ({detail})")
        if small in times and large in times:
            text += f", in {times[large]['cpu_time'] / times[small]['cpu_time']:.1f}x the time"
        lines.append(text)
    return lines


def cbe_summary(d, table="cbe_table", name="cbe-vs-upstream.md", names=True):
    lines = d[table].splitlines()
    if not names:  # the kernels' names are in the per-kernel file
        lines = [re.sub(r" \([^()]*\.cu[^()]*\)", "", l) for l in lines]
    total = [l for l in lines if l.startswith("| **total**")]
    goal = [l for l in lines if l.startswith("cbe / upstream") or l.startswith("kernels where")]
    header = [l for l in lines if l.startswith("| kernel file")]
    return "\n".join(header[:1] + ["|---|---|---|---|---|"] + total + [""] + goal +
                     ["", f"Per kernel: `results/{name}`."])


def figures(d, out):
    os.makedirs(out, exist_ok=True)
    # Removals and refutations per ablation and variant.
    ablations = ["none"] + sorted({r["ablation"] for r in d["ablations"]} - {"none"})
    removed = {}
    for r in d["ablations"]:
        removed[(r["variant"], r["ablation"])] = removed.get((r["variant"], r["ablation"]), 0) + int(r["removed"])
    with open(os.path.join(out, "removals.dat"), "w") as f:
        f.write("ablation " + " ".join(VARIANTS) + "\n")
        for a in ablations:
            f.write(a + " " + " ".join(str(removed.get((v, a), 0)) for v in VARIANTS) + "\n")
    # Analysis time against size.
    runs = scaling_runs(d)
    with open(os.path.join(out, "scaling.dat"), "w") as f:
        for name in ["four-map", "dataflow", "address", "dataflow-restart"]:
            f.write(f"# {name}\n")
            for size, b in sorted(runs.get(name, {}).items()):
                f.write(f"{size} {b['cpu_time']}\n")
            f.write("\n\n")
    # Proof time per deletion (address): the sorted distribution.
    times = sorted(b["proof"]["ms"] for rep in d["reports"]["address"] for fn in rep["functions"]
                   for b in fn["barriers"] if b["verdict"] == "removed")
    with open(os.path.join(out, "proofs.dat"), "w") as f:
        for k, t in enumerate(times):
            f.write(f"{max(t, 1e-4)} {(k + 1) / len(times)}\n")
    # CBE: address instructions per kernel.
    with open(os.path.join(out, "cbe.dat"), "w") as f:
        for line in d["cbe_table"].splitlines():
            m = re.match(r"\| ([\w.]+\.cu) \| (\d+) / (\d+) / (\d+) / (\d+) \|", line)
            if m:
                f.write(f"{m.group(1).replace('_', '-')[:-3]} {m.group(2)} {m.group(3)} {m.group(4)}\n")
    script = f"""
set terminal pngcairo size 1000,520 font ",10"
set datafile separator whitespace
set output '{out}/removals.png'
set title 'Barriers removed on the corpus, per variant and ablation'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set xtics rotate by -35
set ylabel 'barriers removed'
set yrange [0:*]
set key top left
plot '{out}/removals.dat' using 2:xtic(1) title columnheader(2), '' using 3 title columnheader(3), '' using 4 title columnheader(4)
unset style
set style data linespoints
set output '{out}/scaling.png'
set title 'Analysis time against kernel size (synthetic kernels)'
set autoscale y
set logscale xy
set xtics norotate
set xlabel 'barriers'
set ylabel 'ms (extraction and decisions)'
plot '{out}/scaling.dat' index 0 title 'four-map', '' index 1 title 'dataflow', '' index 2 title 'address', '' index 3 title 'dataflow, full rebuild'
set output '{out}/proofs.png'
set title 'Checker time per deletion (address variant, corpus)'
set logscale x
unset logscale y
set xlabel 'ms'
set ylabel 'fraction of deletions'
plot '{out}/proofs.dat' using 1:2 with steps title 'cumulative'
set output '{out}/cbe.png'
set title 'IR address instructions per kernel'
unset logscale
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set xtics rotate by -60 font ',7'
set xlabel ''
set ylabel 'address instructions'
set yrange [0:*]
plot '{out}/cbe.dat' using 2:xtic(1) title 'none', '' using 3 title 'common-base-elim', '' using 4 title 'upstream'
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


def main():
    paper_dir = sys.argv[1]
    results = os.path.join(paper_dir, "results")
    d = load(results)
    parts = {"variants": variants_table(d), "ablations": ablation_matrix(d), "proofs": proof_table(d),
             "scaling": scaling_table(d), "cbe": cbe_summary(d),
             "cbe-random": cbe_summary(d, "cbe_random_table", "cbe-vs-upstream-random.md", names=False)}
    path = os.path.join(paper_dir, "paper.md")
    text = open(path).read()
    for name, body in parts.items():
        pattern = re.compile(rf"(<!-- generated:{name} -->\n).*?(<!-- end:{name} -->)", re.S)
        if not pattern.search(text):
            sys.exit(f"generate.py: paper.md has no <!-- generated:{name} --> section")
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    open(path, "w").write(text)
    figures(d, os.path.join(results, "figures"))
    print(f"generate.py: {len(parts)} tables into paper.md, figures in results/figures")


if __name__ == "__main__":
    main()
