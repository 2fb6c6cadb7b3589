; With 32-bit shared pointers (-fcuda-short-ptr) a byte offset wraps at 2^32.
; An i16 counter i = 0, 256, ... reaches -32768 at iteration 128; the load of
; @w at (sext(i) * 2^24) mod 2^32 is 0 every time, so it is in bounds however
; far i goes and bounds nothing. The stores of iteration 128 reach
; @arr[tid] instead of @arr[tid + 65536], and thread t + 1's store meets
; thread t's load of @arr[t + 1] across the barrier (xwarp simulate --diff
; --cta 4,1,1 --int-args 129 showed the race). The counter rule once took
; the offset for unbounded arithmetic and removed the barrier, with a proof
; (campaign AX). That rule is gone (campaign BA); the barrier must stay.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '*,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER: llvm.nvvm.barrier0 kept
; CHECK-LABEL: @k(
; CHECK: call void @llvm.nvvm.barrier0()

target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@w = dso_local addrspace(3) global [16 x i8] undef, align 4
@arr = dso_local addrspace(3) global [65536 x i8] undef, align 4

define ptx_kernel void @k(ptr noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i16 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi i8 [ 0, %entry ], [ %acc.next, %loop ]
  %sx = sext i16 %i to i32
  %off = mul i32 %sx, 16777216
  %pw = getelementptr i8, ptr addrspace(3) @w, i32 %off
  %wv = load i8, ptr addrspace(3) %pw
  %acc.next = add i8 %acc, %wv
  %o1 = add i32 %sx, 32768
  %o2 = add i32 %o1, %tid
  %pa = getelementptr i8, ptr addrspace(3) @arr, i32 %o2
  store i8 7, ptr addrspace(3) %pa
  %i.next = add i16 %i, 256
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %t1 = add i32 %tid, 1
  %pr = getelementptr i8, ptr addrspace(3) @arr, i32 %t1
  %v = load i8, ptr addrspace(3) %pr
  %r = add i8 %v, %acc.next
  %t64 = zext i32 %tid to i64
  %po = getelementptr i8, ptr %out, i64 %t64
  store i8 %r, ptr %po
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
