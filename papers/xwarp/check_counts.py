#!/usr/bin/env python3
"""Compares the deterministic counts of the paper's experiments with the
committed expected values (expected-counts.json): barriers removed per variant
and ablation (and per kernel file for each variant), every deletion of a sound
variant proved, every ablation refuted somewhere, and Common Base
Elimination's merges and address instructions.
Timings are reported by the paper, never compared.

  check_counts.py RESULTS_DIR EXPECTED.json [--update]

RESULTS_DIR holds ablations.csv (xwarp ablate) and corpus-<variant>.json
(xwarp corpus --passes dse,cbe --verify report --json). Exit 1 on a difference,
with one line per difference."""
import csv
import json
import os
import sys


def counts(results):
    out = {"variants": {}, "ablations": {}, "removed_per_kernel": {}}
    for variant in ("four-map", "dataflow", "address"):
        rows = json.load(open(os.path.join(results, f"corpus-{variant}.json")))
        # Per kernel file as well, so that a difference names its kernel.
        out["removed_per_kernel"][variant] = {os.path.basename(r["file"]): r["removed"] for r in rows}
        out["variants"][variant] = {
            "barriers": sum(r["barriers"] for r in rows),
            "removed": sum(r["removed"] for r in rows),
            "expected_dead_removed": sum(r["removed_dead"] for r in rows),
            "unsafe": sum(r["unsafe"] for r in rows),
            "proved": sum(r["proved"] for r in rows),
            "refuted": sum(r["refuted"] for r in rows),
            "bases_merged": sum(r["bases_merged"] for r in rows),
            "address_instructions_before": sum(r["address_instructions_before"] for r in rows),
            "address_instructions_after": sum(r["address_instructions_after"] for r in rows),
            "delta_refuted": sum(r["delta_refuted"] for r in rows),
        }
    refuted = {}
    with open(os.path.join(results, "ablations.csv")) as f:
        for r in csv.DictReader(f):
            key = f"{r['variant']}/{r['ablation']}"
            entry = out["ablations"].setdefault(key, {"removed": 0})
            entry["removed"] += int(r["removed"])
            refuted[r["ablation"]] = refuted.get(r["ablation"], 0) + int(r["refuted"]) + int(r["delta_refuted"])
    # Whether each ablation is refuted on some kernel by some variant (the
    # exact number can move between refuted and unknown with solver time).
    out["refuted_somewhere"] = {a: n > 0 for a, n in sorted(refuted.items())}
    return out


def differences(expected, actual, path=""):
    if isinstance(expected, dict) and isinstance(actual, dict):
        for k in sorted(set(expected) | set(actual)):
            if k not in actual:
                yield f"{path}{k}: expected {expected[k]}, missing"
            elif k not in expected:
                yield f"{path}{k}: not expected, got {actual[k]}"
            else:
                yield from differences(expected[k], actual[k], f"{path}{k}.")
    elif expected != actual:
        yield f"{path[:-1]}: expected {expected}, got {actual}"


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    actual = counts(sys.argv[1])
    if "--update" in sys.argv:
        with open(sys.argv[2], "w") as f:
            json.dump(actual, f, indent=2, sort_keys=True)
            f.write("\n")
        print(f"wrote {sys.argv[2]}")
        return 0
    diffs = list(differences(json.load(open(sys.argv[2])), actual))
    for d in diffs:
        print(d)
    if not diffs:
        print("counts match expected-counts.json")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
