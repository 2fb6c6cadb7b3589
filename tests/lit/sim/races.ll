; The reference interpreter: s[t] written and s[t^1] read by the neighbour.
; With the barrier there is no race; without it every schedule races, and
; the neighbours race at the same word.
; RUN: %xwarp simulate %s --print-words 4 | FileCheck %s --check-prefix=SYNC
; RUN: sed -e 's/^  call void @llvm.nvvm.barrier0()//' %s > %t.ll
; RUN: %xwarp simulate %t.ll --watch 5,4 | FileCheck %s --check-prefix=RACE
; SYNC:      buffer 0: 1 0 3 2
; SYNC:      1 kernels, 6 runs: 0 races in the originals; 0 errors
; RACE:      k: race between threads {{[0-9]+}} and {{[0-9]+}} on @s+{{[0-9]+}}: k#0 (store at {{.*}}) & k#1 (load at {{.*}})
; RACE-NEXT:   the watched threads 4 and 5 race here
; RACE:      1 kernels, 6 runs: 1 races in the originals; 0 errors

; The launch the analysis is told is the one simulated: two threads write
; only words 0 and 1 (the others keep their seeded fill).
; RUN: %xwarp simulate %s --print-words 4 --block-dim 2,1,1 | FileCheck %s --check-prefix=TOLD
; TOLD:      buffer 0: 1 0 14 11

; Bad options: one line, exit 2.
; RUN: not %xwarp simulate %s --block-dim 2,1,1 --cta 4,1,1 2>&1 | FileCheck %s --check-prefix=CONTRA
; CONTRA: xwarp: error: --cta 4,1,1 contradicts --block-dim 2x1x1: the analysis would assume a launch the run does not have
; RUN: not %xwarp simulate %s --cta 0,1,1 2>&1 | FileCheck %s --check-prefix=CTA
; CTA: xwarp: error: invalid --cta '0,1,1' (expected X,Y,Z)
; RUN: not %xwarp simulate %s --cta 64,64,1 2>&1 | FileCheck %s --check-prefix=BIG
; BIG: xwarp: error: --cta gives more than 1024 threads
; RUN: not %xwarp simulate %s --fill halves 2>&1 | FileCheck %s --check-prefix=FILL
; FILL: xwarp: error: invalid --fill 'halves' (expected ints or floats)
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --schedules 0 | FileCheck %s --check-prefix=NONE
; NONE: xwarp: error: --schedules 0 runs nothing (expected at least 1)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %t, 1
  %tz = zext i32 %t to i64
  %xz = zext i32 %x to i64
  %p = getelementptr [64 x i32], ptr addrspace(3) @s, i64 0, i64 %tz
  %q = getelementptr [64 x i32], ptr addrspace(3) @s, i64 0, i64 %xz
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tz
  store i32 %v, ptr addrspace(1) %o
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
