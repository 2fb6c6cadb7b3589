#!/usr/bin/env python3
"""check_refutation.py REPORT.json

Passes when the report has at least one refuted deletion whose
counterexample is a collision that the model's evaluator replayed: two
different threads inside the launch whose byte offsets into the same object
overlap. Prints the refutations it found.
"""
import json
import sys

report = json.load(open(sys.argv[1]))
found = 0
for f in report["functions"]:
    for b in f["barriers"]:
        p = b["proof"]
        if p["status"] != "refuted":
            continue
        c = p["counterexample"]
        print(f"refuted {f['name']} line {b['loc']['line'] if b['loc'] else '?'}: {p['reason']}")
        if not c or not c["collision"]:
            continue
        t, u, n = c["t"], c["t_prime"], c["ntid"]
        assert t != u, "the threads must differ"
        assert all(0 <= t[i] < n[i] and 0 <= u[i] < n[i] for i in range(3)), "threads inside the launch"
        assert c["replayed"], "the evaluator must replay the collision"
        print(f"  collision: t={t} t'={u} ntid={n} {c['object']}+{c['offset_above']} / +{c['offset_below']}")
        found += 1
if not found:
    sys.exit("no replayed collision among the refutations")
print(f"{found} replayed collision(s)")
