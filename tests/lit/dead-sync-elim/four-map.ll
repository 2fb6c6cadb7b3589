; four-map: per-block regions keyed by address class, made sound: a block
; boundary (other than kernel entry/exit) stands for unknown accesses, and
; write-after-write counts.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s --check-prefixes=ALL,FOUR
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s --check-prefixes=ALL,FLOW

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a = internal addrspace(3) global [256 x i32] undef
@b = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.membar.cta()

; Distinct __shared__ arrays in one block: different classes. four-map
; removes the barrier; dataflow's per-space flags cannot tell the arrays
; apart. (The two are incomparable: see the next function for the converse.)
; ALL-LABEL: @distinct_classes(
; FOUR-NOT:  call void @llvm.nvvm.barrier0()
; FLOW:      call void @llvm.nvvm.barrier0()
; ALL:       ret void
define void @distinct_classes(ptr %out) {
  store i32 1, ptr addrspace(3) @a
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @b
  store i32 %v, ptr %out
  ret void
}

; Reads on both sides, but across a block edge: for four-map the edge is an
; unknown access of every kind, so the barrier stays; dataflow sees read/read.
; ALL-LABEL: @block_edge(
; ALL:       next:
; FOUR-NEXT: call void @llvm.nvvm.barrier0()
; FLOW-NEXT: %w = load
define void @block_edge(i1 %c) {
entry:
  %v = load i32, ptr addrspace(3) @a
  br label %next
next:
  call void @llvm.nvvm.barrier0()
  %w = load i32, ptr addrspace(3) @a
  ret void
}

; Write-after-write on one class (erratum 1): kept.
; ALL-LABEL: @write_after_write(
; ALL:       store i32 1, ptr addrspace(3) @a
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @write_after_write() {
  store i32 1, ptr addrspace(3) @a
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr addrspace(3) getelementptr (i32, ptr addrspace(3) @a, i32 7)
  ret void
}

; A pointer of unknown origin is the whole space's class.
; ALL-LABEL: @unknown_base(
; ALL:       store i32 1, ptr addrspace(3) @a
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @unknown_base(ptr %pp) {
  %p = load ptr addrspace(3), ptr %pp
  store i32 1, ptr addrspace(3) @a
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  ret void
}

; The kernel's entry block starts at kernel entry: nothing above.
; ALL-LABEL: @entry_block(
; ALL-NEXT:  store i32 1, ptr addrspace(3) @a
define void @entry_block() {
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) @a
  ret void
}

; A CTA fence before a block edge: the next block may access memory before
; any barrier, so the fence stays (a soundness bug of an earlier version).
; ALL-LABEL: @fence_before_block_edge(
; FOUR:      call void @llvm.nvvm.membar.cta()
; ALL:       ret void
define void @fence_before_block_edge(ptr %g) {
entry:
  %o = atomicrmw add ptr %g, i32 1 seq_cst
  store i32 1, ptr addrspace(3) @a
  call void @llvm.nvvm.membar.cta()
  br label %next
next:
  %v = load i32, ptr addrspace(3) @a
  call void @llvm.nvvm.barrier0()
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5}
!0 = !{ptr @distinct_classes, !"kernel", i32 1}
!1 = !{ptr @block_edge, !"kernel", i32 1}
!2 = !{ptr @write_after_write, !"kernel", i32 1}
!3 = !{ptr @unknown_base, !"kernel", i32 1}
!4 = !{ptr @entry_block, !"kernel", i32 1}
!5 = !{ptr @fence_before_block_edge, !"kernel", i32 1}
