; Every extern __shared__ array starts at the CTA's dynamic shared memory, so
; two of them are one object whatever their names and element types (LLVM's
; alias analysis takes two declarations for two objects). Thread t + 1 writes
; @ints[t + 1] and thread t reads the same bytes as @floats[t + 1]: kept.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; The interpreter lays them out the same way: without the barrier they race.
; RUN: %xwarp simulate %s --schedules 1 --kernel neg_two_views_race | FileCheck %s --check-prefix=SIM
; SIM: neg_two_views_race: race between threads {{[0-9]+}} and {{[0-9]+}} on @ints+{{[0-9]+}}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@ints = external addrspace(3) global [0 x i32]
@floats = external addrspace(3) global [0 x float]

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: @neg_two_views(
; CHECK:       store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_two_views(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [0 x i32], ptr addrspace(3) @ints, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %t1 = add nuw nsw i32 %t, 1
  %q = getelementptr inbounds [0 x float], ptr addrspace(3) @floats, i32 0, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %o
  ret void
}

; The same kernel without its barrier.
define ptx_kernel void @neg_two_views_race(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [0 x i32], ptr addrspace(3) @ints, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  %t1 = add nuw nsw i32 %t, 1
  %q = getelementptr inbounds [0 x float], ptr addrspace(3) @floats, i32 0, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %o
  ret void
}
