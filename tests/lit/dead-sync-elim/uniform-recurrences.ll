; Loop counters and which threads agree on them. NVPTX's UniformityInfo calls
; a read of ntid divergent (it calls every call's result so), so the tree
; reduction's loop (for (s = blockDim.x / 2; s > 32; s >>= 1)) was taken for
; divergent: its barrier was reported as "reached under thread-divergent
; control flow" (undefined behaviour for __syncthreads) and separated
; nothing, so the dataflow variant kept the barrier after the loop. Now
; UniformityInfo runs with what one CTA shares taken for uniform
; (core/CtaUniformity), and does the rest itself.
; - @pos_halving: the loop's barrier is kept for a collision, and the one
;   after the loop, with nothing to order since the loop's, goes.
; Each negative keeps both arms' barrier.sync (a counter that differs between
; threads decides the arm):
; - @neg_outer_from_inner: an outer counter set from an inner loop whose trip
;   count depends on the thread;
; - @neg_two_latches: two latches with their own steps, chosen by thread;
; - @neg_two_entries: two ways into the loop with their own starts;
; - @neg_start_from_loop_exit: the start is what a loop with a per-thread trip
;   count left (campaign AJ; removed by a rule tried first);
; - @neg_inner_exit_to_header: an inner loop with a per-thread trip count
;   exits straight to the outer header, setting the counter (campaign AJ);
; - @neg_reentry_through_outer_latch: some threads leave the inner loop for
;   the outer loop's latch and come back with the counter reset. The join of
;   that branch is the inner loop's header, where the region of the branch
;   ended, so no block looked divergent; ScalarEvolution's recurrence
;   {64,+,-16} looked uniform too. A cycle that some threads leave while
;   others stay runs divergently as a whole (a wrong deletion before this
;   session, found while fixing campaign AJ's).
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant dataflow | FileCheck %s --check-prefix=CHECKER

; CHECKER:      pos_halving (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} write above / read below in shared memory
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} write above / read below in shared memory
; CHECKER:      neg_outer_from_inner (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER:      neg_two_latches (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER:      neg_two_entries (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef, align 4
@s2 = internal addrspace(3) global [1024 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; CHECK-LABEL: @pos_halving(
; CHECK:       {{^}}entry:
; CHECK:         call void @llvm.nvvm.barrier0()
; CHECK:       {{^}}latch:
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:       {{^}}after:
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_halving(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %start = lshr i32 %n, 1
  br label %header
header:
  %st = phi i32 [ %start, %entry ], [ %next, %latch ]
  %more = icmp ugt i32 %st, 32
  br i1 %more, label %body, label %after
body:
  %active = icmp ult i32 %t, %st
  br i1 %active, label %add, label %latch
add:
  %u = add i32 %t, %st
  %q = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %a = load i32, ptr addrspace(3) %q
  %b = load i32, ptr addrspace(3) %p
  %sum = add i32 %a, %b
  store i32 %sum, ptr addrspace(3) %p
  br label %latch
latch:
  call void @llvm.nvvm.barrier0()
  %next = lshr i32 %st, 1
  br label %header
after:
  call void @llvm.nvvm.barrier0()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %done
write:
  %r = load i32, ptr addrspace(3) @s
  store i32 %r, ptr addrspace(1) %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: @neg_outer_from_inner(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_outer_from_inner(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %i, %olatch ]
  %small = icmp ult i32 %o, 2
  br i1 %small, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %pb
  br label %join
join:
  %x = xor i32 %t, 32
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br label %inner
inner:
  %i = phi i32 [ %o, %join ], [ %i1, %inner ]
  %i1 = add i32 %i, 1
  %stay = icmp ult i32 %i1, %t
  br i1 %stay, label %inner, label %olatch
olatch:
  %again = icmp ult i32 %i, 8
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; CHECK-LABEL: @neg_two_latches(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_two_latches(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header
header:
  %st = phi i32 [ 64, %entry ], [ %half, %l1 ], [ %quarter, %l2 ]
  %big = icmp ugt i32 %st, 16
  br i1 %big, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %pb
  br label %join
join:
  %x = xor i32 %t, 32
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  %more = icmp ugt i32 %st, 1
  br i1 %more, label %pick, label %exit
pick:
  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %l1, label %l2
l1:
  %half = lshr i32 %st, 1
  br label %header
l2:
  %quarter = lshr i32 %st, 2
  br label %header
exit:
  ret void
}

; CHECK-LABEL: @neg_two_entries(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_two_entries(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %pa, label %pb
pa:
  br label %header
pb:
  br label %header
header:
  %st = phi i32 [ 64, %pa ], [ 32, %pb ], [ %next, %join ]
  %big = icmp ugt i32 %st, 16
  br i1 %big, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pw = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %pw
  br label %join
join:
  %x = xor i32 %t, 32
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  %next = lshr i32 %st, 1
  %more = icmp ugt i32 %st, 1
  br i1 %more, label %header, label %exit
exit:
  ret void
}


; CHECK-LABEL: @neg_start_from_loop_exit(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_start_from_loop_exit(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %E
E:
  %j = phi i32 [ 0, %entry ], [ %j1, %E ]
  %j1 = add i32 %j, 1
  %st = icmp ult i32 %j1, %t
  br i1 %st, label %E, label %H
H:
  %s = phi i32 [ %j1, %E ], [ %next, %J ]
  %small = icmp ult i32 %s, 2
  call void @llvm.nvvm.barrier.sync(i32 0)
  %ps = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %ps
  br i1 %small, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %J
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x0 = xor i32 %t, 32
  %px = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %x0
  %a = load i32, ptr addrspace(3) %px
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %a, ptr addrspace(3) %pb
  br label %J
J:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  %old = load i32, ptr addrspace(1) %q
  %nv = add i32 %old, %v
  store i32 %nv, ptr addrspace(1) %q
  %next = add i32 %s, 100
  %more = icmp ult i32 %s, 100
  br i1 %more, label %H, label %exit
exit:
  ret void
}

; CHECK-LABEL: @neg_inner_exit_to_header(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_inner_exit_to_header(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %H
H:
  %s = phi i32 [ 0, %entry ], [ %i1, %Ih ]
  %small = icmp ult i32 %s, 2
  call void @llvm.nvvm.barrier.sync(i32 0)
  %ps = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %ps
  br i1 %small, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %J
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x0 = xor i32 %t, 32
  %px = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %x0
  %a = load i32, ptr addrspace(3) %px
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %a, ptr addrspace(3) %pb
  br label %J
J:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  %old = load i32, ptr addrspace(1) %q
  %nv = add i32 %old, %v
  store i32 %nv, ptr addrspace(1) %q
  %done = icmp uge i32 %s, 8
  br i1 %done, label %exit, label %Ih
Ih:
  %i = phi i32 [ %s, %J ], [ %i1, %Ih ]
  %i1 = add i32 %i, 1
  %stay = icmp ult i32 %i1, %t
  br i1 %stay, label %Ih, label %H
exit:
  ret void
}

; CHECK-LABEL: @neg_reentry_through_outer_latch(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_reentry_through_outer_latch(ptr addrspace(1) %out, i32 %arg) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %P
P:
  %fp = phi i32 [ 0, %entry ], [ 1, %J ]
  br label %H
H:
  %s = phi i32 [ 64, %P ], [ %next, %B ]
  %f = phi i32 [ %fp, %P ], [ %f, %B ]
  %fin = icmp slt i32 %s, 1
  br i1 %fin, label %exit, label %body
body:
  %big = icmp sgt i32 %s, 32
  call void @llvm.nvvm.barrier.sync(i32 0)
  %ps = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %ps
  br i1 %big, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %J
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x0 = xor i32 %t, 32
  %px = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %x0
  %a = load i32, ptr addrspace(3) %px
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %a, ptr addrspace(3) %pb
  br label %J
J:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  %old = load i32, ptr addrspace(1) %q
  %nv = add i32 %old, %v
  store i32 %nv, ptr addrspace(1) %q
  %lo = icmp ult i32 %t, 32
  %f0 = icmp eq i32 %f, 0
  %re = and i1 %lo, %f0
  br i1 %re, label %P, label %B
B:
  %next = sub i32 %s, 16
  br label %H
exit:
  ret void
}
