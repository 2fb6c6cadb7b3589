; Cycles with two entries, which LoopInfo does not take for loops (no header
; dominates them): no ScalarEvolution recurrence and no loop of LoopInfo
; describes their counters, so what the induction-variable rule and iter(L)
; do for natural loops must come from elsewhere.
; - @neg_counter: each visit of %a stores s[t + i], and i grows by 2 per
;   visit, so thread t+2's next store hits thread t's slot: a WAW across the
;   barrier that only values of two different visits show. The phi is an
;   opaque leaf with its own value in each event; the barrier stays (the
;   simulator finds the race once it is gone, last RUN line).
; - @neg_poll_count: @neg_poll_count of hidden-divergence.ll with its polling
;   cycle entered at either block. The count after the cycle differs between
;   threads (the volatile flag decides the exit); both arms' barrier.sync stay.
; - @pos_private_slot: the same cycle as @neg_counter, but each thread stores
;   only its own s[t]: the address variant removes the barrier (proved).
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s --check-prefixes=CHECK,KEEP
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s --check-prefixes=CHECK,KEEP
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s --check-prefixes=CHECK,ADDR
; RUN: %xwarp check %s --variant address --block-dim 64,1,1 | FileCheck %s --check-prefix=CHECKER
; RUN: sed -e '/call void @llvm.nvvm.barrier0()/d' %s > %t.nobarrier.ll
; RUN: %xwarp simulate %t.nobarrier.ll --kernel neg_counter --cta 64,1,1 --int-args 1,5 | FileCheck %s --check-prefix=RACE

; CHECKER: neg_counter (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} write above / write below in shared memory
; CHECKER: neg_poll_count (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: pos_private_slot (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER: 1 removed with address; 1 proved, 0 refuted, 0 unknown

; RACE: neg_counter: race between threads {{[0-9]+}} and {{[0-9]+}} on @s+

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [4096 x i32] undef, align 4
@s2 = internal addrspace(3) global [1024 x i32] undef, align 4
@flag = internal addrspace(3) global i32 undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @neg_counter(
; CHECK:       store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_counter(i1 %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %c, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib1, %b ]
  %x = add i32 %t, %ia
  %p = getelementptr [4096 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %ia1 = add i32 %ia, 1
  %done = icmp sge i32 %ia1, %n
  br i1 %done, label %exit, label %b
b:
  %ib = phi i32 [ 0, %entry ], [ %ia1, %a ]
  %ib1 = add i32 %ib, 1
  br label %a
exit:
  ret void
}

; CHECK-LABEL: @neg_poll_count(
; CHECK:       {{^}}zero:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:  call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_poll_count(ptr addrspace(1) %out, i1 %c) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %c, label %poll, label %extra
poll:
  %n = phi i32 [ 0, %entry ], [ %m1, %extra ]
  %n1 = add nuw nsw i32 %n, 1
  %f = load volatile i32, ptr addrspace(3) @flag
  %zf = icmp eq i32 %f, 0
  %more = icmp ult i32 %n1, 3
  %again = and i1 %zf, %more
  br i1 %again, label %extra, label %after
extra:
  %m = phi i32 [ 0, %entry ], [ %n1, %poll ]
  %m1 = add nuw nsw i32 %m, 1
  br label %poll
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
  %v = load i32, ptr addrspace(3) %pr
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: @pos_private_slot(
; CHECK:       store i32 %t, ptr addrspace(3) %p
; KEEP-NEXT:   call void @llvm.nvvm.barrier0()
; ADDR-NOT:    call void @llvm.nvvm.barrier0()
; CHECK:       {{^}}exit:
define ptx_kernel void @pos_private_slot(i1 %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %c, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib1, %b ]
  %p = getelementptr [4096 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %ia1 = add i32 %ia, 1
  %done = icmp sge i32 %ia1, %n
  br i1 %done, label %exit, label %b
b:
  %ib = phi i32 [ 0, %entry ], [ %ia1, %a ]
  %ib1 = add i32 %ib, 1
  br label %a
exit:
  ret void
}
