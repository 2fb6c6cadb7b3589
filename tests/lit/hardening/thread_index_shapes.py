#!/usr/bin/env python3
"""thread_index_shapes.py XWARP N SEED

Writes N kernels whose only shared-memory slot is s[cx*x + cy*y + cz*z]
(random coefficients, some near the thread limits), each written, then a
barrier, then written again, and runs `XWARP opt --variant address` on each
under a random --block-dim. Checks every removal against a brute force over
the launches CUDA allows (x, y <= 1024, z <= 64, x*y*z <= 1024, the fixed
dimensions as given): a removal where two threads of one launch share the
slot is unsound. Prints one line; exit 1 on an unsound removal.
"""
import os
import random
import subprocess
import sys
import tempfile

LIMITS = (1024, 1024, 64)
POOL = [0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 255, 256,
        511, 512, 513, 1000, 1023, 1024, 1025, 2048, 4096, 100000]
SHAPES = [(None, None, None), (32, None, None), (None, None, 2), (None, 32, None), (16, 16, None),
          (1024, None, None), (None, 512, None), (8, 8, None), (None, None, 64)]


def shared_slot(c, fixed):
    """Whether two threads of some allowed launch agree on c . t."""
    for dz in range(-63, 64):
        for dy in range(-1023, 1024):
            rest = c[1] * dy + c[2] * dz
            if c[0] == 0:
                if rest:
                    continue
                dxs = [0] if (dy or dz) else [1]
            elif rest % c[0]:
                continue
            else:
                dxs = [-rest // c[0]]
            for dx in dxs:
                d = (dx, dy, dz)
                if d == (0, 0, 0):
                    continue
                dims = []
                for k in range(3):
                    need = abs(d[k]) + 1
                    dim = fixed[k] if fixed[k] is not None else need
                    if need > dim or dim > LIMITS[k]:
                        break
                    dims.append(dim)
                if len(dims) == 3 and dims[0] * dims[1] * dims[2] <= 1024:
                    return True
    return False


def kernel(c):
    return f"""target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@s = internal addrspace(3) global [1048576 x i32] undef
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
define ptx_kernel void @k() {{
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %xw = zext i32 %x to i64
  %yw = zext i32 %y to i64
  %zw = zext i32 %z to i64
  %ax = mul i64 %xw, {c[0]}
  %ay = mul i64 %yw, {c[1]}
  %az = mul i64 %zw, {c[2]}
  %axy = add i64 %ax, %ay
  %i = add i64 %axy, %az
  %p = getelementptr i32, ptr addrspace(3) @s, i64 %i
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr addrspace(3) %p
  ret void
}}
"""


def main():
    xwarp, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    removed = unsound = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "k.ll")
        for _ in range(count):
            c = [rng.choice(POOL) * rng.choice([1, 1, 1, -1]) for _ in range(3)]
            fixed = rng.choice(SHAPES)
            with open(path, "w") as f:
                f.write(kernel(c))
            dims = ",".join("*" if d is None else str(d) for d in fixed)
            run = subprocess.run([xwarp, "opt", path, "-o", "/dev/null", "--variant", "address",
                                  "--block-dim", dims], capture_output=True, text=True)
            if run.returncode != 0:
                print(f"xwarp failed on {c} {dims}: {run.stderr.strip()}")
                return 1
            gone = ": 1 synchronization sites, 1 removed" in run.stdout + run.stderr
            removed += gone
            if gone and shared_slot(c, fixed):
                unsound += 1
                print(f"unsound removal: s[{c[0]}*x + {c[1]}*y + {c[2]}*z] under --block-dim {dims}")
    print(f"{count} index shapes: {removed} barriers removed, {unsound} unsound")
    return 1 if unsound else 0


if __name__ == "__main__":
    sys.exit(main())
