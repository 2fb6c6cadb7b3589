; A kernel another function calls runs as a device function (the plugin
; analyses it so; the driver refuses the module): its barrier.sync, reached
; by the first warp only, puts the warps one phase apart at the caller's
; __syncthreads (barrier 0), and neither of the exchange's two adjacent
; barriers goes. It had been filed as a kernel's barrier.sync, which counts
; only in its own function, and one was removed (campaign AJ4: the simulator
; found one warp's write racing with the other's read).
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @called() {
  call void @llvm.nvvm.barrier.sync(i32 0)
  ret void
}

; CHECK-LABEL: @caller(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @caller(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %early, label %exchange
early:
  call void @called()
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
  ret void
}
