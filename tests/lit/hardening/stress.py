"""Random kernels: llvm-stress-19 modules turned into NVPTX kernels (an
annotation, the thread id, a shared array written and read at thread-indexed
and neighbour slots, CTA barriers at random points), through the whole xwarp
pipeline with the checker. For each: no crash (exit 0), the output passes
the LLVM verifier, every deletion and rewrite is proved, and every verdict
has a reason.

  stress.py XWARP LLVM_STRESS OPT COUNT [FIRST_SEED]

Prints one summary line; exit 1 with the failing seeds listed."""
import os
import random
import re
import subprocess
import sys
import tempfile

XWARP, STRESS, OPT, COUNT = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
FIRST = int(sys.argv[5]) if len(sys.argv) > 5 else 1

PRELUDE = """target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@xw.s = internal addrspace(3) global [2048 x i32] undef
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
"""
TERMINATORS = ("br ", "ret", "switch ", "unreachable", "resume ", "indirectbr ")


def kernelize(text, seed):
    rnd = random.Random(seed)
    fn = re.search(r"define void @(\w+)\(", text).group(1)
    out, n, entry_done = [PRELUDE], 0, False
    for line in text.splitlines():
        if line.startswith(("; ModuleID", "source_filename", "target ")):
            continue
        out.append(line)
        body = line.strip()
        if not entry_done and re.match(r"^\w+:", line):
            out += ["  %xw.t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
                    "  %xw.tz = zext i32 %xw.t to i64",
                    "  %xw.nz = xor i64 %xw.tz, 1",
                    "  %xw.p = getelementptr [2048 x i32], ptr addrspace(3) @xw.s, i64 0, i64 %xw.tz",
                    "  %xw.q = getelementptr [2048 x i32], ptr addrspace(3) @xw.s, i64 0, i64 %xw.nz"]
            entry_done = True
            continue
        if not line.startswith("  ") or body.startswith(TERMINATORS) or " phi " in body or body.startswith("%") and "= phi" in body:
            continue
        r = rnd.random()
        if r < 0.15:
            out.append("  call void @llvm.nvvm.barrier0()")
        elif r < 0.25:
            out.append(f"  store i32 %xw.t, ptr addrspace(3) {rnd.choice(['%xw.p', '%xw.q'])}, align 4")
        elif r < 0.35:
            n += 1
            out.append(f"  %xw.v{n} = load i32, ptr addrspace(3) {rnd.choice(['%xw.p', '%xw.q'])}, align 4")
    out.append(f"!nvvm.annotations = !{{!900}}\n!900 = !{{ptr @{fn}, !\"kernel\", i32 1}}")
    return "\n".join(out) + "\n"


failures, removed, rewritten, unknown, rolled_back = [], 0, 0, 0, 0
with tempfile.TemporaryDirectory() as tmp:
    for seed in range(FIRST, FIRST + COUNT):
        raw = subprocess.run([STRESS, "-seed", str(seed), "-size", "60", "-o", "-"], capture_output=True,
                             text=True).stdout
        src, out, rep = (os.path.join(tmp, n) for n in ("in.ll", "out.ll", "r.json"))
        open(src, "w").write(kernelize(raw, seed))
        variant = ("four-map", "dataflow", "address")[seed % 3]
        r = subprocess.run([XWARP, "opt", src, "--variant", variant, "--passes", "dse,cbe", "--verify", "report",
                            "--block-dim", "*,1,1", "-o", out, "--report", rep], capture_output=True, text=True)
        if r.returncode != 0:
            failures.append(f"seed {seed} ({variant}): exit {r.returncode}: {r.stderr.strip()[:200]}")
            continue
        v = subprocess.run([OPT, "-passes=verify", "-disable-output", out], capture_output=True, text=True)
        if v.returncode != 0:
            failures.append(f"seed {seed}: the output fails the verifier: {v.stderr.strip()[:200]}")
            continue
        import json
        report = json.load(open(rep))
        s = report["summary"]
        # Every verdict says why (the report's and the remarks' interface).
        for f in report["functions"]:
            for b in f["barriers"]:
                if not b["reason"]:
                    failures.append(f"seed {seed} ({variant}): barrier {b['id']} of {f['name']} has no reason")
        removed += s["removed"]
        rewritten += s["addresses_rewritten"]
        # Every deletion and rewrite proved: a sound variant never makes a
        # change the checker cannot show (unknown) on these kernels either.
        # A rewrite put back (one that could read an input the original does
        # not, undef or poison) is no change.
        kept_unknown = s["delta_unknown"] + s["delta_refuted"] - s["addresses_rolled_back"]
        unknown += s["unknown"] + max(kept_unknown, 0)
        rolled_back += s["addresses_rolled_back"]
        if s["unknown"] or kept_unknown > 0:
            failures.append(f"seed {seed} ({variant}): {s['unknown']} deletions, {kept_unknown} rewrites unknown")
        if s["refuted"] or s["delta_refuted"]:
            failures.append(f"seed {seed} ({variant}): {s['refuted']} deletions, {s['delta_refuted']} rewrites refuted")
print(f"{COUNT} random kernels: {removed} barriers removed, {rewritten} addresses rewritten "
      f"({rolled_back} put back), {unknown} not proved; {len(failures)} failures")
for f in failures:
    print("  " + f)
sys.exit(1 if failures else 0)
