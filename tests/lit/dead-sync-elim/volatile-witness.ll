; A volatile access may use addresses outside any object (LangRef: it proves
; nothing defined about its address), so it bounds no loop counter. An i8
; counter wraps at iteration 128 (n = 129): i = -128 stores @arr[tid], which
; thread tid - 1 loads after the barrier. The counter rule once took the
; volatile load of @w[sext(i)] for an in-bounds witness and removed the
; barrier with a proof (campaign AZ; with the load deleted from the output,
; the simulator showed the race).
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '*,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER: llvm.nvvm.barrier0 kept
; CHECK-LABEL: @k(
; CHECK: call void @llvm.nvvm.barrier0()

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@w = dso_local addrspace(3) global [16 x i8] undef, align 4
@arr = dso_local addrspace(3) global [65536 x i8] undef, align 4

define ptx_kernel void @k(ptr noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sx = sext i8 %i to i32
  %sx64 = sext i8 %i to i64
  %pw = getelementptr i8, ptr addrspace(3) @w, i32 %sx
  %wv = load volatile i8, ptr addrspace(3) %pw
  %o1 = add i32 %sx, 128
  %o2 = shl i32 %o1, 6
  %o3 = add i32 %o2, %tid
  %pa = getelementptr i8, ptr addrspace(3) @arr, i32 %o3
  store i8 7, ptr addrspace(3) %pa
  %i.next = add i8 %i, 1
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %n
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
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
declare ptr addrspace(3) @llvm.ptrmask.p3.i32(ptr addrspace(3), i32)
declare ptr @llvm.launder.invariant.group.p0(ptr)
declare void @llvm.assume(i1)
