; ScalarEvolution keeps one add recurrence {0,+,1} per loop and shape, and
; writes the no-wrap flag one phi's `add nsw` earns onto it; a trunc of a
; wider counter maps to the same recurrence and wraps without poison
; (llvm-project#80430). Here %j wraps to -128 at iteration 128 (n = 129):
; thread t stores @arr[t], which thread t - 1 loads after the barrier
; (simulate --diff showed the race). A rule that trusted the recurrence's
; flags, or accesses whose ScalarEvolution form folded them in, removed the
; barrier with a proof (campaign BA); the barrier must stay.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '*,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER: llvm.nvvm.barrier0 kept
; CHECK-LABEL: @k(
; CHECK: call void @llvm.nvvm.barrier0()

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@arr2 = dso_local addrspace(3) global [131072 x i8] undef, align 4
@arr = dso_local addrspace(3) global [65536 x i8] undef, align 4

define ptx_kernel void @k(ptr noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %body ]
  %c32 = phi i32 [ 0, %entry ], [ %c32.next, %body ]
  %j = trunc i32 %c32 to i8
  %early = icmp ult i32 %c32, 100
  br i1 %early, label %useI, label %body
useI:
  %ix = sext i8 %i to i32
  %ix10 = shl i32 %ix, 10
  %ixt = add i32 %ix10, %tid
  %pi = getelementptr i8, ptr addrspace(3) @arr2, i32 %ixt
  store i8 1, ptr addrspace(3) %pi
  br label %body
body:
  %sx = sext i8 %j to i32
  %o1 = add i32 %sx, 128
  %o2 = shl i32 %o1, 6
  %o3 = add i32 %o2, %tid
  %pa = getelementptr i8, ptr addrspace(3) @arr, i32 %o3
  store i8 7, ptr addrspace(3) %pa
  %i.next = add nsw i8 %i, 1
  %c32.next = add i32 %c32, 1
  %c = icmp slt i32 %c32.next, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %t1 = add i32 %tid, 1
  %pr = getelementptr i8, ptr addrspace(3) @arr, i32 %t1
  %v = load i8, ptr addrspace(3) %pr
  %t64 = zext i32 %tid to i64
  %po = getelementptr i8, ptr %out, i64 %t64
  store i8 %v, ptr %po
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
