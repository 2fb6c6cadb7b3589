; A module-scope variable of local memory (addrspace(5)) is each thread's
; own, whatever space a pointer to it is cast to. Read back through a cast to
; constant memory it looked uniform (a load of constant memory cannot change
; while the kernel runs), so did the branch on it, and one of the exchange's
; two adjacent __syncthreads was removed (proved), though the branch gives
; the first warp an extra barrier.sync(0) before the exchange and the second
; warp one after it (campaign AJ5; llc refuses such casts, so this is IR
; only, as @neg_local_variable of barrier-sync-phases.ll is).
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4
@lv = internal addrspace(5) global i32 0, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @neg_local_global(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:       {{^}}late:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_local_global(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %warp = lshr i32 %t, 5
  store i32 %warp, ptr addrspace(5) @lv, align 4
  %w = load i32, ptr addrspace(4) addrspacecast (ptr addrspace(5) @lv to ptr addrspace(4)), align 4
  %first = icmp eq i32 %w, 0
  br i1 %first, label %early, label %exchange
early:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %exchange
exchange:
  %own = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %own
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  %x = xor i32 %t, 32
  %other = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %other
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br i1 %first, label %done, label %late
late:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %done
done:
  ret void
}
