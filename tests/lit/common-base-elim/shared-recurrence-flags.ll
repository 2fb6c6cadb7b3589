; LLVM's ScalarEvolution keeps one add recurrence per loop and shape and
; writes the no-wrap flag one instruction's `add nsw` earns onto it, where
; every other value of that shape reads it (llvm-project#80430). Each loop
; here runs 200 iterations with an i8 counter %i whose `add nsw` earns the
; flag (it is used only while it has not wrapped) and a twin %j of the same
; recurrence that wraps to -128 at iteration 128 without poison. With the
; flag, sext(%j) read as a counter that never goes negative: common-base-elim
; rewrote @cbe_twin's store through base + sext(j) + 512 off base + c32 + 512,
; and @zs's store through sext(j) off the one through zext(j); from iteration
; 128 on they wrote 256 (and 16384) bytes away (campaigns BB and BC: simulate
; --diff showed different outputs). Without proofs nothing caught it; strict
; mode put them back. The pass's own ScalarEvolution reads no IR flags
; (core/FlaglessScalarEvolution), and neither rewrite happens in any mode.
; (sext(%i) + 1024 may still go off sext(%j) + 512: %i equals %j wherever
; %i is not poison.) In @index_reuse (campaign BD) the data counter %d earns
; the flag, and index reuse rewrote @base[sext(j + j)] as the dominating
; @base[c + 5] plus sext(j): the same fault through another rewrite.
; RUN: %opt -S -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -S -passes='common-base-elim<verify=report>' %s | FileCheck %s
; RUN: %xwarp simulate %s --diff --passes cbe --verify off --cta 2,1,1 --schedules 2 | FileCheck %s --check-prefix=SIM
; SIM: optimized: 0 new races, 0 output differences
; CHECK-LABEL: @cbe_twin(
; CHECK:         %pb = getelementptr i8, ptr %base, i32 %o2
; CHECK:         store i8 %nv, ptr %pb
; CHECK-LABEL: @index_reuse(
; CHECK:         %pp = getelementptr i8, ptr %base, i64 %sx
; CHECK-NEXT:    store i8 77, ptr %pp
; CHECK-LABEL: @zs(
; CHECK:         store i8 7, ptr addrspace(3) %pa
; CHECK:         store i8 9, ptr addrspace(3) %pb

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@arr = dso_local addrspace(3) global [65536 x i8] undef, align 4
@arr2 = dso_local addrspace(3) global [65536 x i8] undef, align 4

define ptx_kernel void @cbe_twin(ptr noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tb = mul i32 %tid, 2048
  %base = getelementptr i8, ptr %out, i32 %tb
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %body ]
  %j = phi i8 [ 0, %entry ], [ %j.next, %body ]
  %c32 = phi i32 [ 0, %entry ], [ %c32.next, %body ]
  %early = icmp ult i32 %c32, 100
  br i1 %early, label %useI, label %body
useI:
  %ix = sext i8 %i to i32
  %ixo = add i32 %ix, 1024
  %pi = getelementptr i8, ptr %base, i32 %ixo
  store i8 1, ptr %pi
  br label %body
body:
  %sx = sext i8 %j to i32
  %o1 = add i32 %sx, 512
  %pa = getelementptr i8, ptr %base, i32 %o1
  store i8 7, ptr %pa
  %o2 = add i32 %c32, 512
  %pb = getelementptr i8, ptr %base, i32 %o2
  %old = load i8, ptr %pb
  %nv = add i8 %old, 3
  store i8 %nv, ptr %pb
  %i.next = add nsw i8 %i, 1
  %j.next = add i8 %j, 1
  %c32.next = add i32 %c32, 1
  %c = icmp slt i32 %c32.next, 200
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define ptx_kernel void @index_reuse(ptr noalias %out, ptr noalias %o2, ptr noalias %dd) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tb = mul i32 %tid, 2048
  %tb1 = add i32 %tb, 1024
  %base = getelementptr i8, ptr %out, i32 %tb1
  %base2 = getelementptr i8, ptr %o2, i32 %tb
  br label %loop
loop:
  %d = phi i8 [ 5, %entry ], [ %d.next, %latch ]
  %j = phi i8 [ 5, %entry ], [ %j.next, %latch ]
  %c64 = phi i64 [ 0, %entry ], [ %c64.next, %latch ]
  %c5 = add i64 %c64, 5
  %qi = getelementptr i8, ptr %base, i64 %c5
  %qv = load i8, ptr %qi
  %qn = add i8 %qv, 1
  store i8 %qn, ptr %qi
  %early = icmp ult i64 %c64, 100
  br i1 %early, label %useD, label %body
useD:
  %dp = getelementptr i8, ptr %dd, i8 %d
  store i8 %d, ptr %dp
  br label %body
body:
  %lo = icmp ult i64 %c64, 59
  %hi0 = icmp uge i64 %c64, 187
  %hi1 = icmp ult i64 %c64, 251
  %hi = and i1 %hi0, %hi1
  %ok = or i1 %lo, %hi
  br i1 %ok, label %P, label %mid
P:
  %s2 = add nsw i8 %j, %j
  %sx = sext i8 %s2 to i64
  %pp = getelementptr i8, ptr %base, i64 %sx
  store i8 77, ptr %pp
  br label %mid
mid:
  %odd = and i64 %c64, 1
  %isodd = icmp eq i64 %odd, 0
  br i1 %isodd, label %A, label %B
A:
  %ja0 = add i8 %j, 2
  %ja = add i8 %ja0, -2
  %zx = sext i8 %ja to i32
  %a2 = add i32 %zx, 600
  %a3 = add i32 %a2, 400
  %pa = getelementptr i8, ptr %base2, i32 %a3
  store i8 7, ptr %pa
  br label %latch
B:
  %jb0 = add i8 %j, 3
  %jb = add i8 %jb0, -3
  %zy = sext i8 %jb to i32
  %b2 = add i32 %zy, 601
  %b3 = add i32 %b2, 400
  %pb = getelementptr i8, ptr %base2, i32 %b3
  store i8 9, ptr %pb
  br label %latch
latch:
  %d.next = add nsw i8 %d, 1
  %j.next = add i8 %j, 1
  %c64.next = add i64 %c64, 1
  %c = icmp ult i64 %c64.next, 256
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
define ptx_kernel void @zs(ptr noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %s = add i64 %t64, 16384
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i8 [ 0, %entry ], [ %j.next, %latch ]
  %early = icmp ult i8 %j, 100
  br i1 %early, label %useI, label %body
useI:
  %ix = sext i8 %i to i64
  %ix10 = shl i64 %ix, 6
  %ixt = add i64 %ix10, %s
  %pi = getelementptr i8, ptr addrspace(3) @arr2, i64 %ixt
  store i8 1, ptr addrspace(3) %pi
  br label %body
body:
  %zx = zext i8 %j to i64
  %z1 = shl i64 %zx, 6
  %z2 = add i64 %z1, %s
  %pa = getelementptr i8, ptr addrspace(3) @arr, i64 %z2
  store i8 7, ptr addrspace(3) %pa
  %sx = sext i8 %j to i64
  %s1 = shl i64 %sx, 6
  %s2 = add i64 %s1, %s
  %s3 = add i64 %s2, 32
  %pb = getelementptr i8, ptr addrspace(3) @arr, i64 %s3
  store i8 9, ptr addrspace(3) %pb
  br label %latch
latch:
  %i.next = add nsw i8 %i, 1
  %j.next = add nuw i8 %j, 1
  %c = icmp ult i8 %j.next, 200
  br i1 %c, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %rd = add i64 %t64, 8352
  %pr = getelementptr i8, ptr addrspace(3) @arr, i64 %rd
  %v = load i8, ptr addrspace(3) %pr
  %po = getelementptr i8, ptr %out, i64 %t64
  store i8 %v, ptr %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
