; -xwarp-check-after-passes checks a dead-sync-elim pass's deletions under the
; block-dim the pass itself assumed: s[threadIdx.x] is each thread's own slot
; only in 1D blocks, so under any launch the deletion would be refuted.
; -xwarp-check-block-dim still decides when given, and passes that assume
; different launches need it.
; RUN: %opt -disable-output -xwarp-check-after-passes -passes='dead-sync-elim<address;block-dim=*x1x1>' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=OWN
; RUN: %opt -disable-output -xwarp-check-after-passes -xwarp-check-block-dim='*x*x*' \
; RUN:   -passes='dead-sync-elim<address;block-dim=*x1x1>' %s 2>&1 | FileCheck %s --check-prefix=GIVEN
; RUN: %opt -disable-output -xwarp-check-after-passes -passes='dead-sync-elim<address;block-dim=*x1x1>,basic-dbe' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=OWN
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 --absent %t.ll -- %opt -S -o %t.ll -xwarp-check-after-passes \
; RUN:   -passes='dead-sync-elim<address;block-dim=*x1x1>,dead-sync-elim<four-map>' %s | FileCheck %s --check-prefix=DIFFER
; RUN: %opt -disable-output -xwarp-check-after-passes -xwarp-check-block-dim='*x1x1' \
; RUN:   -passes='dead-sync-elim<address;block-dim=*x1x1>,dead-sync-elim<four-map>' %s 2>&1 | FileCheck %s --check-prefix=OWN
; OWN: xwarp-check: k: llvm.nvvm.barrier0 at <unknown> removed by {{.*}}DeadSyncElimPass: proved
; OWN-NOT: refuted
; GIVEN: xwarp-check: k: llvm.nvvm.barrier0 at <unknown> removed by {{.*}}DeadSyncElimPass: refuted (threads collide
; DIFFER: xwarp: error: -xwarp-check-after-passes: the pipeline's dead-sync-elim passes assume different block-dims; give the launch to check with -xwarp-check-block-dim

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
