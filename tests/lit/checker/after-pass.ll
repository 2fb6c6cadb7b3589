; -xwarp-check-after-passes re-checks every run of an xwarp pass inside opt
; (as Alive2's tv does) and prints a certificate per deletion.
; RUN: %opt -disable-output -xwarp-check-after-passes -passes='dead-sync-elim<dataflow>' %s 2>&1 | FileCheck %s
; RUN: %opt -disable-output -xwarp-check-after-passes -passes='dead-sync-elim<dataflow;ablate=no-waw>' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ABLATED
; CHECK: xwarp-check: k: llvm.nvvm.barrier0 at <unknown> removed by {{.*}}DeadSyncElimPass: proved
; CHECK-NOT: refuted
; ABLATED: xwarp-check: k: llvm.nvvm.barrier0 at <unknown> removed by {{.*}}DeadSyncElimPass: refuted

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()

define void @k() {
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr addrspace(3) @s
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
