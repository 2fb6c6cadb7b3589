#!/usr/bin/env python3
"""check_layout.py ROOT layering|readmes: structural checks of the source tree."""
import os
import re
import sys

root, what = sys.argv[1], sys.argv[2]
FOLDERS = ["model", "core", "passes", "verify", "sim", "tools/xwarp", "bench"]
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
# folder -> include prefixes it must not use
FORBIDDEN = {
    "model": ["llvm/", "z3", "core/", "passes/", "verify/", "boost/"],
    "core": ["z3", "passes/", "verify/"],
    "verify": ["passes/", "core/"],
    "passes": ["z3"],
    "tools/xwarp": ["z3"],
    # The reference semantics must not share the model's or the passes' view.
    "sim": ["z3", "model/", "core/", "passes/", "verify/"],
}

def sources(folder):
    d = os.path.join(root, folder)
    return sorted(f for f in os.listdir(d) if f.endswith((".h", ".cpp", ".h.in")))

problems = []
if what == "layering":
    for folder, bad in FORBIDDEN.items():
        for f in sources(folder):
            text = open(os.path.join(root, folder, f)).read()
            for inc in INCLUDE.findall(text):
                if any(inc.startswith(b) for b in bad):
                    problems.append(f"{folder}/{f} includes {inc}")
elif what == "readmes":
    for folder in FOLDERS:
        readme = os.path.join(root, folder, "README.md")
        if not os.path.exists(readme):
            problems.append(f"{folder}/README.md is missing")
            continue
        text = open(readme).read()
        named = set(re.findall(r"`([A-Za-z0-9_.]+)`", text))
        expanded = set()
        for n in named:  # "X.h/.cpp" is written `X.h/.cpp`
            expanded.add(n)
        for m in re.findall(r"`([A-Za-z0-9_]+)\.h/\.cpp`", text):
            expanded.update({m + ".h", m + ".cpp"})
        files = set(sources(folder))
        for f in sorted(files - expanded):
            problems.append(f"{folder}/README.md does not mention {f}")
        for n in sorted(x for x in expanded if x.endswith((".h", ".cpp", ".h.in")) and x not in files):
            problems.append(f"{folder}/README.md names {n}, which does not exist")
else:
    sys.exit("unknown check " + what)
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
