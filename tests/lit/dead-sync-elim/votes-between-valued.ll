; A plain barrier between two valued barriers whose results are used, with
; only a read between them (campaign AO). Each valued barrier's vote is an
; access of its own object: the read of the first's result above and the
; vote of the second below conflict at flag precision (dataflow keeps it),
; not as addresses (four-map and address remove it). Dataflow's report and
; remark gave no reason: its witness search looked at shared and global only.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' -pass-remarks-missed=dead-sync-elim %s 2>%t.remarks \
; RUN:   | FileCheck %s --check-prefix=KEPT
; RUN: FileCheck %s --check-prefix=REASON < %t.remarks
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s --check-prefix=GONE
; RUN: %opt -S -passes='dead-sync-elim<address>' %s | FileCheck %s --check-prefix=GONE
; REASON: Kept synch in function plain_between_votes: read above / write below in votes memory: vote read of {{.*}} vs vote of {{.*}}
; KEPT:      %v = load i32, ptr addrspace(3) %mine
; KEPT-NEXT: call void @llvm.nvvm.barrier0()
; KEPT-NEXT: %d = call i32 @llvm.nvvm.barrier0.and(i32 %v)
; GONE:      %c = call i32 @llvm.nvvm.barrier0.or(i32 %p)
; GONE-NEXT: %v = load i32, ptr addrspace(3) %mine
; GONE-NEXT: %d = call i32 @llvm.nvvm.barrier0.and(i32 %v)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.or(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @plain_between_votes(ptr addrspace(1) %out, i32 %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr i32, ptr addrspace(3) @s, i64 %t64
  store i32 %t, ptr addrspace(3) %mine
  %c = call i32 @llvm.nvvm.barrier0.or(i32 %p)
  %v = load i32, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier0()
  %d = call i32 @llvm.nvvm.barrier0.and(i32 %v)
  %sum = add i32 %c, %d
  store i32 %sum, ptr addrspace(1) %out
  ret void
}
