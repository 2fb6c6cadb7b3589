; Barriers that return data, exempt intrinsics, partial barriers and exits.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare void @llvm.nvvm.exit()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; __syncthreads_count whose result is used stays, even with no memory around
; it (erratum 7: one use is data).
; CHECK-LABEL: @neg_count_used(
; CHECK:       %n = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
define void @neg_count_used(ptr %out, i32 %p) {
  %n = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
  store i32 %n, ptr %out
  ret void
}

; An unused result makes it a plain barrier: nothing above, so it goes.
; CHECK-LABEL: @pos_count_unused(
; CHECK-NOT:   @llvm.nvvm.barrier0.or
; CHECK:       ret void
define void @pos_count_unused(i32 %p) {
  %n = call i32 @llvm.nvvm.barrier0.or(i32 %p)
  store i32 1, ptr addrspace(3) @s
  ret void
}

; bar.warp.sync is warp scope: never removed, and never a separator, so the
; CTA barrier after it still sees the write above (erratum 6).
; CHECK-LABEL: @neg_warp_sync_then_barrier(
; CHECK:       store i32 %t, ptr addrspace(3) %mine
; CHECK-NEXT:  call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) %other
define void @neg_warp_sync_then_barrier() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr i32, ptr addrspace(3) @s, i64 %t64
  %o64 = add i64 %t64, 32
  %other = getelementptr i32, ptr addrspace(3) @s, i64 %o64
  store i32 %t, ptr addrspace(3) %mine
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %other
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  ret void
}

; A warp sync alone between two barriers does not make them a run.
; CHECK-LABEL: @neg_warp_sync_inside_a_run(
; CHECK:       call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) @s
define void @neg_warp_sync_inside_a_run() {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; A counted barrier orders only its participants: it stays, and it does not
; separate the regions of the CTA barrier after it.
; CHECK-LABEL: @neg_partial_is_not_a_separator(
; CHECK:       call void @llvm.nvvm.barrier.sync.cnt(i32 1, i32 64)
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_partial_is_not_a_separator() {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier.sync.cnt(i32 1, i32 64)
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; A path through exit ends there: the load after it is unreachable.
; CHECK-LABEL: @pos_exit_ends_the_path(
; CHECK:       store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.exit()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_exit_ends_the_path() {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.exit()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; Every thread gets the same result from __syncthreads_or, so a branch on it is
; uniform: the barrier on one side is not divergent, and with nothing written
; since the valued barrier it orders nothing.
; CHECK-LABEL: @pos_branch_on_valued_result(
; CHECK:       %any = call i32 @llvm.nvvm.barrier0.or(i32 %t)
; CHECK:       again:
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_branch_on_valued_result(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  %any = call i32 @llvm.nvvm.barrier0.or(i32 %t)
  %some = icmp ne i32 %any, 0
  br i1 %some, label %again, label %done
again:
  call void @llvm.nvvm.barrier0()
  %n = add nuw nsw i32 %t, 1
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %n
  %v = load i32, ptr addrspace(3) %q
  store i32 %v, ptr %out
  br label %done
done:
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @neg_count_used, !"kernel", i32 1}
!1 = !{ptr @pos_count_unused, !"kernel", i32 1}
!2 = !{ptr @neg_warp_sync_then_barrier, !"kernel", i32 1}
!3 = !{ptr @neg_warp_sync_inside_a_run, !"kernel", i32 1}
!4 = !{ptr @neg_partial_is_not_a_separator, !"kernel", i32 1}
!5 = !{ptr @pos_exit_ends_the_path, !"kernel", i32 1}
!6 = !{ptr @pos_branch_on_valued_result, !"kernel", i32 1}
