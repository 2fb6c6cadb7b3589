"""Checks the per-kernel JSON rows of `xwarp corpus --passes dse,cbe`:
every delta proof proved, none refuted or unknown, and no kernel with more
address instructions after the pipeline than before."""
import json
import sys

rows = json.load(open(sys.argv[1]))
bad = []
rewritten = 0
for r in rows:
    rewritten += r["addresses_rewritten"]
    if r["delta_refuted"] or r["delta_unknown"] or r["addresses_rolled_back"]:
        bad.append(f"{r['file']}: {r['delta_refuted']} refuted, {r['delta_unknown']} unknown")
    if r["delta_proved"] != r["addresses_rewritten"]:
        bad.append(f"{r['file']}: {r['addresses_rewritten']} rewritten, {r['delta_proved']} proved")
    if r["address_instructions_after"] > r["address_instructions_before"]:
        bad.append(f"{r['file']}: address instructions grew")
if bad or rewritten == 0:
    print("\n".join(bad) or "nothing rewritten")
    sys.exit(1)
print("every rewrite proved; no kernel worse")
