; Fences order one thread's accesses for other threads' strong operations.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()
declare void @llvm.nvvm.fence.proxy.async()

; No atomic or volatile operation anywhere: every fence goes.
; CHECK-LABEL: @pos_no_strong_operations(
; CHECK-NOT:   membar
; CHECK-NOT:   fence
; CHECK:       ret void
define void @pos_no_strong_operations(ptr %g) {
  store i32 1, ptr %g
  call void @llvm.nvvm.membar.gl()
  store i32 2, ptr %g
  call void @llvm.nvvm.membar.sys()
  fence seq_cst
  store i32 3, ptr %g
  ret void
}

; The last-block pattern: a fence before an atomic ticket stays.
; CHECK-LABEL: @neg_fence_before_atomic(
; CHECK:       store i32 1, ptr %g
; CHECK-NEXT:  call void @llvm.nvvm.membar.gl()
; CHECK-NEXT:  atomicrmw add
define void @neg_fence_before_atomic(ptr %g, ptr %count) {
  store i32 1, ptr %g
  call void @llvm.nvvm.membar.gl()
  %ticket = atomicrmw add ptr %count, i32 1 seq_cst
  ret void
}

; A volatile access is strong too.
; CHECK-LABEL: @neg_fence_with_volatile(
; CHECK:       call void @llvm.nvvm.membar.gl()
define void @neg_fence_with_volatile(ptr %g, ptr %flag) {
  store i32 1, ptr %g
  call void @llvm.nvvm.membar.gl()
  store volatile i32 1, ptr %flag
  ret void
}

; Strong operations inside a callee count.
define internal void @bump(ptr %count) {
  %o = atomicrmw add ptr %count, i32 1 monotonic
  ret void
}
; CHECK-LABEL: @neg_fence_with_atomic_callee(
; CHECK:       call void @llvm.nvvm.membar.gl()
define void @neg_fence_with_atomic_callee(ptr %g, ptr %count) {
  store i32 1, ptr %g
  call void @llvm.nvvm.membar.gl()
  call void @bump(ptr %count)
  ret void
}

; A fence in a device function orders its store for the strong operations of
; the code around the call: here the kernel's atomic ticket.
; CHECK-LABEL: @publish(
; CHECK:       call void @llvm.nvvm.membar.cta()
define internal void @publish(ptr %g) {
  store i32 1, ptr %g
  call void @llvm.nvvm.membar.cta()
  ret void
}
define void @neg_fence_in_callee_of_atomic_caller(ptr %g, ptr %count) {
  call void @publish(ptr %g)
  %o = atomicrmw add ptr %count, i32 1 monotonic
  ret void
}

; With no strong operation in any caller, the callee's fence goes.
; CHECK-LABEL: @quiet_publish(
; CHECK-NOT:   call void @llvm.nvvm.membar.cta()
; CHECK:       ret void
define internal void @quiet_publish(ptr %g) {
  store i32 1, ptr %g
  call void @llvm.nvvm.membar.cta()
  ret void
}
define void @pos_fence_in_callee_of_quiet_caller(ptr %g) {
  call void @quiet_publish(ptr %g)
  ret void
}

; A CTA-scope fence with no access before the next barrier adds nothing to
; the barrier's own ordering; a GPU-scope one beside it stays.
; CHECK-LABEL: @pos_cta_fence_before_barrier(
; CHECK:       store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.membar.gl()
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) @s
define void @pos_cta_fence_before_barrier(ptr %count) {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  %o = atomicrmw add ptr %count, i32 %v monotonic
  ret void
}

; Proxy fences are exempt.
; CHECK-LABEL: @neg_proxy_fence(
; CHECK:       call void @llvm.nvvm.fence.proxy.async()
define void @neg_proxy_fence() {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.fence.proxy.async()
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @pos_no_strong_operations, !"kernel", i32 1}
!1 = !{ptr @neg_fence_before_atomic, !"kernel", i32 1}
!2 = !{ptr @neg_fence_with_volatile, !"kernel", i32 1}
!3 = !{ptr @neg_fence_with_atomic_callee, !"kernel", i32 1}
!4 = !{ptr @pos_cta_fence_before_barrier, !"kernel", i32 1}
!5 = !{ptr @neg_proxy_fence, !"kernel", i32 1}
!6 = !{ptr @neg_fence_in_callee_of_atomic_caller, !"kernel", i32 1}
!7 = !{ptr @pos_fence_in_callee_of_quiet_caller, !"kernel", i32 1}
