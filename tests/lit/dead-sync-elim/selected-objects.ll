; Two selects of two distinct objects on one condition, the arms swapped
; (`src = c ? a : b; dst = c ? b : a`, double buffering by the iteration's
; parity, or a kernel argument's choice) hold different objects wherever
; the condition is one value for both threads: always when it is uniform,
; within one iteration of an aligned loop when the iteration fixes it
; (core/AddressBuilder: an Alternating object whose Selector is the
; condition; model/IterationAlignment heldApart). Before, each select was an
; unknown object and every barrier between them stayed.
; - @pos_flag: a kernel argument picks; B, between a read of src and a
;   write of dst, goes; the barriers before and after it order src with
;   itself and dst with itself, and stay;
; - @pos_parity: the iteration's parity picks; the middle barrier B goes,
;   the closing barrier K stays (dst of one iteration is src of the next);
; - @pos_places: the arms are places in the objects (`c ? &a[t] : &b[t+1]`);
; - @pos_one_of_them: a write through a select of @a and @b, a read of @a
;   itself: they meet only when the select holds @a, where the offsets are
;   @a's (t against t'), and never collide: removed;
; - @neg_by_thread: each thread's own parity picks: thread 0 reads b[1],
;   which thread 1 writes (kept, with a collision);
; - @neg_same_turn: both accesses through one select (kept, a collision);
; - @neg_two_conditions: the selects test two conditions, which may differ:
;   not one pair, but both hold @a or @b, so their offsets are compared (kept,
;   a collision);
; - @neg_plain_params: two parameters without __restrict__ may be one
;   array: no pair (kept);
; - four-map keeps every pointer select an unknown object (FOURMAP).
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '64,1,1' | FileCheck %s --check-prefix=CHECKER
; RUN: %opt -S -passes='dead-sync-elim<four-map;block-dim=64x1x1>' %s | FileCheck %s --check-prefix=FOURMAP
; CHECKER:      pos_flag (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER:      pos_parity (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER:      pos_places (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_one_of_them (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_by_thread (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER:      neg_same_turn (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER:      neg_two_conditions (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER:      neg_plain_params (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}the objects may alias

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a = internal addrspace(3) global [128 x i32] undef, align 4
@b = internal addrspace(3) global [128 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_flag(
; CHECK:         store i32 1
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         load i32
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store i32 %v
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:         ret void
; FOURMAP-LABEL: @pos_flag(
; FOURMAP:         load i32
; FOURMAP-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_flag(ptr addrspace(1) noalias %out, i32 noundef %n) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %c = icmp eq i32 %n, 0
  %src = select i1 %c, ptr addrspace(3) @a, ptr addrspace(3) @b
  %dst = select i1 %c, ptr addrspace(3) @b, ptr addrspace(3) @a
  %ps = getelementptr inbounds i32, ptr addrspace(3) %src, i64 %tw
  store i32 1, ptr addrspace(3) %ps, align 4
  call void @llvm.nvvm.barrier0()
  %pr = getelementptr inbounds i32, ptr addrspace(3) %src, i64 %xw
  %v = load i32, ptr addrspace(3) %pr, align 4
  call void @llvm.nvvm.barrier0()
  %pd = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %tw
  store i32 %v, ptr addrspace(3) %pd, align 4
  call void @llvm.nvvm.barrier0()
  %pq = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %xw
  %w = load i32, ptr addrspace(3) %pq, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %w, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: @pos_parity(
; CHECK:         load i32
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         store i32 %v
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @pos_parity(ptr addrspace(1) noalias %out, i32 noundef %n) {
entry:
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  br label %loop

loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %bit = and i32 %it, 1
  %even = icmp eq i32 %bit, 0
  %src = select i1 %even, ptr addrspace(3) @a, ptr addrspace(3) @b
  %dst = select i1 %even, ptr addrspace(3) @b, ptr addrspace(3) @a
  %pr = getelementptr inbounds i32, ptr addrspace(3) %src, i64 %xw
  %v = load i32, ptr addrspace(3) %pr, align 4
  call void @llvm.nvvm.barrier0()
  %pd = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %tw
  store i32 %v, ptr addrspace(3) %pd, align 4
  call void @llvm.nvvm.barrier0()
  %it.next = add nuw nsw i32 %it, 1
  %done = icmp sge i32 %it.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: @pos_places(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_places(ptr addrspace(1) noalias %out, i1 noundef %c) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %at = getelementptr inbounds [128 x i32], ptr addrspace(3) @a, i64 0, i64 %tw
  %bt = getelementptr inbounds [128 x i32], ptr addrspace(3) @b, i64 0, i64 %tw
  %bt1 = getelementptr inbounds i32, ptr addrspace(3) %bt, i64 1
  %src = select i1 %c, ptr addrspace(3) %at, ptr addrspace(3) %bt1
  %dst = select i1 %c, ptr addrspace(3) %bt, ptr addrspace(3) %at
  store i32 1, ptr addrspace(3) %src, align 4
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %dst, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: @pos_one_of_them(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_one_of_them(ptr addrspace(1) noalias %out, i1 %c) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %p = select i1 %c, ptr addrspace(3) @a, ptr addrspace(3) @b
  %ps = getelementptr inbounds i32, ptr addrspace(3) %p, i64 %tw
  store i32 1, ptr addrspace(3) %ps, align 4
  call void @llvm.nvvm.barrier0()
  %pa = getelementptr inbounds [128 x i32], ptr addrspace(3) @a, i64 0, i64 %tw
  %v = load i32, ptr addrspace(3) %pa, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: @neg_by_thread(
; CHECK:         load i32
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_by_thread(ptr addrspace(1) noalias %out) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %odd = trunc i32 %t to i1
  %src = select i1 %odd, ptr addrspace(3) @a, ptr addrspace(3) @b
  %dst = select i1 %odd, ptr addrspace(3) @b, ptr addrspace(3) @a
  %pr = getelementptr inbounds i32, ptr addrspace(3) %src, i64 %xw
  %v = load i32, ptr addrspace(3) %pr, align 4
  call void @llvm.nvvm.barrier0()
  %pd = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %tw
  store i32 %v, ptr addrspace(3) %pd, align 4
  ret void
}

; CHECK-LABEL: @neg_same_turn(
; CHECK:         load i32
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_same_turn(ptr addrspace(1) noalias %out, i1 noundef %c) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %src = select i1 %c, ptr addrspace(3) @a, ptr addrspace(3) @b
  %pr = getelementptr inbounds i32, ptr addrspace(3) %src, i64 %xw
  %v = load i32, ptr addrspace(3) %pr, align 4
  call void @llvm.nvvm.barrier0()
  %pd = getelementptr inbounds i32, ptr addrspace(3) %src, i64 %tw
  store i32 %v, ptr addrspace(3) %pd, align 4
  ret void
}

; CHECK-LABEL: @neg_two_conditions(
; CHECK:         load i32
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_two_conditions(ptr addrspace(1) noalias %out, i1 noundef %c, i1 noundef %d) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %src = select i1 %c, ptr addrspace(3) @a, ptr addrspace(3) @b
  %dst = select i1 %d, ptr addrspace(3) @b, ptr addrspace(3) @a
  %pr = getelementptr inbounds i32, ptr addrspace(3) %src, i64 %xw
  %v = load i32, ptr addrspace(3) %pr, align 4
  call void @llvm.nvvm.barrier0()
  %pd = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %tw
  store i32 %v, ptr addrspace(3) %pd, align 4
  ret void
}

; CHECK-LABEL: @neg_plain_params(
; CHECK:         load i32
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_plain_params(ptr addrspace(1) %x, ptr addrspace(1) %y, i1 noundef %c) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %src = select i1 %c, ptr addrspace(1) %x, ptr addrspace(1) %y
  %dst = select i1 %c, ptr addrspace(1) %y, ptr addrspace(1) %x
  %pr = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %xw
  %v = load i32, ptr addrspace(1) %pr, align 4
  call void @llvm.nvvm.barrier0()
  %pd = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %tw
  store i32 %v, ptr addrspace(1) %pd, align 4
  ret void
}
