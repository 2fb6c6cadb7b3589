#!/usr/bin/env python3
"""Counts the instructions the whole xwarp pipeline executes on the synthetic
kernels of ScalingBench, under valgrind's callgrind.

  count_instructions.py XWARP SCALING_BENCH OUT_JSON [BARRIERS...]

The pipeline is `xwarp opt --passes dse,cbe --verify report --block-dim
'*,1,1'` (ScalingBench's pipeline/<barriers>); only the instructions inside
xwarp::tools::runPipeline count, not parsing or printing the IR. An
instruction count does not depend on caches or on other load on the machine,
so its growth with the kernel's size is the work's growth; set beside the
time's growth (pipeline/<barriers> in scaling.txt) it tells how much of that
is the memory hierarchy. Without valgrind the JSON says so and has no counts."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def count(xwarp, kernel, work):
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=xwarp::tools::runPipeline*",
                    f"--callgrind-out-file={out}", xwarp, "opt", kernel, "--passes", "dse,cbe", "--verify",
                    "report", "--block-dim", "*,1,1", "-o", os.devnull],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        m = re.search(r"^summary: (\d+)", f.read(), re.M)
    if not m:
        sys.exit(f"count_instructions.py: no summary in callgrind's output for {kernel}")
    return int(m.group(1))


def main():
    xwarp, bench, out = sys.argv[1:4]
    sizes = [int(b) for b in sys.argv[4:]] or [100, 1000, 10000]
    result = {"pipeline": "xwarp opt --passes dse,cbe --verify report --block-dim '*,1,1'",
              "counted": "instructions inside xwarp::tools::runPipeline (callgrind Ir)", "instructions": {}}
    if not shutil.which("valgrind"):
        result["skipped"] = "valgrind is not installed"
    else:
        with tempfile.TemporaryDirectory() as work:
            for b in sizes:
                kernel = os.path.join(work, f"kernel-{b}.ll")
                with open(kernel, "w") as f:
                    subprocess.run([bench, "--emit-kernel", str(b)], check=True, stdout=f)
                result["instructions"][str(b)] = count(xwarp, kernel, work)
    with open(out, "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")


main()
