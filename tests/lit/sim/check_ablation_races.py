"""For each ablation of DESIGN.md: the checker's counterexample (from the
JSON report of `xwarp opt --verify report`), then `xwarp simulate --diff`
with the same ablation and launch, watching the counterexample's two threads.
Prints one line per ablation: whether the interpreter saw the new race at
those threads (or, for popc-one-use, a different output)."""
import json
import os
import subprocess
import sys
import tempfile

XWARP, CORPUS = sys.argv[1], sys.argv[2]
CASES = [("no-waw", "shared_waw.cu", "dataflow"), ("own-address-keys", "xor_neighbor.cu", "four-map"),
         ("seed-dead-conditions", "xor_neighbor.cu", "dataflow"),
         ("element-size-gate", "xor_neighbor.cu", "dataflow"), ("exempt-splits", "syncwarp_exempt.cu", "dataflow"),
         ("shared-only", "global_exchange.cu", "dataflow")]


def run(*args):
    return subprocess.run([XWARP, *args], capture_output=True, text=True)


with tempfile.TemporaryDirectory() as tmp:
    for ablation, kernel, variant in CASES:
        path = os.path.join(CORPUS, kernel)
        report = os.path.join(tmp, "r.json")
        run("opt", path, "--variant", variant, "--ablate", ablation, "--verify", "report",
            "--block-dim", "*,1,1", "--report", report)
        cex = [b["proof"]["counterexample"] for f in json.load(open(report))["functions"] for b in f["barriers"]
               if b["proof"]["status"] == "refuted" and b["proof"]["counterexample"]
               and b["proof"]["counterexample"]["collision"]]
        if not cex:
            print(f"{ablation} {kernel}: no counterexample")
            continue
        c = cex[0]
        ntid = c["ntid"]
        lin = lambda t: t[0] + ntid[0] * (t[1] + ntid[1] * t[2])
        sim = run("simulate", path, "--diff", "--variant", variant, "--ablate", ablation,
                  "--cta", ",".join(str(d) for d in ntid), "--watch", f"{lin(c['t'])},{lin(c['t_prime'])}")
        seen = "the watched threads" in sim.stdout and "NEW race" in sim.stdout
        print(f"{ablation} {kernel}: " + ("new race at the counterexample's threads" if seen else
                                          "NOT seen at threads " + str((lin(c['t']), lin(c['t_prime'])))))
    sim = run("simulate", os.path.join(CORPUS, "syncthreads_count_used.cu"), "--diff", "--variant", "dataflow",
              "--ablate", "popc-one-use", "--fill", "floats", "--seed", "2")
    print("popc-one-use syncthreads_count_used.cu: " +
          ("output differs" if "output differs" in sim.stdout else "no difference"))
