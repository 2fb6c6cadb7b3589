; Which memory traffic keeps a barrier at dataflow precision: a visible space
; written on one side and accessed on the other, in any direction.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @unknown()
declare i32 @pure(i32) memory(none)
declare i32 @reads_only(ptr) memory(argmem: read)
declare void @reads_other_writes_argument(ptr, i32) memory(read, argmem: write)

; Write-after-write across threads (erratum 1): kept.
; CHECK-LABEL: @neg_write_after_write(
; CHECK:       store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  store i32 2, ptr addrspace(3) @s
define void @neg_write_after_write() {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr addrspace(3) @s
  ret void
}

; A uniform index read then written (erratum 2): every thread reads and
; writes the same word, so the barrier orders a write-after-read race.
; CHECK-LABEL: @neg_uniform_index_read_then_write(
; CHECK:       %v = load i32, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %w = add i32 %v, 1
define void @neg_uniform_index_read_then_write(i32 %i) {
  %i64 = sext i32 %i to i64
  %p = getelementptr i32, ptr addrspace(3) @s, i64 %i64
  %v = load i32, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(3) %p
  ret void
}

; Threads of one CTA exchanging through global memory (erratum 8): kept.
; CHECK-LABEL: @neg_global_exchange(
; CHECK:       store i32 %t, ptr %mine
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %v = load i32, ptr %next
define void @neg_global_exchange(ptr %g) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr i32, ptr %g, i64 %t64
  %n64 = add i64 %t64, 1
  %next = getelementptr i32, ptr %g, i64 %n64
  store i32 %t, ptr %mine
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %next
  store i32 %v, ptr %mine
  ret void
}

; Write above and read below with nothing else (erratum 4): kept.
; CHECK-LABEL: @neg_write_above_read_below(
; CHECK:       store i32 7, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_write_above_read_below(ptr %out) {
  store i32 7, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  store i32 %v, ptr addrspace(5) null
  ret void
}

; Atomics on both sides conflict: their order is observable.
; CHECK-LABEL: @neg_atomics_both_sides(
; CHECK:       atomicrmw add ptr addrspace(3) @s, i32 1 monotonic
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_atomics_both_sides() {
  %a = atomicrmw add ptr addrspace(3) @s, i32 1 monotonic
  call void @llvm.nvvm.barrier0()
  %b = atomicrmw add ptr addrspace(3) @s, i32 1 monotonic
  ret void
}

; A call with unknown effects may touch anything.
; CHECK-LABEL: @neg_unknown_call(
; CHECK:       call void @unknown()
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_unknown_call() {
  call void @unknown()
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; Reads on both sides never conflict.
; CHECK-LABEL: @pos_read_read(
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_read_read(ptr %out) {
  %a = load i32, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  %b = load i32, ptr addrspace(3) @s
  %c = add i32 %a, %b
  %r = call i32 @reads_only(ptr addrspace(3) @s)
  ret void
}

; Shared above, global below: the spaces never alias.
; CHECK-LABEL: @pos_different_spaces(
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_different_spaces(ptr %g) {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr %g
  ret void
}

; Local memory is private to each thread; memory(none) calls touch nothing.
; CHECK-LABEL: @pos_private_and_pure(
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_private_and_pure() {
  %a = alloca i32
  store i32 1, ptr %a
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %a
  %w = call i32 @pure(i32 %v)
  store i32 %w, ptr %a
  ret void
}

; A generic pointer reaching a __shared__ variable is shared (no need to run
; infer-address-spaces first); here the other side is global.
; CHECK-LABEL: @pos_generic_pointer_resolved(
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_generic_pointer_resolved(ptr %g) {
  %p = addrspacecast ptr addrspace(3) @s to ptr
  store i32 1, ptr %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %g
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9}
!0 = !{ptr @neg_write_after_write, !"kernel", i32 1}
!1 = !{ptr @neg_uniform_index_read_then_write, !"kernel", i32 1}
!2 = !{ptr @neg_global_exchange, !"kernel", i32 1}
!3 = !{ptr @neg_write_above_read_below, !"kernel", i32 1}
!4 = !{ptr @neg_atomics_both_sides, !"kernel", i32 1}
!5 = !{ptr @neg_unknown_call, !"kernel", i32 1}
!6 = !{ptr @pos_read_read, !"kernel", i32 1}
!7 = !{ptr @pos_different_spaces, !"kernel", i32 1}
!8 = !{ptr @pos_private_and_pure, !"kernel", i32 1}
!9 = !{ptr @pos_generic_pointer_resolved, !"kernel", i32 1}

; A helper that reads other memory (a global) and writes through its pointer
; argument (clang's function-attrs: memory(read, argmem: write)). Its write
; was lost: the call counted as one read of an unknown address (campaign AM,
; a wrong deletion with a certificate). Read above, write below: kept (in a
; kernel: a device function keeps it anyway for its callers).
; CHECK-LABEL: @neg_helper_writes_through_argument(
; CHECK:       load i32, ptr addrspace(3)
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK:       call void @reads_other_writes_argument(
define ptx_kernel void @neg_helper_writes_through_argument() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = add nuw nsw i32 %t, 1
  %pn = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %n
  %x = load i32, ptr addrspace(3) %pn
  call void @llvm.nvvm.barrier0()
  %pt = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  %g = addrspacecast ptr addrspace(3) %pt to ptr
  call void @reads_other_writes_argument(ptr %g, i32 %x)
  ret void
}
