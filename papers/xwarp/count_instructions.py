#!/usr/bin/env python3
"""Counts the instructions the whole xwarp pipeline executes on the synthetic
kernels of ScalingBench, under valgrind's callgrind.

  count_instructions.py XWARP SCALING_BENCH OUT_JSON [BARRIERS...]

The pipeline is `xwarp opt --passes dse,cbe --verify strict --block-dim
'*,1,1'` (ScalingBench's pipeline/<barriers>); only the instructions inside
xwarp::tools::runPipeline count, not parsing or printing the IR. An
instruction count does not depend on caches or on other load on the machine,
so its growth with the kernel's size is the work's growth; set beside the
time's growth (pipeline/<barriers> in scaling.txt) it tells how much of that
is the memory hierarchy. LLVM's IR verifier is counted beside it (linear work
over the same IR: ScalingBench's verifier/<barriers>). Without valgrind the
JSON says so and has no counts."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def count(function, command, kernel, work):
    """Instructions executed inside function (and what it calls) by command."""
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--toggle-collect={function}",
                    f"--callgrind-out-file={out}", *command],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        m = re.search(r"^summary: (\d+)", f.read(), re.M)
    if not m:
        sys.exit(f"count_instructions.py: no summary in callgrind's output for {kernel}")
    return int(m.group(1))


def opt_binary():
    """opt-19, which runs LLVM's IR verifier alone (ScalingBench's verifier/<barriers>)."""
    bindir = subprocess.run(["llvm-config-19", "--bindir"], capture_output=True, text=True).stdout.strip()
    for candidate in [os.path.join(bindir, "opt") if bindir else "", shutil.which("opt-19") or ""]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def main():
    xwarp, bench, out = sys.argv[1:4]
    sizes = [int(b) for b in sys.argv[4:]] or [100, 1000, 10000]
    result = {"pipeline": "xwarp opt --passes dse,cbe --verify strict --block-dim '*,1,1'",
              "counted": "instructions inside xwarp::tools::runPipeline (callgrind Ir)", "instructions": {},
              "verifier": "opt-19 -passes=verify: instructions inside llvm::verifyModule (callgrind Ir), "
                          "linear work over the same IR for reference",
              "verifier_instructions": {}}
    opt = opt_binary()
    if not shutil.which("valgrind"):
        result["skipped"] = "valgrind is not installed"
    else:
        with tempfile.TemporaryDirectory() as work:
            for b in sizes:
                kernel = os.path.join(work, f"kernel-{b}.ll")
                with open(kernel, "w") as f:
                    subprocess.run([bench, "--emit-kernel", str(b)], check=True, stdout=f)
                result["instructions"][str(b)] = count(
                    "xwarp::tools::runPipeline*",
                    [xwarp, "opt", kernel, "--passes", "dse,cbe", "--verify", "strict", "--block-dim", "*,1,1",
                     "-o", os.devnull], kernel, work)
                if opt:
                    result["verifier_instructions"][str(b)] = count(
                        "llvm::verifyModule*", [opt, "-passes=verify", kernel, "-disable-output"], kernel, work)
    with open(out, "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")


main()
