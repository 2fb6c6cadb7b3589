; common-base-elim decides on the IR alone. LLVM's ScalarEvolution keeps the
; forms it built, and their no-wrap flags depend on the order of the queries
; that built them: after dead-sync-elim's checker had asked about such
; addresses, sext(%i + %j + 3) no longer read as sext(%i + %j) + 3, and nothing
; merged. The pass now asks a ScalarEvolution of its own that reads no IR
; flags (core/FlaglessScalarEvolution); the constant comes out of the
; extension by the `add nsw` flags of the address's own instructions.
; RUN: %opt -S -passes='function(common-base-elim)' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow;verify=report>,function(common-base-elim)' %s | FileCheck %s
; RUN: %opt -S -passes='function(print<scalar-evolution>),function(common-base-elim)' %s 2>/dev/null | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @sum_then_offset(
; CHECK:       %scevcgp_0 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %e
; CHECK:       %v = load float, ptr addrspace(1) %scevcgp_0
; CHECK:       %scevcgp_0.d12 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 12
; CHECK:       store float %v, ptr addrspace(1) %scevcgp_0.d12
define ptx_kernel void @sum_then_offset(i32 %i, i32 %j, ptr addrspace(1) %a) {
  %ie = sext i32 %i to i64
  %je = sext i32 %j to i64
  %e = add nsw i64 %ie, %je
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %e
  %v = load float, ptr addrspace(1) %p
  %j3 = add nsw i32 %j, 3
  %ij3 = add nsw i32 %i, %j3
  %e3 = sext i32 %ij3 to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %e3
  store float %v, ptr addrspace(1) %q
  ret void
}
