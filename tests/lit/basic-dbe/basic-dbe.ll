; basic-dbe: a barrier whose side, up to a neighbouring barrier of its block or
; the kernel's entry or exit, holds no visible access is dead. Local only.
; RUN: %opt -S -passes=basic-dbe %s | FileCheck %s
; RUN: %opt -S -passes=basic-dbe -pass-remarks=basic-dbe %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare void @llvm.nvvm.bar.warp.sync(i32)

; REMARK: remark: <unknown>:0:0: Removed dead synch: in function pos_three: Read above: 1, Write above: 1, Read below: 0, Write below: 0

; CHECK-LABEL: @pos_three(
; CHECK:       store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  store i32 %v, ptr %g
define void @pos_three(ptr %g) {
  store i32 1, ptr addrspace(3) @s
  %v = load i32, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  store i32 %v, ptr %g
  ret void
}

; CHECK-LABEL: @pos_five(
; CHECK:       store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %v = load i32
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_five(ptr %g) {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) getelementptr (i32, ptr addrspace(3) @s, i32 1)
  store i32 %v, ptr %g
  ret void
}

; The kernel's entry and exit close a side.
; CHECK-LABEL: @pos_entry_and_exit(
; CHECK-NEXT:  store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  ret void
define void @pos_entry_and_exit() {
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  ret void
}

; CHECK-LABEL: @neg_write_after_write(
; CHECK:       store i32 1
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  store i32 2
define void @neg_write_after_write() {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr addrspace(3) @s
  ret void
}

; CHECK-LABEL: @neg_global_exchange(
; CHECK:       store i32 1, ptr %g
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_global_exchange(ptr %g) {
  store i32 1, ptr %g
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %g
  ret void
}

; CHECK-LABEL: @neg_count_used(
; CHECK:       %n = call i32 @llvm.nvvm.barrier0.popc(i32 1)
define void @neg_count_used(ptr %g) {
  %n = call i32 @llvm.nvvm.barrier0.popc(i32 1)
  store i32 %n, ptr %g
  ret void
}

; CHECK-LABEL: @neg_warp_sync(
; CHECK:       call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_warp_sync() {
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; Accesses may reach the block's edges from other blocks: kept (a job for
; dead-sync-elim).
; CHECK-LABEL: @neg_block_edges(
; CHECK:       next:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_block_edges(i1 %c) {
entry:
  store i32 1, ptr addrspace(3) @s
  br label %next
next:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; A device function's entry is its unknown caller.
; CHECK-LABEL: @neg_device_entry(
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_device_entry() {
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) @s
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @pos_three, !"kernel", i32 1}
!1 = !{ptr @pos_five, !"kernel", i32 1}
!2 = !{ptr @pos_entry_and_exit, !"kernel", i32 1}
!3 = !{ptr @neg_write_after_write, !"kernel", i32 1}
!4 = !{ptr @neg_global_exchange, !"kernel", i32 1}
!5 = !{ptr @neg_count_used, !"kernel", i32 1}
!6 = !{ptr @neg_warp_sync, !"kernel", i32 1}
!7 = !{ptr @neg_block_edges, !"kernel", i32 1}
