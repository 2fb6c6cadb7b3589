; A loop's iteration bound reaches a value computed from its counter by an
; operation the terms keep opaque (campaign BO). Each thread fills its own
; window of five words, s[5t + i/4] for i < 16, then reads s[5t]: i >> 2 is
; a leaf defined as lshr(i, 2), and the bound i <= 15 (the trip count) has to
; reach the solver through that definition, or i >> 2 may be anything and
; two threads' windows meet. The same for udiv. With i/4 reaching past the
; window (i < 24), the barrier stays.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '64,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      pos_lshr (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_udiv (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_past_window (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [2048 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_lshr(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_lshr(ptr addrspace(1) noalias %out) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %own = mul i64 %tw, 5
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %quarter = lshr i64 %i, 2
  %at = add i64 %own, %quarter
  %p = getelementptr [2048 x i32], ptr addrspace(3) @s, i64 0, i64 %at
  store i32 %t, ptr addrspace(3) %p, align 4
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 16
  br i1 %more, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr [2048 x i32], ptr addrspace(3) @s, i64 0, i64 %own
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tw
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: @pos_udiv(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_udiv(ptr addrspace(1) noalias %out) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %own = mul i64 %tw, 5
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %quarter = udiv i64 %i, 4
  %at = add i64 %own, %quarter
  %p = getelementptr [2048 x i32], ptr addrspace(3) @s, i64 0, i64 %at
  store i32 %t, ptr addrspace(3) %p, align 4
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 16
  br i1 %more, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr [2048 x i32], ptr addrspace(3) @s, i64 0, i64 %own
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tw
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; i < 24: thread t writes s[5t + 5], which thread t + 1 reads.
; CHECK-LABEL: @neg_past_window(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_past_window(ptr addrspace(1) noalias %out) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %own = mul i64 %tw, 5
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %quarter = lshr i64 %i, 2
  %at = add i64 %own, %quarter
  %p = getelementptr [2048 x i32], ptr addrspace(3) @s, i64 0, i64 %at
  store i32 %t, ptr addrspace(3) %p, align 4
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 24
  br i1 %more, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr [2048 x i32], ptr addrspace(3) @s, i64 0, i64 %own
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tw
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
