#!/usr/bin/env python3
"""check_corpus.py -- sanity checks for the xwarp CUDA test corpus.

For every corpus/*.cu file:
  * compiles it exactly as the corpus is meant to be compiled (clang-19, device
    only, sm_80, -O2 -gline-tables-only, force-included include/xwarp_cuda.h) and
    fails on any diagnostic (warning or error);
  * checks that the file starts with a comment block;
  * checks that every source line calling __syncthreads*, __barrier_sync, __syncwarp or
    __threadfence* carries exactly one well-formed annotation
        // EXPECT: keep|dead|exempt -- <reason>
    at the end of the line, that no annotation sits on a line without such a
    call, that __syncwarp is exempt and nothing else is;
  * checks, through the debug locations of the emitted IR (following inlinedAt
    to the outermost location), that every annotated line holds exactly one
    barrier/fence intrinsic call and that no barrier/fence intrinsic lacks an
    annotation (so clang neither deleted nor duplicated an annotated barrier).

Usage: python3 corpus/check_corpus.py [--table] [FILE.cu ...]
  --table  also print one summary line per file (used for README.md).
Exit status is non-zero if any check fails.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, "include", "xwarp_cuda.h")
CLANG = os.environ.get("CLANG", "clang-19")
# Same as xwarp's own compile: no CUDA SDK, PTX 8.0 pinned (see tools/xwarp/InputLoader.cpp).
FLAGS = ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "--cuda-path=/nonexistent-cuda-sdk",
         "-Xclang", "-target-feature", "-Xclang", "+ptx80", "-nocudainc", "-nocudalib",
         "-include", HEADER, "-Wno-unknown-cuda-version", "-O2", "-gline-tables-only", "-S", "-emit-llvm"]

CALL_RE = re.compile(r"\b(__syncthreads(?:_count|_and|_or)?|__barrier_sync|__syncwarp|__threadfence(?:_block|_system)?)\s*\(")
ANNOT_RE = re.compile(r"// EXPECT: (keep|dead|exempt) -- (\S.*)$")
ANY_EXPECT_RE = re.compile(r"EXPECT:")
INTR_RE = re.compile(r"call [^@]*@(llvm\.nvvm\.(?:barrier0(?:\.popc|\.and|\.or)?|barrier\.sync\w*|"
                     r"barrier\.cta\.\w+|bar\.sync|bar\.warp\.sync|membar\.(?:cta|gl|sys)|fence\.[\w.]+))\("
                     r".*!dbg (!\d+)")
DILOC_RE = re.compile(r"^(!\d+) = (?:distinct )?!DILocation\(line: (\d+)(?:, column: \d+)?, scope: (!\d+)(?:, inlinedAt: (!\d+))?")


def strip_comment(line):
    # crude: drop // comments (the corpus does not put // inside string literals)
    i = line.find("//")
    return line if i < 0 else line[:i]


def check_file(path):
    errors = []
    src = open(path).read().splitlines()
    if not src or not (src[0].startswith("//") or src[0].startswith("/*")):
        errors.append("file does not start with a comment block")
    annotated = {}  # line -> (verdict, callname)
    for no, line in enumerate(src, 1):
        code = strip_comment(line)
        calls = CALL_RE.findall(code)
        has_expect = ANY_EXPECT_RE.search(line) is not None and "// EXPECT:" in line
        if calls:
            if len(calls) > 1:
                errors.append(f"line {no}: more than one barrier/fence call on one line")
            m = ANNOT_RE.search(line)
            if not m:
                errors.append(f"line {no}: barrier/fence call without a well-formed '// EXPECT: ... -- reason'")
                continue
            verdict = m.group(1)
            name = calls[0]
            if name == "__syncwarp" and verdict != "exempt":
                errors.append(f"line {no}: __syncwarp must be annotated exempt")
            if name != "__syncwarp" and verdict == "exempt":
                errors.append(f"line {no}: only __syncwarp may be exempt")
            annotated[no] = (verdict, name)
        elif has_expect and code.strip():
            errors.append(f"line {no}: EXPECT annotation on a line without a barrier/fence call")

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.ll")
        p = subprocess.run([CLANG] + FLAGS + [path, "-o", out], capture_output=True, text=True)
        if p.returncode != 0 or p.stderr.strip():
            errors.append("compiler diagnostics:\n" + p.stderr.strip())
            if p.returncode != 0:
                return errors, annotated
        ir = open(out).read().splitlines()

    locs = {}
    for l in ir:
        m = DILOC_RE.match(l)
        if m:
            locs[m.group(1)] = (int(m.group(2)), m.group(4))
    seen = {}
    for l in ir:
        m = INTR_RE.search(l)
        if not m:
            continue
        ref = m.group(2)
        line, parent = locs[ref]
        while parent is not None:  # follow inlinedAt to the outermost location
            line, parent = locs[parent]
        seen.setdefault(line, []).append(m.group(1))
    for line, names in sorted(seen.items()):
        if line not in annotated:
            errors.append(f"IR: {names} at line {line}, which has no annotation")
        elif len(names) != 1:
            errors.append(f"IR: line {line} holds {len(names)} barrier/fence calls: {names}")
    for line in sorted(annotated):
        if line not in seen:
            errors.append(f"IR: annotated line {line} has no barrier/fence call in the IR")
    return errors, annotated


def main(argv):
    table = "--table" in argv
    files = [a for a in argv if not a.startswith("--")]
    if not files:
        files = sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".cu"))
    bad = 0
    tot = {"keep": 0, "dead": 0, "exempt": 0}
    for f in files:
        errors, ann = check_file(f)
        c = {"keep": 0, "dead": 0, "exempt": 0}
        barriers = fences = warps = 0
        for verdict, name in ann.values():
            c[verdict] += 1
            tot[verdict] += 1
            if name.startswith("__threadfence"):
                fences += 1
            elif name == "__syncwarp":
                warps += 1
            else:
                barriers += 1
        if errors:
            bad += 1
            print(f"FAIL {os.path.basename(f)}")
            for e in errors:
                print("   " + e)
        elif table:
            extra = "".join([f", {warps} __syncwarp" if warps else "", f", {fences} fence{'s' if fences != 1 else ''}" if fences else ""])
            print(f"{os.path.basename(f)}: {barriers} CTA barriers{extra}; "
                  f"keep {c['keep']}, dead {c['dead']}, exempt {c['exempt']}")
    print(f"{len(files)} files, {bad} failing; annotated keep {tot['keep']}, dead {tot['dead']}, "
          f"exempt {tot['exempt']}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
