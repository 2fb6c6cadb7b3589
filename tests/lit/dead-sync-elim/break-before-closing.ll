; A uniform `break` between the two barriers of a loop that swaps two
; pointers: clang merges the break into the latch, which swaps the pair or
; not by path and leaves on `c || last`. The closing barrier K then does not
; dominate the latch, but every iteration that goes on passes it: the edge
; that skips it has c true, which makes the latch leave
; (core/IterationAlignment: ValueTracking's isImpliedCondition). K aligns
; the iterations and the middle barrier B goes (@pos_swap_break). Each
; negative keeps B:
; - @neg_latch_read: the latch reads src[t ^ 1]; after K in the iterations
;   that go on, though K does not dominate it, so its position among the
;   aligners is unknown: next iteration's dst is this src, written below B
;   (K itself goes: each thread writes and then reads back its own dst[t]);
; - @neg_skip_continues: the edge that skips K goes on to the next
;   iteration, swapped (a `continue`): iteration k's read of src and
;   iteration k + 1's write of dst, the same array, meet with only B between.
; With either test dropped (the latch's site, the implied exit), `xwarp
; simulate --diff --int-args 5,2` finds the race of the negative it guards.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=256x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '256,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      pos_swap_break (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER:      neg_latch_read (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_skip_continues (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a = internal addrspace(3) global [256 x float] undef, align 4
@b = internal addrspace(3) global [256 x float] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_swap_break(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_swap_break(ptr addrspace(1) noalias %out, i32 noundef %sweeps, i32 noundef %stop) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %src.next, %latch ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %dst.next, %latch ]
  %it = phi i32 [ 0, %entry ], [ %it.next, %latch ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %c = icmp eq i32 %it, %stop
  br i1 %c, label %latch, label %write
write:
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  br label %latch
latch:
  %src.next = phi ptr addrspace(3) [ %dst, %write ], [ %src, %loop ]
  %dst.next = phi ptr addrspace(3) [ %src, %write ], [ %dst, %loop ]
  %it.next = add nuw nsw i32 %it, 1
  %last = icmp eq i32 %it.next, %sweeps
  %leave = select i1 %c, i1 true, i1 %last
  br i1 %leave, label %exit, label %loop
exit:
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tw
  store float %r, ptr addrspace(1) %op, align 4
  ret void
}

; CHECK-LABEL: @neg_latch_read(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_latch_read(ptr addrspace(1) noalias %out, i32 noundef %sweeps, i32 noundef %stop) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %src.next, %latch ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %dst.next, %latch ]
  %it = phi i32 [ 0, %entry ], [ %it.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %tw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %c = icmp eq i32 %it, %stop
  br i1 %c, label %latch, label %write
write:
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  br label %latch
latch:
  %src.next = phi ptr addrspace(3) [ %dst, %write ], [ %src, %loop ]
  %dst.next = phi ptr addrspace(3) [ %src, %write ], [ %dst, %loop ]
  %lp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %l = load float, ptr addrspace(3) %lp, align 4
  %acc.next = fadd float %acc, %l
  %it.next = add nuw nsw i32 %it, 1
  %last = icmp eq i32 %it.next, %sweeps
  %leave = select i1 %c, i1 true, i1 %last
  br i1 %leave, label %exit, label %loop
exit:
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tw
  store float %acc.next, ptr addrspace(1) %op, align 4
  ret void
}

; CHECK-LABEL: @neg_skip_continues(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_skip_continues(ptr addrspace(1) noalias %out, i32 noundef %sweeps, i32 noundef %stop) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %src.next, %latch ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %dst.next, %latch ]
  %it = phi i32 [ 0, %entry ], [ %it.next, %latch ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %c = icmp eq i32 %it, %stop
  br i1 %c, label %latch, label %write
write:
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  br label %latch
latch:
  %src.next = phi ptr addrspace(3) [ %dst, %write ], [ %dst, %loop ]
  %dst.next = phi ptr addrspace(3) [ %src, %write ], [ %src, %loop ]
  %it.next = add nuw nsw i32 %it, 1
  %last = icmp eq i32 %it.next, %sweeps
  br i1 %last, label %exit, label %loop
exit:
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tw
  store float %r, ptr addrspace(1) %op, align 4
  ret void
}
