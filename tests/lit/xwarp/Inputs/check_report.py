#!/usr/bin/env python3
"""check_report.py REPORT.json [--kernels N]

Checks that a report agrees with itself: the summary's barrier counts are
those of the records (unchecked: deletions without a certificate), each
function's deletions are numbered 1..n in deletion_order (0 when kept), and,
with --kernels, how many functions are kernels. Prints "ok" or each problem.
"""
import json
import sys

report = json.load(open(sys.argv[1]))
want_kernels = int(sys.argv[sys.argv.index("--kernels") + 1]) if "--kernels" in sys.argv else None
summary = report["summary"]
problems = []
records = [b for f in report["functions"] for b in f["barriers"]]
removed = [b for b in records if b["verdict"] == "removed"]
counts = {
    "barriers": len(records),
    "removed": len(removed),
    "kept": sum(b["verdict"] == "kept" for b in records),
    "exempt": sum(b["verdict"] == "exempt" for b in records),
    "proved": sum(b["proof"]["status"] == "proved" for b in records),
    "refuted": sum(b["proof"]["status"] == "refuted" for b in records),
    "unknown": sum(b["proof"]["status"] == "unknown" for b in records),
    "unchecked": sum(b["proof"]["status"] == "unchecked" for b in removed),
    "kernels": sum(f["kernel"] for f in report["functions"]),
}
for key, value in counts.items():
    if summary[key] != value:
        problems.append(f"summary.{key} is {summary[key]}, the records give {value}")
for f in report["functions"]:
    orders = sorted(b["deletion_order"] for b in f["barriers"] if b["verdict"] == "removed")
    if orders != list(range(1, len(orders) + 1)):
        problems.append(f"{f['name']}: deletion orders {orders}")
    if any(b["deletion_order"] for b in f["barriers"] if b["verdict"] != "removed"):
        problems.append(f"{f['name']}: a kept barrier has a deletion order")
if want_kernels is not None and counts["kernels"] != want_kernels:
    problems.append(f"{counts['kernels']} kernels, expected {want_kernels}")
print("\n".join(problems) if problems else "ok")
