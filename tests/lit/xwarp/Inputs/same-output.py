#!/usr/bin/env python3
"""same-output.py RUNS OUTPUT -- COMMAND...

Runs COMMAND RUNS times; each run writes OUTPUT. Fails unless every run wrote
the same OUTPUT, apart from timings (CSV columns and JSON keys whose names end
in "ms"). Addresses differ from run to run (ASLR), so this catches results
that depend on them. Prints the last output, as compared.
"""
import csv
import io
import json
import re
import subprocess
import sys


def normalized(path):
    text = open(path).read()
    if path.endswith(".csv"):
        rows = list(csv.reader(io.StringIO(text)))
        keep = [i for i, h in enumerate(rows[0]) if not h.endswith("ms")]
        return "\n".join(",".join(r[i] for i in keep) for r in rows) + "\n"
    if path.endswith(".json"):
        def strip(x):
            if isinstance(x, dict):
                return {k: strip(v) for k, v in x.items() if not re.search(r"(^|_)ms$", k)}
            if isinstance(x, list):
                return [strip(v) for v in x]
            return x
        return json.dumps(strip(json.loads(text)), indent=1, sort_keys=True) + "\n"
    return text


args = sys.argv[1:]
split = args.index("--")
runs, output, cmd = int(args[0]), args[1], args[split + 1:]
seen = None
for run in range(runs):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"run {run + 1} exited with {r.returncode}: {r.stderr.strip()}")
    now = normalized(output)
    if seen is not None and now != seen:
        diff = [f"- {a}\n+ {b}" for a, b in zip(seen.splitlines(), now.splitlines()) if a != b]
        sys.exit(f"run {run + 1} wrote a different {output}:\n" + "\n".join(diff[:5]))
    seen = now
sys.stdout.write(seen)
