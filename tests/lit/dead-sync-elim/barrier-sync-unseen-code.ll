; Code the module does not show may run a barrier.sync (campaign AJ3): a
; function of another unit (-rdc) or a call through a pointer, convergent as
; clang declares every CUDA function. Called by the first warp only, such a
; barrier.sync would put the warps one phase apart, so every full barrier on
; any resource is partial: of the exchange's two adjacent barriers neither
; goes (one was removed, proved; linked with a definition that runs
; barrier.sync(0), the simulator found one warp's write racing with the
; other's read). A call that is not convergent may be taken to run no barrier
; (LLVM's rule for the attribute): barrier-sync-phases.ll, @pos_plain_call.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant dataflow --block-dim 64,1,1 | FileCheck %s --check-prefix=CHECKER

; CHECKER:      neg_other_unit (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} shares its barrier resource with a partial barrier or a barrier.sync some threads may skip
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} shares its barrier resource with a partial barrier or a barrier.sync some threads may skip
; CHECKER:      neg_through_pointer (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} shares its barrier resource with a partial barrier or a barrier.sync some threads may skip
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} shares its barrier resource with a partial barrier or a barrier.sync some threads may skip

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

declare void @helper() #0
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @neg_other_unit(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_other_unit(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %early, label %exchange
early:
  call void @helper() #0
  br label %exchange
exchange:
  %own = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %own
  call void @llvm.nvvm.barrier.sync(i32 0)
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %other = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %other
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: @neg_through_pointer(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_through_pointer(ptr addrspace(1) %out, ptr %callee) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %early, label %exchange
early:
  call void %callee() #0
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

attributes #0 = { convergent }
