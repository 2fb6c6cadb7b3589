; The three precisions on the classic address shapes. Launch: 1D blocks
; (block-dim=*x1x1) unless a function says otherwise.
; RUN: %opt -S -passes='dead-sync-elim<four-map;block-dim=*x1x1>' %s | FileCheck %s --check-prefixes=ALL,FOUR
; RUN: %opt -S -passes='dead-sync-elim<dataflow;block-dim=*x1x1>' %s | FileCheck %s --check-prefixes=ALL,FLOW
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s --check-prefixes=ALL,ADDR

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; s[t] written, s[t] read back: each thread's own slot.
; ALL-LABEL: @pos_private_slot(
; ADDR-NOT:  call void @llvm.nvvm.barrier0()
; FLOW:      store i32 %t, ptr addrspace(3) %p
; FLOW-NEXT: call void @llvm.nvvm.barrier0()
; FOUR:      call void @llvm.nvvm.barrier0()
; ALL:       ret void
define void @pos_private_slot(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %i
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  %o = getelementptr i32, ptr %out, i64 %i
  store i32 %v, ptr %o
  ret void
}

; s[t] written, s[t ^ 1] read: the partner's slot. Kept by all.
; ALL-LABEL: @neg_xor_partner(
; ALL:       store i32 %t, ptr addrspace(3) %p
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_xor_partner(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %i
  %x = xor i32 %t, 1
  %xi = zext i32 %x to i64
  %q = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %xi
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr i32, ptr %out, i64 %i
  store i32 %v, ptr %o
  ret void
}

; s[2t] and s[2t+1] written, the same two read: interleaved private slots.
; ALL-LABEL: @pos_strided_slots(
; ADDR-NOT:  call void @llvm.nvvm.barrier0()
; FLOW:      call void @llvm.nvvm.barrier0()
; FOUR:      call void @llvm.nvvm.barrier0()
; ALL:       ret void
define void @pos_strided_slots(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = shl nuw nsw i32 %t, 1
  %o1 = or disjoint i32 %e, 1
  %ei = zext i32 %e to i64
  %oi = zext i32 %o1 to i64
  %pe = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ei
  %po = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %oi
  store i32 1, ptr addrspace(3) %pe
  store i32 2, ptr addrspace(3) %po
  call void @llvm.nvvm.barrier0()
  %a = load i32, ptr addrspace(3) %pe
  %b = load i32, ptr addrspace(3) %po
  %c = add i32 %a, %b
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %out, i64 %ti
  store i32 %c, ptr %o
  ret void
}

; s[2t] written, s[2t+2] read: thread t reads what thread t+1 wrote. Kept.
; ALL-LABEL: @neg_strided_neighbour(
; ALL:       store i32 1, ptr addrspace(3) %pe
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_strided_neighbour(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = shl nuw nsw i32 %t, 1
  %n = add nuw nsw i32 %e, 2
  %ei = zext i32 %e to i64
  %ni = zext i32 %n to i64
  %pe = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ei
  %pn = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ni
  store i32 1, ptr addrspace(3) %pe
  call void @llvm.nvvm.barrier0()
  %a = load i32, ptr addrspace(3) %pn
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %out, i64 %ti
  store i32 %a, ptr %o
  ret void
}

; A uniform index read, then written: every thread touches the same word
; (erratum 2). Kept by all.
; ALL-LABEL: @neg_uniform_index(
; ALL:       %v = load i32, ptr addrspace(3) %p
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_uniform_index(i32 %i) {
  %i64 = sext i32 %i to i64
  %p = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %i64
  %v = load i32, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(3) %p
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @pos_private_slot, !"kernel", i32 1}
!1 = !{ptr @neg_xor_partner, !"kernel", i32 1}
!2 = !{ptr @pos_strided_slots, !"kernel", i32 1}
!3 = !{ptr @neg_strided_neighbour, !"kernel", i32 1}
!4 = !{ptr @neg_uniform_index, !"kernel", i32 1}
