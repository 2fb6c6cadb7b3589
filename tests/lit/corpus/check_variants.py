#!/usr/bin/env python3
"""check_variants.py FOUR_MAP.json DATAFLOW.json ADDRESS.json

Compares the per-file rows of `xwarp corpus --json` for the three variants:
- no variant removes a barrier marked keep, and every annotation matches;
- the checker proves every deletion (none refuted, none unknown);
- address removes at least as many barriers as dataflow and as four-map in
  every file (address asks a strictly finer question than both);
- address removes every barrier marked dead in the files whose reason is
  cross-thread disjointness (private slots, strided slots, restrict objects,
  read-only regions);
- four-map and dataflow are incomparable (per-block address classes against
  function-wide per-space flags): the files where they differ are printed.
"""
import json
import os
import sys

DISJOINTNESS_FILES = [
    "private_slot_staging.cu", "private_slot_strided.cu", "private_slot_flat_tid.cu",
    "tile2d_from_flat.cu", "tile2d_fixed_dims.cu", "restrict_global_disjoint.cu",
    "readonly_shared_table.cu", "byte_overlap_char_view.cu",
]

rows = {}
for name, path in zip(["four-map", "dataflow", "address"], sys.argv[1:4]):
    rows[name] = {os.path.basename(r["file"]): r for r in json.load(open(path))}

problems = []
for variant, table in rows.items():
    for f, r in table.items():
        if r["unsafe"] or r["mismatch"]:
            problems.append(f"{variant}: {f}: {r['unsafe']} unsafe, {r['mismatch']} mismatches")
        if r["proved"] != r["removed"] or r["refuted"] or r["unknown"]:
            problems.append(f"{variant}: {f}: {r['removed']} removed but {r['proved']} proved, "
                            f"{r['refuted']} refuted, {r['unknown']} unknown")

for f in sorted(rows["address"]):
    a, d, m = (rows[v][f]["removed"] for v in ("address", "dataflow", "four-map"))
    if a < d or a < m:
        problems.append(f"{f}: address removed {a}, dataflow {d}, four-map {m}")
    if m != d:
        print(f"four-map and dataflow differ on {f}: four-map {m}, dataflow {d}")

for f in DISJOINTNESS_FILES:
    r = rows["address"].get(f)
    if r is None:
        problems.append(f"{f}: missing from the corpus")
    elif r["removed_dead"] != r["expected_dead"]:
        problems.append(f"{f}: address removed {r['removed_dead']} of {r['expected_dead']} dead barriers")

totals = {v: sum(r["removed_dead"] for r in t.values()) for v, t in rows.items()}
print("removed dead barriers: " + ", ".join(f"{v} {n}" for v, n in totals.items()))
proved = {v: sum(r["proved"] for r in t.values()) for v, t in rows.items()}
print("proved deletions: " + ", ".join(f"{v} {n}" for v, n in proved.items()))
for p in problems:
    print("PROBLEM: " + p)
sys.exit(1 if problems else 0)
