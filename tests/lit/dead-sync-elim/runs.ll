; Runs of consecutive barriers: decided one at a time (the cascade), so of a
; run around a cross-thread dependence exactly one barrier survives, between
; the write and the read.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s -o - | %opt -passes=verify -disable-output

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The reference's example: write s[t]; barrier; read s[t^1]; two more barriers.
; CHECK-LABEL: @pos_three_after_write_read(
; CHECK:       store i32 %t, ptr addrspace(3) %mine
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) %other
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_three_after_write_read(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  %x = xor i32 %t, 1
  %x64 = zext i32 %x to i64
  %other = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %x64
  store i32 %t, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %other
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  %o = getelementptr i32, ptr %out, i64 %t64
  store i32 %v, ptr %o
  ret void
}

; Five barriers between a write and a cross-thread read: one stays.
; CHECK-LABEL: @pos_five_between_write_and_read(
; CHECK:       store i32 %t, ptr addrspace(3) %mine
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %x = xor i32 %t, 1
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_five_between_write_and_read(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  store i32 %t, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  %x = xor i32 %t, 1
  %x64 = zext i32 %x to i64
  %other = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %x64
  %v = load i32, ptr addrspace(3) %other
  %o = getelementptr i32, ptr %out, i64 %t64
  store i32 %v, ptr %o
  ret void
}

; Nothing on either side: every barrier of the run goes.
; CHECK-LABEL: @pos_run_with_nothing_around(
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @pos_run_with_nothing_around() {
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  ret void
}

; Two dependences in a row (write/read, then read/write): two barriers stay.
; CHECK-LABEL: @neg_two_hazards(
; CHECK:       store i32 %t, ptr addrspace(3) %mine
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) %other
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  store i32 %v, ptr addrspace(3) %mine
define void @neg_two_hazards(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  %x = xor i32 %t, 1
  %x64 = zext i32 %x to i64
  %other = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %x64
  store i32 %t, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %other
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  store i32 %v, ptr addrspace(3) %mine
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @pos_three_after_write_read, !"kernel", i32 1}
!1 = !{ptr @pos_five_between_write_and_read, !"kernel", i32 1}
!2 = !{ptr @pos_run_with_nothing_around, !"kernel", i32 1}
!3 = !{ptr @neg_two_hazards, !"kernel", i32 1}
