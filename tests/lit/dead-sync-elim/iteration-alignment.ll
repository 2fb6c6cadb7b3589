; Loops whose iterations the barriers align (model/IterationAlignment.h).
; Each kernel sweeps a double buffer buf[2][256] a uniform number of times,
; with a parity cur that flips in every iteration (a header phi computed
; from constants alone). In @pos_parity the barrier B between the read of
; row cur and the write of row cur ^ 1 orders nothing: the barrier K that
; ends each iteration keeps a thread's iteration k before another's k + 1,
; so B's pairs meet only within one iteration, where cur is the same in both
; threads (both accesses come before K; both after K aligns them as well). K itself stays: across it, iteration k's row cur ^ 1 is the next
; iteration's row cur. Each negative keeps B:
; - @neg_after_aligner: the read comes after K in its iteration, so it pairs
;   with the next iteration's write across B alone, where cur has flipped
;   (here K is the first barrier in the loop, and B the second);
; - @neg_parity_from_memory: the next row is loaded, not fixed by the
;   iteration (a load may see other values in other threads when the program
;   races; the analysis does not assume it does not);
; - @neg_thread_exit: a thread leaves the loop on its own (tid decides the
;   exit), so threads need not run the same iterations (the loop's barriers
;   are reached under divergent control, and no barrier aligns anything);
; - @neg_nested_exit_first: the loop sits in another loop and is left
;   between B and K: the last iteration of one visit reads row cur without
;   a K after it, and the next visit's first iteration writes row 1 with no
;   barrier but B between them (its iterations are counted afresh on every
;   visit, so the two have different numbers and parities);
; - @neg_device_call: a call to a function the analysis does not see, which
;   may run barriers of its own.
; @pos_nested has the loop in another loop, left only after K: every
; iteration, the last of a visit included, runs K once, so the n-th K is the
; n-th iteration over all visits in every thread, and B goes as in
; @pos_parity. In @pos_nested_outer_row the outer loop's counter picks the
; rows (read row j & 7, write row (j & 7) + 1, which the next round reads):
; one iteration of the inner loop is in one round of the outer loop in every
; thread, so the round's counter is shared as well, and B goes.
; The parity reads buf[cur][t > 0 ? t - 1 : t] and
; buf[cur][t + 1 < n ? t + 1 : t]: comparisons and selects are leaves with
; definitions, so the clamped neighbours stay in row cur.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=256x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '256,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      pos_parity (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_iteration_parity (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_aligner_first (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_ring_select (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_exclusive_parities (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_overlapping_parities (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_after_aligner (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_parity_from_memory (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_thread_exit (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_nested (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      pos_nested_outer_row (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_nested_exit_first (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_device_call (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [2 x [256 x float]] undef, align 4
@tmp = internal addrspace(3) global [256 x float] undef, align 4
@ring = internal addrspace(3) global [3 x [256 x float]] undef, align 4
@rows = internal addrspace(3) global [9 x [256 x float]] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @unseen()

; CHECK-LABEL: @pos_parity(
; CHECK:         call void @llvm.nvvm.barrier0()
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_parity(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tw = zext i32 %t to i64
  %ip = getelementptr float, ptr addrspace(1) %in, i64 %tw
  %x = load float, ptr addrspace(1) %ip, align 4
  %p0 = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 0, i64 %tw
  store float %x, ptr addrspace(3) %p0, align 4
  call void @llvm.nvvm.barrier0()
  %gt0 = icmp ne i32 %t, 0
  %m1 = sext i1 %gt0 to i32
  %left = add nsw i32 %t, %m1
  %lw = sext i32 %left to i64
  %t1 = add nuw nsw i32 %t, 1
  %fits = icmp ult i32 %t1, %n
  %right = select i1 %fits, i32 %t1, i32 %t
  %rw = zext i32 %right to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %cur = phi i32 [ 0, %entry ], [ %nxt, %loop ]
  %cw = zext i32 %cur to i64
  %lp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %lw
  %l = load float, ptr addrspace(3) %lp, align 4
  call void @llvm.nvvm.barrier0()
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %rw
  %r = load float, ptr addrspace(3) %rp, align 4
  %avg = fadd float %l, %r
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %avg, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  %op = getelementptr float, ptr addrspace(1) %out, i64 %tw
  store float %x, ptr addrspace(1) %op, align 4
  ret void
}

; @pos_parity with a block no path reaches, holding a barrier and a call the
; analysis does not see: code that never runs cannot make threads' barriers
; differ, and B goes as in @pos_parity (campaign NEST found B kept).
; CHECK-LABEL: @pos_unreachable_barrier(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_unreachable_barrier(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tw = zext i32 %t to i64
  %ip = getelementptr float, ptr addrspace(1) %in, i64 %tw
  %x = load float, ptr addrspace(1) %ip, align 4
  %p0 = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 0, i64 %tw
  store float %x, ptr addrspace(3) %p0, align 4
  call void @llvm.nvvm.barrier0()
  %gt0 = icmp ne i32 %t, 0
  %m1 = sext i1 %gt0 to i32
  %left = add nsw i32 %t, %m1
  %lw = sext i32 %left to i64
  %t1 = add nuw nsw i32 %t, 1
  %fits = icmp ult i32 %t1, %n
  %right = select i1 %fits, i32 %t1, i32 %t
  %rw = zext i32 %right to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %cur = phi i32 [ 0, %entry ], [ %nxt, %loop ]
  %cw = zext i32 %cur to i64
  %lp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %lw
  %l = load float, ptr addrspace(3) %lp, align 4
  call void @llvm.nvvm.barrier0()
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %rw
  %r = load float, ptr addrspace(3) %rp, align 4
  %avg = fadd float %l, %r
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %avg, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  %op = getelementptr float, ptr addrspace(1) %out, i64 %tw
  store float %x, ptr addrspace(1) %op, align 4
  ret void
dead:
  call void @llvm.nvvm.barrier0()
  call void @unseen()
  br label %exit
}

; The parity of the iteration's number: buf[it & 1] read, buf[(it + 1) & 1]
; written (the double-buffered tile loop).
; CHECK-LABEL: @pos_iteration_parity(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_iteration_parity(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %cur = and i32 %it, 1
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %nxt = and i32 %it.next, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; K first in the body (a loop clang rotated, or written so): the read and
; the write both come after it in their iteration, which aligns them just
; as well (campaigns BT and BT2).
; CHECK-LABEL: @pos_aligner_first(
; CHECK:       loop:
; CHECK-NEXT:    %it = phi
; CHECK-NEXT:    %cur = phi
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_aligner_first(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %cur = phi i32 [ 0, %entry ], [ %nxt, %loop ]
  call void @llvm.nvvm.barrier0()
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A ring of three rows: row e written, row e == 0 ? 2 : e - 1 read, e moved
; on by a select. The select is a defined leaf over the shared e (campaign
; BT: substituting into a select's three operands crashed).
; CHECK-LABEL: @pos_ring_select(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_ring_select(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %e = phi i32 [ 0, %entry ], [ %e.next, %loop ]
  %first = icmp eq i32 %e, 0
  %em1 = add i32 %e, -1
  %prev = select i1 %first, i32 2, i32 %em1
  %pw = zext i32 %prev to i64
  %rp = getelementptr [3 x [256 x float]], ptr addrspace(3) @ring, i64 0, i64 %pw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %ew = zext i32 %e to i64
  %wp = getelementptr [3 x [256 x float]], ptr addrspace(3) @ring, i64 0, i64 %ew, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %last = icmp eq i32 %e, 2
  %e1 = add i32 %e, 1
  %e.next = select i1 %last, i32 0, i32 %e1
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Odd iterations read s2[t ^ 1], even ones write s2[t]: the two accesses'
; guards test the iteration's parity, which alignment shares, so within one
; iteration they exclude each other (campaign BT2). The guards of an access
; now keep the tests of the loop's header phis, which its address need not
; mention. With the write under bit 1 instead, both run when k & 3 == 3.
; CHECK-LABEL: @pos_exclusive_parities(
; CHECK:       odd:
; CHECK:         load float
; CHECK-NEXT:    br label %mid
; CHECK:       mid:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:       latch:
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-LABEL: @neg_overlapping_parities(
; CHECK:       mid:
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_exclusive_parities(i32 noundef %sweeps, ptr addrspace(1) noalias %out) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %bit = and i32 %k, 1
  %isodd = icmp eq i32 %bit, 1
  br i1 %isodd, label %odd, label %mid
odd:
  %rp = getelementptr [256 x float], ptr addrspace(3) @tmp, i64 0, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  br label %mid
mid:
  call void @llvm.nvvm.barrier0()
  %iseven = icmp eq i32 %bit, 0
  br i1 %iseven, label %even, label %latch
even:
  %wp = getelementptr [256 x float], ptr addrspace(3) @tmp, i64 0, i64 %tw
  store float 1.0, ptr addrspace(3) %wp, align 4
  br label %latch
latch:
  call void @llvm.nvvm.barrier0()
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define ptx_kernel void @neg_overlapping_parities(i32 noundef %sweeps, ptr addrspace(1) noalias %out) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %bit = and i32 %k, 1
  %isodd = icmp eq i32 %bit, 1
  br i1 %isodd, label %odd, label %mid
odd:
  %rp = getelementptr [256 x float], ptr addrspace(3) @tmp, i64 0, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  br label %mid
mid:
  call void @llvm.nvvm.barrier0()
  %bit1 = and i32 %k, 2
  %second = icmp ne i32 %bit1, 0
  br i1 %second, label %even, label %latch
even:
  %wp = getelementptr [256 x float], ptr addrspace(3) @tmp, i64 0, i64 %tw
  store float 1.0, ptr addrspace(3) %wp, align 4
  br label %latch
latch:
  call void @llvm.nvvm.barrier0()
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; K is kept for tmp[t], written before the loop and read as tmp[t ^ 1]
; after K, and comes before the read of row cur in the iteration: across B
; alone, that read pairs with the next iteration's write of row cur ^ 1,
; which is then this iteration's row cur.
; CHECK-LABEL: @neg_after_aligner(
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.barrier0()
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_after_aligner(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %own = getelementptr [256 x float], ptr addrspace(3) @tmp, i64 0, i64 %tw
  store float 2.0, ptr addrspace(3) %own, align 4
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %cur = phi i32 [ 0, %entry ], [ %nxt, %loop ]
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float 1.0, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %other = getelementptr [256 x float], ptr addrspace(3) @tmp, i64 0, i64 %xw
  %o = load float, ptr addrspace(3) %other, align 4
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: @neg_parity_from_memory(
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.barrier0()
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_parity_from_memory(i32 noundef %sweeps, ptr addrspace(1) noalias readonly %rows) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %cur = phi i32 [ 0, %entry ], [ %nxt, %loop ]
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %nxt = load i32, ptr addrspace(1) %rows, align 4
  %flip = xor i32 %cur, 1
  %nw = zext i32 %flip to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: @neg_thread_exit(
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.barrier0()
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_thread_exit(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %latch ]
  %cur = phi i32 [ 0, %entry ], [ %nxt, %latch ]
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %mine = icmp ult i32 %it.next, %t
  br i1 %mine, label %latch, label %exit
latch:
  br label %loop
exit:
  ret void
}

; CHECK-LABEL: @pos_nested(
; CHECK:       loop:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_nested(i32 noundef %sweeps, i32 noundef %rounds) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  call void @llvm.nvvm.barrier0()
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %loop
loop:
  %it = phi i32 [ 0, %outer ], [ %it.next, %loop ]
  %cur = phi i32 [ 0, %outer ], [ %nxt, %loop ]
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %outer.latch
outer.latch:
  %j.next = add nuw nsw i32 %j, 1
  %again = icmp slt i32 %j.next, %rounds
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; CHECK-LABEL: @pos_nested_outer_row(
; CHECK:       loop:
; CHECK:         load float
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store float
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_nested_outer_row(i32 noundef %sweeps, i32 noundef %rounds) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  %row = and i32 %j, 7
  %rw = zext i32 %row to i64
  %next = add nuw nsw i32 %row, 1
  %nw = zext i32 %next to i64
  br label %loop
loop:
  %it = phi i32 [ 0, %outer ], [ %it.next, %loop ]
  %rp = getelementptr [9 x [256 x float]], ptr addrspace(3) @rows, i64 0, i64 %rw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %wp = getelementptr [9 x [256 x float]], ptr addrspace(3) @rows, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %outer.latch
outer.latch:
  %j.next = add nuw nsw i32 %j, 1
  %again = icmp slt i32 %j.next, %rounds
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; CHECK-LABEL: @neg_nested_exit_first(
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.barrier0()
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_nested_exit_first(i32 noundef %sweeps, i32 noundef %rounds) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  call void @llvm.nvvm.barrier0()
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %loop
loop:
  %it = phi i32 [ 0, %outer ], [ %it.next, %write ]
  %cur = phi i32 [ 0, %outer ], [ %nxt, %write ]
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %last = icmp eq i32 %it, %sweeps
  br i1 %last, label %outer.latch, label %write
write:
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  br label %loop
outer.latch:
  %j.next = add nuw nsw i32 %j, 1
  %again = icmp slt i32 %j.next, %rounds
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; CHECK-LABEL: @neg_device_call(
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.barrier0()
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_device_call(i32 noundef %sweeps) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %cur = phi i32 [ 0, %entry ], [ %nxt, %loop ]
  %cw = zext i32 %cur to i64
  %rp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %cw, i64 %xw
  %r = load float, ptr addrspace(3) %rp, align 4
  call void @llvm.nvvm.barrier0()
  %nxt = xor i32 %cur, 1
  %nw = zext i32 %nxt to i64
  %wp = getelementptr [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nw, i64 %tw
  store float %r, ptr addrspace(3) %wp, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %sweeps
  br i1 %more, label %loop, label %exit
exit:
  call void @unseen()
  ret void
}
