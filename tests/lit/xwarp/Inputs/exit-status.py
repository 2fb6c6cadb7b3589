#!/usr/bin/env python3
"""exit-status.py STATUS [--absent PATH]... -- COMMAND...

Runs COMMAND, copies its stderr and stdout to stdout (stderr first), and fails
unless it exits with STATUS and none of the --absent paths exists afterwards.
"""
import os
import subprocess
import sys

args = sys.argv[1:]
split = args.index("--")
opts, cmd = args[:split], args[split + 1:]
want = int(opts[0])
absent = [opts[i + 1] for i, o in enumerate(opts) if o == "--absent"]
for p in absent:
    if os.path.exists(p):
        os.remove(p)
r = subprocess.run(cmd, capture_output=True, text=True)
sys.stdout.write(r.stderr)
sys.stdout.write(r.stdout)
if r.returncode != want:
    print(f"exit-status.py: expected exit status {want}, got {r.returncode}")
    sys.exit(1)
for p in absent:
    if os.path.exists(p):
        print(f"exit-status.py: {p} was written")
        sys.exit(1)
