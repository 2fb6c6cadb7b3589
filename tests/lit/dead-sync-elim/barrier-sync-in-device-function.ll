; A barrier.sync (PTX's, without .aligned) in a device function may be
; called where the threads of the CTA have gone apart, as here: the first
; warp arrives at it once, before the exchange, and the second warp never.
; Every barrier on its resource pairs with it, the kernel's __syncthreads
; (barrier 0) too: of the exchange's two adjacent barriers neither goes (one
; was removed, proved, and the second warp's write of s[t] raced with the
; first warp's read of s[t^32]). See barrier-sync-phases.ll.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant dataflow --block-dim 64,1,1 | FileCheck %s --check-prefix=CHECKER

; CHECKER:      neg_device_barrier_sync (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} shares its barrier resource with a partial barrier or a barrier.sync some threads may skip
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} shares its barrier resource with a partial barrier or a barrier.sync some threads may skip

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @device_sync() {
  call void @llvm.nvvm.barrier.sync(i32 0)
  ret void
}

; CHECK-LABEL: @neg_device_barrier_sync(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_device_barrier_sync(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %early, label %exchange
early:
  call void @device_sync()
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

