; Double buffering by pointers (core/SwappedPointers.h): a loop swaps two
; pointers every iteration, src = phi [@a, entry], [dst, loop] and
; dst = phi [@b, entry], [src, loop]. The model reads each as an alternating
; object: one of @a and @b, the other pointer holding the other. In every
; kernel a uniform number of sweeps reads src[t ^ 1] (another thread's
; element), then barrier B, then writes dst[t], then barrier K, which ends
; the iteration. In @pos_swap, K aligns the iterations: B's pairs meet only
; within one iteration, where src and dst hold different arrays, so B orders
; nothing. K stays: across it, one iteration's dst is the next one's src.
; @pos_nested has the pair in an inner loop, left only after K, and starting
; afresh on every visit: the n-th K is the n-th iteration over all visits in
; every thread, so B goes there too (core/IterationAlignment.h).
; Each negative keeps B:
; - @neg_same_pointer: the write goes through src as well (one array);
; - @neg_same_start: both pointers start at @a (one array, every iteration);
; - @neg_turn_object: the read names @a itself, which dst holds every other
;   iteration;
; - @neg_not_swapped: src takes @b from the latch, not dst: in the third
;   iteration both hold @b;
; - @neg_plain_params: global arrays passed without __restrict__ may be one;
; - @neg_swap_by_thread: the swap is taken in some threads only, so in one
;   iteration two threads may hold one array in different pointers;
; - @neg_two_conditions: src and dst are chosen on two conditions, so both
;   may hold @b.
; @pos_swap_some and @pos_swap_branch swap on some iterations only, on a
; uniform condition (selects; phis of the latch).
; Two places in one array, @h and @h + 256 floats (@pos_halves) or @h + ntid
; floats (@pos_halves_by_ntid): each pointer is @h at the offset its turn
; selects, the turn shared within an iteration; the solver shows the halves
; apart for t != t'. @neg_halves_overlap starts dst at @h + 128 floats, where
; src[t ^ 1] reaches; @neg_halves_by_thread swaps in some threads only.
; @pos_halves_swap_first swaps at the top of the iteration and accesses
; through the selects (each a select of two places in @h).
; @pos_third_object reads a third array @c, which neither pointer ever holds
; (no alignment needed; K goes too, as nothing the loop reads is written);
; @pos_restrict_params swaps two __restrict__ global arrays. The reference
; variants keep every pointer carried around a loop an unknown object:
; four-map keeps B in @pos_swap (FOURMAP).
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=256x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '256,1,1' | FileCheck %s --check-prefix=CHECKER
; RUN: %xwarp check %s --variant four-map --block-dim '256,1,1' | FileCheck %s --check-prefix=FOURMAP
; CHECKER:      pos_swap (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_third_object (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_restrict_params (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_same_pointer (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_same_start (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_turn_object (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_not_swapped (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_nested (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_plain_params (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_swap_some (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_swap_branch (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_swap_by_thread (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_two_conditions (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_halves (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_halves_by_ntid (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_halves_overlap (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_halves_by_thread (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_halves_swap_first (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; FOURMAP:      pos_swap (kernel)
; FOURMAP-NEXT: llvm.nvvm.barrier0 kept
; FOURMAP-NEXT: llvm.nvvm.barrier0 kept

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a = internal addrspace(3) global [256 x float] undef, align 4
@b = internal addrspace(3) global [256 x float] undef, align 4
@c = internal addrspace(3) global [256 x float] undef, align 4
@h = internal addrspace(3) global [512 x float] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; The pattern: B orders nothing, K stays.
; CHECK-LABEL: @pos_swap(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_swap(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; @c is neither of the pair.
; CHECK-LABEL: @pos_third_object(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_third_object(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) getelementptr inbounds ([256 x float], ptr addrspace(3) @c, i64 0, i64 0), i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Two __restrict__ global arrays swapped.
; CHECK-LABEL: @pos_restrict_params(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_restrict_params(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %y, i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(1) [ %x, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(1) [ %y, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(1) %src, i64 %xw
  %r = load float, ptr addrspace(1) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(1) %dst, i64 %tw
  store float %r, ptr addrspace(1) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Read and write both through src.
; CHECK-LABEL: @neg_same_pointer(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_same_pointer(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Both pointers start at @a.
; CHECK-LABEL: @neg_same_start(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_same_start(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ @a, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The read names @a, which dst holds every other iteration.
; CHECK-LABEL: @neg_turn_object(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_turn_object(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) @a, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; src takes @b from the latch: (a, b), (b, a), (b, b), ...
; CHECK-LABEL: @neg_not_swapped(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_not_swapped(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ @b, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The pair in an inner loop.
; CHECK-LABEL: @pos_nested(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_nested(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %latch ]
  br label %loop
loop:
  %it = phi i32 [ 0, %outer ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %outer ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %outer ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %latch
latch:
  %o.next = add nuw nsw i32 %o, 1
  %again = icmp slt i32 %o.next, %sweeps
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; Global arrays that may be one.
; CHECK-LABEL: @neg_plain_params(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_plain_params(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(1) [ %x, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(1) [ %y, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(1) %src, i64 %xw
  %r = load float, ptr addrspace(1) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(1) %dst, i64 %tw
  store float %r, ptr addrspace(1) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A swap on some iterations only, on a uniform condition: clang's selects of
; `if (it & 1) swap(src, dst)`. Which array each pointer holds is still the
; same in every thread of an iteration (UniformityInfo calls the pair uniform).
; CHECK-LABEL: @pos_swap_some(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_swap_some(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %src.next, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %dst.next, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %odd = trunc i32 %it to i1
  %src.next = select i1 %odd, ptr addrspace(3) %dst, ptr addrspace(3) %src
  %dst.next = select i1 %odd, ptr addrspace(3) %src, ptr addrspace(3) %dst
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The same swap taken on a branch to a block of its own: phis of the latch.
; CHECK-LABEL: @pos_swap_branch(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_swap_branch(i32 noundef %sweeps, i32 noundef %every) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %latch ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %src.next, %latch ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %dst.next, %latch ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %due = icmp eq i32 %it, %every
  br i1 %due, label %swap, label %latch
swap:
  br label %latch
latch:
  %src.next = phi ptr addrspace(3) [ %dst, %swap ], [ %src, %loop ]
  %dst.next = phi ptr addrspace(3) [ %src, %swap ], [ %dst, %loop ]
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The swap in some threads only ((t + it) & 1): in one iteration thread 1
; may hold @b as src while thread 0 holds it as dst. The pair is divergent,
; and B stays (without the uniformity test, simulate --diff finds the race).
; CHECK-LABEL: @neg_swap_by_thread(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_swap_by_thread(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %src.next, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %dst.next, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %sum = add i32 %t, %it
  %odd = trunc i32 %sum to i1
  %src.next = select i1 %odd, ptr addrspace(3) %dst, ptr addrspace(3) %src
  %dst.next = select i1 %odd, ptr addrspace(3) %src, ptr addrspace(3) %dst
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Selects on two conditions: src and dst may both become @b.
; CHECK-LABEL: @neg_two_conditions(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_two_conditions(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @a, %entry ], [ %src.next, %loop ]
  %dst = phi ptr addrspace(3) [ @b, %entry ], [ %dst.next, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %odd = trunc i32 %it to i1
  %third = icmp eq i32 %it, 3
  %src.next = select i1 %odd, ptr addrspace(3) %dst, ptr addrspace(3) %src
  %dst.next = select i1 %third, ptr addrspace(3) %src, ptr addrspace(3) %dst
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The halves @h[0..255] and @h[256..511].
; CHECK-LABEL: @pos_halves(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_halves(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nw = zext i32 %n to i64
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %second = getelementptr inbounds i8, ptr addrspace(3) @h, i64 1024
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @h, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ %second, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The second half starts at @h + ntid floats.
; CHECK-LABEL: @pos_halves_by_ntid(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_halves_by_ntid(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nw = zext i32 %n to i64
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %second = getelementptr inbounds float, ptr addrspace(3) @h, i64 %nw
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @h, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ %second, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; dst starts at @h + 128 floats: src[t ^ 1] of t = 128 is @h[129], dst[t] of t = 1.
; CHECK-LABEL: @neg_halves_overlap(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_halves_overlap(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nw = zext i32 %n to i64
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %second = getelementptr inbounds i8, ptr addrspace(3) @h, i64 512
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @h, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ %second, %entry ], [ %src, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The halves swapped in some threads only.
; CHECK-LABEL: @neg_halves_by_thread(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_halves_by_thread(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nw = zext i32 %n to i64
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %second = getelementptr inbounds i8, ptr addrspace(3) @h, i64 1024
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @h, %entry ], [ %src.next, %loop ]
  %dst = phi ptr addrspace(3) [ %second, %entry ], [ %dst.next, %loop ]
  %rp = getelementptr inbounds float, ptr addrspace(3) %src, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %sum = add i32 %t, %it
  %odd = trunc i32 %sum to i1
  %src.next = select i1 %odd, ptr addrspace(3) %dst, ptr addrspace(3) %src
  %dst.next = select i1 %odd, ptr addrspace(3) %src, ptr addrspace(3) %dst
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The halves swapped at the top of the iteration, on a uniform condition:
; the accesses go through the selects, each a select of the pair's places.
; CHECK-LABEL: @pos_halves_swap_first(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_halves_swap_first(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %src = phi ptr addrspace(3) [ @h, %entry ], [ %src.now, %loop ]
  %dst = phi ptr addrspace(3) [ getelementptr inbounds (i8, ptr addrspace(3) @h, i64 1024), %entry ], [ %dst.now, %loop ]
  %odd = trunc i32 %it to i1
  %src.now = select i1 %odd, ptr addrspace(3) %dst, ptr addrspace(3) %src
  %dst.now = select i1 %odd, ptr addrspace(3) %src, ptr addrspace(3) %dst
  %rp = getelementptr inbounds float, ptr addrspace(3) %src.now, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr inbounds float, ptr addrspace(3) %dst.now, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
