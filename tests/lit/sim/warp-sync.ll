; The reference interpreter's __syncwarp: a rendezvous of the whole warp
; orders its lanes' accesses, so s[t] written and s[t ^ D] read after it is
; no race when t ^ D is in the same warp (D = 1). Across warps (D = 32) it
; orders nothing: a race. Without the __syncwarp, or with a mask short of the
; whole warp (not modelled as ordering: more races, never fewer), a race.
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel k | FileCheck %s --check-prefix=SAME
; RUN: sed -e 's/xor i32 %%tid, 1$/xor i32 %%tid, 32/' %s > %t.far.ll
; RUN: %xwarp simulate %t.far.ll --cta 64,1,1 --kernel k | FileCheck %s --check-prefix=RACE
; RUN: sed -e 's/^  call void @llvm.nvvm.bar.warp.sync(i32 -1)//' %s > %t.none.ll
; RUN: %xwarp simulate %t.none.ll --cta 64,1,1 --kernel k | FileCheck %s --check-prefix=RACE
; RUN: sed -e 's/@llvm.nvvm.bar.warp.sync(i32 -1)/@llvm.nvvm.bar.warp.sync(i32 65535)/' %s > %t.part.ll
; RUN: %xwarp simulate %t.part.ll --cta 64,1,1 --kernel k | FileCheck %s --check-prefix=RACE
; SAME: 1 kernels, 6 runs: 0 races in the originals; 0 errors
; RACE: k: race between threads {{[0-9]+}} and {{[0-9]+}} on @s+{{[0-9]+}}: k#0 (store at {{.*}}) & k#1 (load at {{.*}})
; RACE: 1 kernels, 6 runs: 1 races in the originals; 0 errors

; A read before the __syncwarp and the neighbour's write after it are
; ordered too (the read of s[t ^ 1], then each thread writes its own s[t]).
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel war 2>&1 | FileCheck %s --check-prefix=SAME

; Lanes 0-15 meet at a __syncwarp of their own mask while the others go on to
; __syncthreads: valid CUDA, which the warp's rendezvous does not model. It
; is said so (it was reported as a deadlock).
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 64,1,1 --kernel partial \
; RUN:   | FileCheck %s --check-prefix=PARTIAL
; PARTIAL: partial (reverse): error: a warp collective whose mask leaves out live lanes is not modelled
; PARTIAL-NOT: deadlock

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.barrier0()

define void @k(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %tid, 1
  %tz = zext i32 %tid to i64
  %xz = zext i32 %x to i64
  %p = getelementptr [64 x i32], ptr addrspace(3) @s, i64 0, i64 %tz
  %q = getelementptr [64 x i32], ptr addrspace(3) @s, i64 0, i64 %xz
  store i32 %tid, ptr addrspace(3) %p
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tz
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define void @war(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %tid, 1
  %tz = zext i32 %tid to i64
  %xz = zext i32 %x to i64
  %p = getelementptr [64 x i32], ptr addrspace(3) @s, i64 0, i64 %tz
  %q = getelementptr [64 x i32], ptr addrspace(3) @s, i64 0, i64 %xz
  %v = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  store i32 %tid, ptr addrspace(3) %p
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tz
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define void @partial(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %low = icmp ult i32 %lane, 16
  br i1 %low, label %sync, label %join
sync:
  call void @llvm.nvvm.bar.warp.sync(i32 65535)
  br label %join
join:
  call void @llvm.nvvm.barrier0()
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @war, !"kernel", i32 1}
!2 = !{ptr @partial, !"kernel", i32 1}
