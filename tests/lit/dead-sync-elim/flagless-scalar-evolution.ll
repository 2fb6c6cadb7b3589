; ScalarEvolution keeps one add recurrence per loop and shape, and writes the
; no-wrap flag one instruction's `add nsw` earns onto it; every other value of
; that shape then reads the flag, though only the first's poison justifies it
; (llvm-project#80430). Both kernels store @arr[(sext(j) + 128) * 64 + t] in a
; loop of 200 iterations where j is an i8 that wraps to -128 at iteration 128
; without poison, so thread t stores @arr[t] there, which thread t - 1 loads
; after the barrier: the barrier is needed (simulate --diff shows the race).
; A sibling i8 counter %i with `add nsw` has the same recurrence {0,+,1}; with
; its flag, ScalarEvolution folds sext(j) into {0,+,1}<i32>, which the 200
; iterations bound to [0, 199]. The address model read that form, and the
; build before core/FlaglessScalarEvolution removed both barriers with a
; proof. In @trunc_counter j is a trunc of the i32 counter, in @twin_phis a
; phi of its own.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '*,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER: trunc_counter (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER: twin_phis (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER: flags_kept (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECK-LABEL: @trunc_counter(
; CHECK: call void @llvm.nvvm.barrier0()
; CHECK-LABEL: @twin_phis(
; CHECK: call void @llvm.nvvm.barrier0()

; The model's ScalarEvolution is built while the function's flags are
; stripped; they come back afterwards, whatever the pass decides.
; CHECK-LABEL: @flags_kept(
; CHECK: %a = add nuw nsw i32 %tid, 1
; CHECK: %m = mul nsw i32 %a, 4
; CHECK: %s = shl nuw i32 %m, 1
; CHECK: %d = lshr exact i32 %s, 1
; CHECK: %o = or disjoint i32 %d, 1
; CHECK: %z = zext nneg i32 %o to i64
; CHECK: %tr = trunc nuw nsw i64 %z to i32
; CHECK: %p = getelementptr inbounds nuw i8, ptr addrspace(3) @arr, i32 %tr
; CHECK-NOT: barrier0
; CHECK: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@arr2 = dso_local addrspace(3) global [131072 x i8] undef, align 4
@arr = dso_local addrspace(3) global [65536 x i8] undef, align 4

define ptx_kernel void @trunc_counter(ptr noalias %out, i32 %n) {
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
  %c = icmp slt i32 %c32.next, 200
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
define ptx_kernel void @twin_phis(ptr noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %body ]
  %j = phi i8 [ 0, %entry ], [ %j.next, %body ]
  %c32 = phi i32 [ 0, %entry ], [ %c32.next, %body ]
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
  %j.next = add i8 %j, 1
  %c32.next = add i32 %c32, 1
  %c = icmp slt i32 %c32.next, 200
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
define ptx_kernel void @flags_kept(ptr noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = add nuw nsw i32 %tid, 1
  %m = mul nsw i32 %a, 4
  %s = shl nuw i32 %m, 1
  %d = lshr exact i32 %s, 1
  %o = or disjoint i32 %d, 1
  %z = zext nneg i32 %o to i64
  %tr = trunc nuw nsw i64 %z to i32
  %p = getelementptr inbounds nuw i8, ptr addrspace(3) @arr, i32 %tr
  store i8 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i8, ptr addrspace(3) %p
  %t64 = zext i32 %tid to i64
  %po = getelementptr i8, ptr %out, i64 %t64
  store i8 %v, ptr %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
