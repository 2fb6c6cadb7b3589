; Branches that differ between threads although UniformityInfo or the
; induction-variable rule took them for uniform. A barrier under such a branch
; is reached by some threads only: it stays, and it separates no regions.
; - An induction variable read after its loop tells how many iterations a
;   thread ran, which differs between threads when the loop's exit does. It is
;   the same in every thread only inside its loop. The address variant took a
;   branch on it for uniform; @neg_exit_count then lost its first barrier
;   ("the divergent one below orders everything"), and @neg_exit_count_arms
;   its barrier.sync in the short arm (non-aligned barrier.sync may be
;   divergent, and a thread that skips one meets the others' next one).
; - A volatile load may read another value in each thread: it is how CUDA
;   code polls a flag that another thread sets. NVPTX's UniformityInfo calls a
;   load of one address uniform; the dataflow and address variants lost the
;   barrier.sync of @neg_volatile_flag's first arm, and of @neg_volatile_phi's
;   (the flag's value merged by a phi).
; - What such a value decides varies too, as UniformityInfo follows its own
;   sources: an operation on it (a vector lane, a load through it as an
;   address), a phi at the join of a branch on it, a loop's counter after a
;   loop whose exit is decided by it. Each of @neg_join_phi, @neg_load_through,
;   @neg_vector_lane and @neg_poll_count lost its first arm's barrier.sync.
; - ScalarEvolution reads undef - undef as 0: a counter that starts there
;   seemed the same in every thread (@neg_undef_counter). An invoke's result
;   is no call's for UniformityInfo (@neg_invoke).
; - Threads that exit never reach the join after their branch, though the
;   IR may branch on after llvm.nvvm.exit (clang writes unreachable): the
;   join of @neg_exit_then_branch was taken for a point every thread
;   reaches, and its barrier, which orders row 0's store before the other
;   rows' loads (exited threads count as arrived), was removed.
; - The walk over a divergent branch's region stopped at blocks an earlier
;   walk had marked, whose own walk had stopped at an earlier join: in
;   @neg_loop_exit_region the loop's divergent exit missed the latch, behind
;   the diamond at the loop's top, and the address variant removed its
;   barrier (threads leave the loop after different numbers of iterations).
; - @pos_stride_loop: inside its loop, an induction variable with a uniform
;   start and step is the same in every thread (for (k = 0; k < n; k +=
;   blockDim.x)), though UniformityInfo calls ntid divergent: its barrier,
;   which orders nothing, goes.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s --check-prefixes=CHECK,FLOW
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s --check-prefixes=CHECK,ADDR
; RUN: %xwarp check %s --variant address --block-dim 64,1,1 | FileCheck %s --check-prefix=CHECKER

; CHECKER: neg_exit_count (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_exit_count_arms (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept
; CHECKER: neg_volatile_flag (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept
; CHECKER: neg_volatile_phi (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_join_phi (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_load_through (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_vector_lane (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_poll_count (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_undef_counter (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_invoke (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_exit_then_branch (kernel)
; CHECKER-NEXT: llvm.nvvm.exit exempt
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_loop_exit_region (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: pos_stride_loop (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef, align 4
@s2 = internal addrspace(3) global [1024 x i32] undef, align 4
@flag = internal addrspace(3) global i32 undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.exit()

; Threads below 32 run the loop twice, the others ten times; only the first
; reach the second barrier. The first orders s[t] before the load of s[t+32].
; CHECK-LABEL: @neg_exit_count(
; CHECK:       store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK:       then:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_exit_count(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %small = icmp ult i32 %t, 32
  %lim = select i1 %small, i32 2, i32 10
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i1, %lim
  br i1 %c, label %loop, label %after
after:
  %d = icmp ult i32 %i1, 5
  br i1 %d, label %then, label %done
then:
  call void @llvm.nvvm.barrier0()
  %t2 = add nuw nsw i32 %t, 32
  %p2 = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t2
  %v = load i32, ptr addrspace(3) %p2
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br label %done
done:
  ret void
}

; Each thread counts the nonzero words of its column, and the count picks the
; arm. A thread of the short arm arrives at the join's barrier.sync together
; with the long arm's first one: its load of s2[t^32] would race with the
; long arm's store.
; CHECK-LABEL: @neg_exit_count_arms(
; CHECK:       short:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       long:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       join:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_exit_count_arms(ptr addrspace(1) %data, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %t, 32
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = shl nuw nsw i32 %i, 6
  %idx = add nuw nsw i32 %row, %t
  %pd = getelementptr inbounds i32, ptr addrspace(1) %data, i32 %idx
  %w = load i32, ptr addrspace(1) %pd
  %i1 = add nuw nsw i32 %i, 1
  %nz = icmp ne i32 %w, 0
  br i1 %nz, label %loop, label %after
after:
  %few = icmp ult i32 %i, 2
  br i1 %few, label %short, label %long
short:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
long:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %px = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %a = load i32, ptr addrspace(3) %px
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %a, ptr addrspace(3) %pb
  br label %join
join:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; Thread 32 sets the flag while the others poll it: each thread may read 0 or
; 1, and the arms are taken by different threads.
; CHECK-LABEL: @neg_volatile_flag(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       one:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_volatile_flag(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %t, 32
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %start
init:
  store volatile i32 0, ptr addrspace(3) @flag
  br label %start
start:
  call void @llvm.nvvm.barrier0()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  %setter = icmp eq i32 %t, 32
  br i1 %setter, label %set, label %poll
set:
  store volatile i32 1, ptr addrspace(3) @flag
  br label %poll
poll:
  %f = load volatile i32, ptr addrspace(3) @flag
  %unset = icmp eq i32 %f, 0
  br i1 %unset, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %px = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %a = load i32, ptr addrspace(3) %px
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %a, ptr addrspace(3) %pb
  br label %join
join:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; The polled value reaches the branch through a phi at a uniform join.
; CHECK-LABEL: @neg_volatile_phi(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       one:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_volatile_phi(i1 %poll, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f0 = load volatile i32, ptr addrspace(3) @flag
  br i1 %poll, label %merge, label %skip
skip:
  br label %merge
merge:
  %f = phi i32 [ %f0, %entry ], [ 1, %skip ]
  %unset = icmp eq i32 %f, 0
  br i1 %unset, label %zero, label %one
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
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; A phi at the join of a branch on the polled flag.
; CHECK-LABEL: @neg_join_phi(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_join_phi(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = load volatile i32, ptr addrspace(3) @flag
  %zf = icmp eq i32 %f, 0
  br i1 %zf, label %left, label %right
left:
  br label %merge
right:
  br label %merge
merge:
  %k = phi i32 [ 0, %left ], [ 1, %right ]
  %unset = icmp eq i32 %k, 0
  br i1 %unset, label %zero, label %one
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
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; The flag picks the word of a table that is read.
; CHECK-LABEL: @neg_load_through(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_load_through(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = load volatile i32, ptr addrspace(3) @flag
  %pt = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %f
  %k = load i32, ptr addrspace(3) %pt
  %unset = icmp eq i32 %k, 0
  br i1 %unset, label %zero, label %one
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
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; The flag goes through a vector lane.
; CHECK-LABEL: @neg_vector_lane(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_vector_lane(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = load volatile i32, ptr addrspace(3) @flag
  %v = insertelement <2 x i32> zeroinitializer, i32 %f, i32 1
  %k = extractelement <2 x i32> %v, i32 1
  %unset = icmp eq i32 %k, 0
  br i1 %unset, label %zero, label %one
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
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; Each thread polls the flag at most three times; how many times it did
; picks the arm.
; CHECK-LABEL: @neg_poll_count(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_poll_count(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %poll
poll:
  %n = phi i32 [ 0, %entry ], [ %n1, %poll ]
  %n1 = add nuw nsw i32 %n, 1
  %f = load volatile i32, ptr addrspace(3) @flag
  %zf = icmp eq i32 %f, 0
  %more = icmp ult i32 %n1, 3
  %again = and i1 %zf, %more
  br i1 %again, label %poll, label %after
after:
  %unset = icmp eq i32 %n, 0
  br i1 %unset, label %zero, label %one
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
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; A counter from undef - undef, four rounds.
; CHECK-LABEL: @neg_undef_counter(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_undef_counter(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = sub i32 undef, undef
  br label %loop
loop:
  %i = phi i32 [ %start, %entry ], [ %i1, %latch ]
  %k = phi i32 [ 0, %entry ], [ %k1, %latch ]
  %unset = icmp slt i32 %i, 1
  br i1 %unset, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %latch
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pb = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %pb
  br label %latch
latch:
  %i1 = add i32 %i, 1
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k1, 4
  br i1 %more, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %pr = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s2, i32 0, i32 %x
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
}

; Each thread's own word, read through an invoke.
; CHECK-LABEL: @neg_invoke(
; CHECK:       zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define internal i32 @own_word(ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %t
  %v = load i32, ptr addrspace(1) %p
  ret i32 %v
}
declare i32 @personality(...)
define ptx_kernel void @neg_invoke(ptr addrspace(1) %in, ptr addrspace(1) %out) personality ptr @personality {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = invoke i32 @own_word(ptr addrspace(1) %in) to label %cont unwind label %pad
cont:
  %unset = icmp eq i32 %k, 0
  br i1 %unset, label %zero, label %one
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
  %b = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %q
  ret void
pad:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

; Row 0 publishes s[x] and exits; the other rows read it after the barrier.
; CHECK-LABEL: @neg_exit_then_branch(
; CHECK:       join:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_exit_then_branch(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %tx
  %row0 = icmp eq i32 %ty, 0
  br i1 %row0, label %publish, label %join
publish:
  %ip = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %tx
  %v = load i32, ptr addrspace(1) %ip
  store i32 %v, ptr addrspace(3) %p
  call void @llvm.nvvm.exit()
  br label %join
join:
  call void @llvm.nvvm.barrier0()
  %r = load i32, ptr addrspace(3) %p
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %ty
  store i32 %r, ptr addrspace(1) %op
  ret void
}

; The loop's exit depends on each thread's data; a diamond on the thread's
; parity opens the loop. Only s[t] is touched: the barrier would order
; nothing if every thread reached it.
; CHECK-LABEL: @neg_loop_exit_region(
; CHECK:       latch:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_loop_exit_region(ptr addrspace(1) %data) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  %odd = and i32 %t, 1
  %even = icmp eq i32 %odd, 0
  br label %top
top:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  br i1 %even, label %left, label %right
left:
  store i32 1, ptr addrspace(3) %p
  br label %latch
right:
  store i32 2, ptr addrspace(3) %p
  br label %latch
latch:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  %i1 = add nuw nsw i32 %i, 1
  %row = shl nuw nsw i32 %i, 6
  %idx = add nuw nsw i32 %row, %t
  %pd = getelementptr inbounds i32, ptr addrspace(1) %data, i32 %idx
  %w = load i32, ptr addrspace(1) %pd
  %again = icmp ne i32 %w, %v
  br i1 %again, label %top, label %done
done:
  ret void
}

; Each thread touches only s[t] around the barrier; the loop's exit is the
; same in every thread.
; CHECK-LABEL: @pos_stride_loop(
; CHECK:       loop:
; ADDR-NOT:    call void @llvm.nvvm.barrier0()
; FLOW:        call void @llvm.nvvm.barrier0()
; CHECK:       exit:
define ptx_kernel void @pos_stride_loop(i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  store i32 %k, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  %k1 = add nsw i32 %k, %nt
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
